package io.github.ompt4j.model;

/**
 * Modifier bits of an explicit task, passed as {@code flags} with {@code task_begin}. TR2 has no such
 * flags; the bit values are OpenMP 5.x's {@code ompt_task_flag_t}, so that tools written for either
 * version read them the same way. Flags are plain {@code int} bits so that creating a task boxes nothing.
 */
public final class OmptTaskFlag {
    /** The task ran at once on the creating thread ({@code if(false)}, or a final task's child). */
    public static final int UNDEFERRED = 0x08000000;
    /** The task may resume on another thread after a suspension. */
    public static final int UNTIED = 0x10000000;
    /** The task is final: all its descendants are final and included. */
    public static final int FINAL = 0x20000000;
    /** The task is mergeable. */
    public static final int MERGEABLE = 0x40000000;
    /** The task was merged into its parent's data environment. */
    public static final int MERGED = 0x80000000;

    private OmptTaskFlag() {
    }

    /** The flags as {@code undeferred|final}, or {@code none}; for printing. */
    public static String describe(int flags) {
        StringBuilder s = new StringBuilder();
        append(s, flags, UNDEFERRED, "undeferred");
        append(s, flags, UNTIED, "untied");
        append(s, flags, FINAL, "final");
        append(s, flags, MERGEABLE, "mergeable");
        append(s, flags, MERGED, "merged");
        return s.length() == 0 ? "none" : s.toString();
    }

    private static void append(StringBuilder s, int flags, int bit, String name) {
        if ((flags & bit) != 0) {
            s.append(s.length() == 0 ? "" : "|").append(name);
        }
    }
}
