package io.github.ompt4j.model;

/**
 * The commands of {@code ompt_control} (TR2 §8). Codes from {@link #TOOL_SPECIFIC_BASE} on belong to
 * tools; codes 0 and 5 to 63 are reserved and {@link Ompt#control} drops them.
 */
public enum OmptControlCommand {
    /** Start or restart monitoring; no effect after {@link #STOP}. */
    START(1),
    /** Turn monitoring off for now. */
    PAUSE(2),
    /** Flush buffered data and go on monitoring. */
    FLUSH(3),
    /** Turn monitoring off for good; the tool may finalize and write its output. */
    STOP(4);

    /** The first tool-specific command code. */
    public static final long TOOL_SPECIFIC_BASE = 64;

    private final int code;

    OmptControlCommand(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The standard command with this code, or {@code null} for tool-specific and reserved codes. */
    public static OmptControlCommand ofCode(long code) {
        for (OmptControlCommand c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return null;
    }

    /** Whether a tool may receive this code: one of the four standard commands, or a tool-specific one. */
    public static boolean isDefined(long code) {
        return (code >= 1 && code <= 4) || code >= TOOL_SPECIFIC_BASE;
    }
}
