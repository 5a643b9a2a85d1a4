package io.github.ompt4j.agent.it;

import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The JSR-166 TCK's classes for the types the agent weaves, compiled from the repository's copy
 * ({@code tck/src}, unchanged) by this JVM's compiler, so each JDK runs what it can compile.
 */
final class Tck {
    /**
     * The TCK classes of every woven type, in the order they run, with the JDK feature release each needs
     * to compile (the others compile on 17; {@code ForkJoinPool19Test} calls JDK 19's pool methods).
     */
    static final Map<String, Integer> CLASSES = classes();

    private static Map<String, Integer> classes() {
        Map<String, Integer> classes = new LinkedHashMap<>();
        for (String name : List.of("ForkJoinPoolTest", "ForkJoinPool8Test", "ForkJoinPool9Test", "ForkJoinTaskTest",
                "ForkJoinTask8Test", "RecursiveTaskTest", "RecursiveActionTest", "CountedCompleterTest",
                "CountedCompleter8Test", "CompletableFutureTest", "ReentrantLockTest", "ReentrantReadWriteLockTest",
                "SemaphoreTest", "StampedLockTest", "CyclicBarrierTest", "PhaserTest", "CountDownLatchTest",
                "ConcurrentHashMap8Test", "SplittableRandomTest", "ThreadLocalRandom8Test", "SubmissionPublisherTest",
                "ThreadPoolExecutorTest", "ThreadPoolExecutorSubclassTest", "ScheduledExecutorTest",
                "ScheduledExecutorSubclassTest", "FutureTaskTest", "ExecutorsTest", "ExecutorCompletionServiceTest",
                "ExecutorCompletionService9Test", "AbstractExecutorServiceTest")) {
            classes.put(name, 17);
        }
        classes.put("ForkJoinPool19Test", 19);
        return classes;
    }

    private Tck() {
    }

    /** The classes this JVM runs: those its release can compile. */
    static List<String> runnable() {
        List<String> names = new ArrayList<>();
        CLASSES.forEach((name, release) -> {
            if (release <= Runtime.version().feature()) {
                names.add(name);
            }
        });
        return names;
    }

    /** Where the TCK's sources are: {@code tck/src} of the repository, named by the build. */
    static Path sources() {
        String dir = System.getProperty("ompt4j.tckSources");
        if (dir == null || !Files.isRegularFile(Path.of(dir, "JSR166TestCase.java"))) {
            throw new IllegalStateException("run through Maven (failsafe): ompt4j.tckSources=" + dir);
        }
        return Path.of(dir);
    }

    /**
     * Compiles {@link #runnable()} (and what they use, from the sources) into {@code classes}, and returns the
     * class path that runs them with {@link TckRunner}: these test classes, the TCK's and JUnit 4's (its
     * {@code junit.framework}, and Hamcrest, which it needs).
     */
    static String compile(Path classes) throws IOException {
        Files.createDirectories(classes);
        String junit = AgentRun.home(junit.framework.TestCase.class) + File.pathSeparator
                + AgentRun.home(org.hamcrest.Matcher.class);
        List<String> arguments = new ArrayList<>(List.of("-nowarn", "-Xlint:none", "-encoding", "UTF-8", "-proc:none",
                "-d", classes.toString(), "-cp", junit, "-sourcepath", sources().toString(),
                sources().resolve("JSR166TestCase.java").toString()));
        for (String name : runnable()) {
            arguments.add(sources().resolve(name + ".java").toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int status = javac.run(null, messages, messages, arguments.toArray(new String[0]));
        if (status != 0) {
            throw new AssertionError("the TCK does not compile on JDK " + Runtime.version() + "\n" + messages);
        }
        return AgentRun.home(TckRunner.class) + File.pathSeparator + classes + File.pathSeparator + junit;
    }
}
