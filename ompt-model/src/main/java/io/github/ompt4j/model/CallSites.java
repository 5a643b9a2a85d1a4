package io.github.ompt4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Call-site tokens: the Java {@code codeptr_ra}. A token stands for one place in the program
 * (class, method, line) that entered the runtime; it is stable for the JVM's life, never 0, and
 * {@link #describe} turns it back into {@code com.example.Report.build(Report.java:42)}.
 *
 * <p>Finding a call site walks the stack, which costs microseconds, so adapters ask only when a
 * registered callback receives a {@code codeptr} ({@link #wanted}); without such a tool a call site
 * costs one table load. Where the weaver marked the call in the program's own class file, it took the
 * call site's token as it wove the class, and the woven code passes that number: no walk, no lookup.
 */
public final class CallSites {
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final ConcurrentHashMap<String, Long> TOKENS = new ConcurrentHashMap<>();
    private static final List<String> DESCRIPTIONS = new ArrayList<>();
    /** ompt4j's own runtime packages, never a call site. */
    private static final String[] OURS = {"io.github.ompt4j.model.", "io.github.ompt4j.hooks.", "io.github.ompt4j.adapters."};

    private CallSites() {
    }

    /** Whether some callback of {@code event} receives a call site. */
    public static boolean wanted(OmptEvent event) {
        return OmptDispatch.enabled(event);
    }

    /**
     * The token of the innermost frame whose class is not in one of {@code runtimePackages} (package
     * name prefixes, such as the framework's; ompt4j's model and adapters are always skipped), or 0 if every frame is.
     */
    public static long caller(String... runtimePackages) {
        Optional<StackWalker.StackFrame> frame = WALKER.walk(frames -> frames
                .filter(f -> !inAny(f.getClassName(), runtimePackages) && !inAny(f.getClassName(), OURS))
                .findFirst());
        return frame.map(f -> token(f.getClassName(), f.getMethodName(), f.getFileName(), f.getLineNumber())).orElse(0L);
    }

    private static boolean inAny(String className, String[] packages) {
        for (String p : packages) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The token for a place in the program, creating it on first use. */
    public static long token(String className, String method, String file, int line) {
        return token(describe(className, method, file, line));
    }

    /**
     * The token for a place described as {@link #describe} does, creating it on first use. One hash
     * lookup: a description that is a constant of woven code keeps its hash code.
     */
    public static long token(String description) {
        Long token = TOKENS.get(description);
        return token != null ? token : register(description);
    }

    /**
     * How a place in the program is written, as a stack trace writes it: {@code com.example.Report.build(Report.java:42)};
     * {@code file} may be {@code null} and {@code line} negative when the class file does not have them.
     */
    public static String describe(String className, String method, String file, int line) {
        return className + "." + method + "(" + (file == null ? "Unknown Source" : file) + (line >= 0 ? ":" + line : "")
                + ")";
    }

    private static synchronized long register(String description) {
        Long existing = TOKENS.get(description);
        if (existing != null) {
            return existing;
        }
        DESCRIPTIONS.add(description);
        long token = DESCRIPTIONS.size();
        TOKENS.put(description, token);
        return token;
    }

    /** How many call sites have tokens: they are 1 to this number. */
    public static synchronized long count() {
        return DESCRIPTIONS.size();
    }

    /** What a token stands for, or {@code null} for 0 and unknown tokens. */
    public static synchronized String describe(long token) {
        return token <= 0 || token > DESCRIPTIONS.size() ? null : DESCRIPTIONS.get((int) token - 1);
    }
}
