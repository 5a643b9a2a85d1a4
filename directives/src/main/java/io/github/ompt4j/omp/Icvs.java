package io.github.ompt4j.omp;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The internal control variables (ICVs) shared by the whole runtime, read once from the environment.
 * A system property {@code -Domp.<name>} (the variable's name without {@code OMP_}, in lower case, e.g.
 * {@code -Domp.num_threads=4,2}) overrides the environment variable {@code OMP_<NAME>}.
 *
 * <p>nthreads-var is per task (see {@link Task}); the others are global, and the
 * settable ones are volatile so that a setter called on one thread is seen by the next region anywhere.
 */
final class Icvs {
    /** Levels of active parallelism this runtime supports ({@code omp_get_supported_active_levels}). */
    static final int SUPPORTED_ACTIVE_LEVELS = 255;

    private final int[] numThreads;
    private final int threadLimit;
    private final WaitPolicy waitPolicy;
    private final long stackSize;
    private final String displayEnv;
    private volatile Schedule runSchedule;
    private volatile boolean dynamic;
    private volatile int maxActiveLevels;

    private Icvs(int[] numThreads, Schedule runSchedule, boolean dynamic, int maxActiveLevels,
            int threadLimit, WaitPolicy waitPolicy, long stackSize, String displayEnv) {
        this.numThreads = numThreads;
        this.runSchedule = runSchedule;
        this.dynamic = dynamic;
        this.maxActiveLevels = maxActiveLevels;
        this.threadLimit = threadLimit;
        this.waitPolicy = waitPolicy;
        this.stackSize = stackSize;
        this.displayEnv = displayEnv;
    }

    /**
     * The runtime's ICVs; the first call reads the environment and, if asked, displays it.
     *
     * @throws IllegalArgumentException on every call, if the environment has a malformed value
     */
    static Icvs global() {
        Icvs icvs = Holder.GLOBAL;
        if (icvs == null) {
            throw new IllegalArgumentException(Holder.MALFORMED.getMessage());
        }
        return icvs;
    }

    /**
     * Reads the environment once. A malformed value is kept, not thrown from the initializer: that would
     * leave this class unusable, and every later call would throw a {@code NoClassDefFoundError} that no
     * longer says what is wrong.
     */
    private static final class Holder {
        static final Icvs GLOBAL;
        static final IllegalArgumentException MALFORMED;

        static {
            Icvs icvs = null;
            IllegalArgumentException malformed = null;
            try {
                icvs = parse(Icvs::lookup);
            } catch (IllegalArgumentException e) {
                malformed = e;
            }
            GLOBAL = icvs;
            MALFORMED = malformed;
            if (icvs != null && !icvs.displayEnv.equals("FALSE")) {
                icvs.display(System.err);
            }
        }
    }

    private static String lookup(String variable) {
        String property = System.getProperty("omp." + variable.substring(4).toLowerCase(Locale.ROOT));
        return property != null ? property : System.getenv(variable);
    }

    /**
     * Parses the ICVs from {@code lookup}, which maps a variable name ({@code OMP_NUM_THREADS}) to its
     * value or null.
     *
     * @throws IllegalArgumentException for a malformed value, naming the variable, the value and what is
     *     accepted
     */
    static Icvs parse(UnaryOperator<String> lookup) {
        int processors = Runtime.getRuntime().availableProcessors();
        int[] numThreads = numThreads(lookup.apply("OMP_NUM_THREADS"), processors);
        Schedule schedule = schedule(lookup.apply("OMP_SCHEDULE"));
        boolean dynamic = bool("OMP_DYNAMIC", lookup.apply("OMP_DYNAMIC"), false);
        String nested = lookup.apply("OMP_NESTED");
        // OpenMP 5 semantics: without OMP_MAX_ACTIVE_LEVELS, a nested OMP_NUM_THREADS list enables as many
        // active levels as it has entries; the deprecated OMP_NESTED=true enables all, false just one.
        int defaultLevels = numThreads.length > 1 ? numThreads.length : 1;
        if (nested != null) {
            defaultLevels = bool("OMP_NESTED", nested, false) ? SUPPORTED_ACTIVE_LEVELS : 1;
        }
        int maxActiveLevels = Math.min(SUPPORTED_ACTIVE_LEVELS,
                integer("OMP_MAX_ACTIVE_LEVELS", lookup.apply("OMP_MAX_ACTIVE_LEVELS"), 0, defaultLevels));
        int threadLimit = integer("OMP_THREAD_LIMIT", lookup.apply("OMP_THREAD_LIMIT"), 1,
                defaultThreadLimit(processors));
        WaitPolicy waitPolicy = waitPolicy(lookup.apply("OMP_WAIT_POLICY"));
        long stackSize = stackSize(lookup.apply("OMP_STACKSIZE"));
        String display = displayEnv(lookup.apply("OMP_DISPLAY_ENV"));
        return new Icvs(numThreads, schedule, dynamic, maxActiveLevels, threadLimit, waitPolicy, stackSize,
                display);
    }

    /**
     * thread-limit-var when {@code OMP_THREAD_LIMIT} is unset: 16 threads per processor, at least 256. It
     * bounds the pool as a whole (see {@link ThreadPool#reserve}), whichever threads start the regions: a
     * program that starts regions from thousands of threads (a server's requests, virtual threads) would
     * otherwise create a worker for each region running at once, far more than the machine can run, until
     * it ran out of memory for their stacks. A region beyond the limit runs with the threads that are left.
     */
    static int defaultThreadLimit(int processors) {
        return Math.max(256, 16 * processors);
    }

    private static IllegalArgumentException malformed(String variable, String value, String accepted) {
        return new IllegalArgumentException(
                "malformed " + variable + "='" + value + "': expected " + accepted);
    }

    private static int[] numThreads(String value, int processors) {
        if (value == null || value.isBlank()) {
            return new int[] {processors};
        }
        String[] parts = value.split(",", -1);
        int[] list = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            list[i] = parsePositive(parts[i].trim());
            if (list[i] <= 0) {
                throw malformed("OMP_NUM_THREADS", value,
                        "a positive integer or a comma-separated list of them for nested levels, e.g. 4 or 4,2");
            }
        }
        return list;
    }

    private static int parsePositive(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Schedule schedule(String value) {
        if (value == null || value.isBlank()) {
            return Schedule.dynamic();
        }
        try {
            return Schedule.parse(value);
        } catch (IllegalArgumentException e) {
            throw malformed("OMP_SCHEDULE", value,
                    "[monotonic:|nonmonotonic:]static|dynamic|guided|auto[,chunk] with a positive chunk, "
                            + "e.g. dynamic,16");
        }
    }

    private static boolean bool(String variable, String value, boolean absent) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw malformed(variable, value, "true or false");
        }
    }

    private static int integer(String variable, String value, int min, int absent) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        int n = parsePositive(value.trim());
        if (n < min) {
            throw malformed(variable, value, "an integer >= " + min);
        }
        return n;
    }

    private static WaitPolicy waitPolicy(String value) {
        if (value == null || value.isBlank()) {
            return WaitPolicy.DEFAULT;
        }
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "active":
                return WaitPolicy.ACTIVE;
            case "passive":
                return WaitPolicy.PASSIVE;
            default:
                throw malformed("OMP_WAIT_POLICY", value, "active or passive");
        }
    }

    /** {@code OMP_STACKSIZE}: a size with an optional unit B, K, M or G (kilobytes when absent). */
    private static long stackSize(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        String s = value.trim().toUpperCase(Locale.ROOT);
        long unit = 1024;
        char last = s.charAt(s.length() - 1);
        if ("BKMG".indexOf(last) >= 0) {
            unit = last == 'B' ? 1 : last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            s = s.substring(0, s.length() - 1).trim();
        }
        long size;
        try {
            size = Long.parseLong(s);
        } catch (NumberFormatException e) {
            size = -1;
        }
        if (size <= 0 || size > (Long.MAX_VALUE >> 30)) {
            throw malformed("OMP_STACKSIZE", value, "a positive size with an optional unit B, K, M or G, e.g. 8M");
        }
        return size * unit;
    }

    private static String displayEnv(String value) {
        if (value == null || value.isBlank()) {
            return "FALSE";
        }
        String v = value.trim().toUpperCase(Locale.ROOT);
        if (!v.equals("TRUE") && !v.equals("FALSE") && !v.equals("VERBOSE")) {
            throw malformed("OMP_DISPLAY_ENV", value, "true, false or verbose");
        }
        return v;
    }

    /** Prints the ICVs in the format of {@code OMP_DISPLAY_ENV}. */
    void display(PrintStream out) {
        StringBuilder s = new StringBuilder("OPENMP DISPLAY ENVIRONMENT BEGIN\n");
        s.append("  _OPENMP = '201511'\n");
        s.append("  OMP_DYNAMIC = '").append(dynamic ? "TRUE" : "FALSE").append("'\n");
        s.append("  OMP_NESTED = '").append(maxActiveLevels > 1 ? "TRUE" : "FALSE").append("'\n");
        s.append("  OMP_NUM_THREADS = '");
        for (int i = 0; i < numThreads.length; i++) {
            s.append(i == 0 ? "" : ",").append(numThreads[i]);
        }
        s.append("'\n");
        s.append("  OMP_SCHEDULE = '").append(runSchedule.toString().toUpperCase(Locale.ROOT)).append("'\n");
        s.append("  OMP_STACKSIZE = '").append(stackSize == 0 ? "default" : (stackSize / 1024) + "K").append("'\n");
        s.append("  OMP_WAIT_POLICY = '").append(waitPolicy)
                .append(waitPolicy == WaitPolicy.DEFAULT ? " (spins briefly, then parks)" : "").append("'\n");
        s.append("  OMP_THREAD_LIMIT = '").append(threadLimit).append("'\n");
        s.append("  OMP_MAX_ACTIVE_LEVELS = '").append(maxActiveLevels).append("'\n");
        s.append("  OMP_DISPLAY_ENV = '").append(displayEnv).append("'\n");
        s.append("OPENMP DISPLAY ENVIRONMENT END\n");
        out.print(s);
    }

    /** The nthreads-var list of the initial task; entry i is for regions at nesting level i + 1. */
    int[] numThreads() {
        return numThreads;
    }

    Schedule runSchedule() {
        return runSchedule;
    }

    void setRunSchedule(Schedule schedule) {
        if (schedule.kind() == Schedule.Kind.RUNTIME) {
            throw new IllegalArgumentException("run-sched-var cannot be 'runtime'");
        }
        runSchedule = schedule;
    }

    boolean dynamic() {
        return dynamic;
    }

    void setDynamic(boolean dynamic) {
        this.dynamic = dynamic;
    }

    int maxActiveLevels() {
        return maxActiveLevels;
    }

    void setMaxActiveLevels(int levels) {
        if (levels < 0) {
            throw new IllegalArgumentException("max-active-levels must be >= 0, was " + levels);
        }
        maxActiveLevels = Math.min(levels, SUPPORTED_ACTIVE_LEVELS);
    }

    int threadLimit() {
        return threadLimit;
    }

    WaitPolicy waitPolicy() {
        return waitPolicy;
    }

    /** Stack size of worker threads in bytes; 0 means the JVM's default. */
    long stackSize() {
        return stackSize;
    }

    String displayEnv() {
        return displayEnv;
    }
}
