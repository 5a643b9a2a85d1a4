package io.github.ompt4j.omp;

import java.util.Locale;

/**
 * A worksharing-loop schedule: a kind and a chunk size (0 when unspecified). Immutable.
 *
 * <p>{@code static} is a Java keyword, so the static schedules are {@link #staticSchedule()} (blocked:
 * one contiguous block per thread) and {@link #staticChunked(int)} (round-robin chunks).
 */
public final class Schedule {
    /** Schedule kinds; {@link #code()} is the {@code omp_sched_t} value (0 for {@code runtime}). */
    public enum Kind {
        STATIC(1),
        DYNAMIC(2),
        GUIDED(3),
        AUTO(4),
        /** Use the run-sched-var ICV ({@code OMP_SCHEDULE}); not an {@code omp_sched_t} kind. */
        RUNTIME(0);

        private final int code;

        Kind(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    private static final Schedule STATIC = new Schedule(Kind.STATIC, 0);
    private static final Schedule DYNAMIC = new Schedule(Kind.DYNAMIC, 0);
    private static final Schedule GUIDED = new Schedule(Kind.GUIDED, 0);
    private static final Schedule AUTO = new Schedule(Kind.AUTO, 0);
    private static final Schedule RUNTIME = new Schedule(Kind.RUNTIME, 0);

    private final Kind kind;
    private final int chunk;

    private Schedule(Kind kind, int chunk) {
        this.kind = kind;
        this.chunk = chunk;
    }

    /** {@code schedule(static)}: iterations split into one contiguous block per thread. */
    public static Schedule staticSchedule() {
        return STATIC;
    }

    /** {@code schedule(static, chunk)}: chunks handed out round-robin in thread order. */
    public static Schedule staticChunked(int chunk) {
        return new Schedule(Kind.STATIC, positive(chunk));
    }

    /** {@code schedule(dynamic)}: chunks of one iteration, first come, first served. */
    public static Schedule dynamic() {
        return DYNAMIC;
    }

    /** {@code schedule(dynamic, chunk)}. */
    public static Schedule dynamic(int chunk) {
        return new Schedule(Kind.DYNAMIC, positive(chunk));
    }

    /** {@code schedule(guided)}: shrinking chunks proportional to the remaining iterations, at least 1. */
    public static Schedule guided() {
        return GUIDED;
    }

    /** {@code schedule(guided, chunk)}: shrinking chunks, never smaller than {@code chunk}. */
    public static Schedule guided(int chunk) {
        return new Schedule(Kind.GUIDED, positive(chunk));
    }

    /** {@code schedule(auto)}: the runtime chooses; this runtime uses the blocked static schedule. */
    public static Schedule auto() {
        return AUTO;
    }

    /** {@code schedule(runtime)}: the run-sched-var ICV, set by {@code OMP_SCHEDULE} or {@link Omp#setSchedule}. */
    public static Schedule runtime() {
        return RUNTIME;
    }

    /** The schedule of the given kind and chunk (0: unspecified). */
    public static Schedule of(Kind kind, int chunk) {
        if (chunk < 0) {
            throw new IllegalArgumentException("chunk must be positive or 0 (unspecified), was " + chunk);
        }
        if (kind == Kind.RUNTIME || kind == Kind.AUTO) {
            return kind == Kind.AUTO ? AUTO : RUNTIME;
        }
        return chunk == 0 ? of(kind) : new Schedule(kind, chunk);
    }

    private static Schedule of(Kind kind) {
        switch (kind) {
            case STATIC:
                return STATIC;
            case DYNAMIC:
                return DYNAMIC;
            case GUIDED:
                return GUIDED;
            case AUTO:
                return AUTO;
            default:
                return RUNTIME;
        }
    }

    /**
     * Parses an {@code OMP_SCHEDULE} value: {@code [monotonic:|nonmonotonic:]kind[,chunk]} with kind
     * {@code static}, {@code dynamic}, {@code guided} or {@code auto}. Modifiers are accepted and ignored:
     * this runtime's chunks are always handed out in increasing order.
     *
     * @throws IllegalArgumentException naming the accepted forms
     */
    public static Schedule parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        int colon = s.indexOf(':');
        if (colon >= 0) {
            String modifier = s.substring(0, colon).trim();
            if (!modifier.equals("monotonic") && !modifier.equals("nonmonotonic")) {
                throw badSchedule(text);
            }
            s = s.substring(colon + 1).trim();
        }
        int comma = s.indexOf(',');
        String kindText = comma < 0 ? s : s.substring(0, comma).trim();
        Kind kind;
        switch (kindText) {
            case "static":
                kind = Kind.STATIC;
                break;
            case "dynamic":
                kind = Kind.DYNAMIC;
                break;
            case "guided":
                kind = Kind.GUIDED;
                break;
            case "auto":
                kind = Kind.AUTO;
                break;
            default:
                throw badSchedule(text);
        }
        if (comma < 0) {
            return of(kind);
        }
        int chunk;
        try {
            chunk = Integer.parseInt(s.substring(comma + 1).trim());
        } catch (NumberFormatException e) {
            throw badSchedule(text);
        }
        if (chunk <= 0 || kind == Kind.AUTO) {
            throw badSchedule(text);
        }
        return new Schedule(kind, chunk);
    }

    private static IllegalArgumentException badSchedule(String text) {
        return new IllegalArgumentException("'" + text + "' is not a schedule: expected "
                + "[monotonic:|nonmonotonic:]static|dynamic|guided|auto[,chunk] with a positive chunk "
                + "(no chunk for auto), e.g. dynamic,16");
    }

    private static int positive(int chunk) {
        if (chunk <= 0) {
            throw new IllegalArgumentException("chunk must be positive, was " + chunk);
        }
        return chunk;
    }

    public Kind kind() {
        return kind;
    }

    /** The chunk size; 0 when unspecified. */
    public int chunk() {
        return chunk;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schedule && ((Schedule) o).kind == kind && ((Schedule) o).chunk == chunk;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + chunk;
    }

    /** The {@code OMP_SCHEDULE} spelling, e.g. {@code dynamic,16}. */
    @Override
    public String toString() {
        String name = kind.name().toLowerCase(Locale.ROOT);
        return chunk == 0 ? name : name + "," + chunk;
    }
}
