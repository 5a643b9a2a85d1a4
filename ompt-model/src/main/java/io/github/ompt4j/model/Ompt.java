package io.github.ompt4j.model;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Start-up and the application-facing side of OMPT: tool registration ({@code OMP_TOOL}, the
 * {@code ServiceLoader}, tools named by the agent), {@code ompt_control}, and {@code runtime_shutdown}
 * at JVM exit.
 */
public final class Ompt {
    /** The OMPT interface version this runtime implements (TR2). */
    public static final int OMPT_VERSION = 2;
    /** The name under which the print tool can be named in {@code tool=}. */
    public static final String PRINT_TOOL = "print";
    private static final String PRINT_TOOL_CLASS = "io.github.ompt4j.model.print.PrintTool";

    /** How long {@link #shutdown} waits, in all, for worker threads to end. */
    static final long WORKER_END_WAIT_MS = 500;
    private static final AtomicBoolean SHUT_DOWN = new AtomicBoolean();
    private static boolean exitArranged;

    private Ompt() {
    }

    /** Identifies this runtime to tools: {@code ompt4j <version> (JVM <version>)}. */
    public static String runtimeVersion() {
        String v = Ompt.class.getPackage().getImplementationVersion();
        // The property, not Runtime.version(), whose toString links a stream's lambdas at start-up.
        return "ompt4j " + (v == null ? "dev" : v) + " (JVM " + System.getProperty("java.runtime.version") + ")";
    }

    /**
     * The value of the {@code omp-tool-var} ICV for an {@code OMP_TOOL} value: {@code true} for
     * {@code enabled} and when unset, {@code false} for {@code disabled}; case and surrounding blanks do
     * not matter. An empty or blank value is unset, as for every other {@code OMP_} variable (and as in
     * LLVM's runtime).
     *
     * @throws IllegalArgumentException for any other value, with a message that names the variable
     */
    public static boolean toolsEnabled(String ompToolValue) {
        if (ompToolValue == null || ompToolValue.isBlank()) {
            return true;
        }
        switch (ompToolValue.trim().toLowerCase(Locale.ROOT)) {
            case "enabled":
                return true;
            case "disabled":
                return false;
            default:
                throw new IllegalArgumentException("OMP_TOOL has the illegal value '" + ompToolValue
                        + "'; valid values are 'enabled' and 'disabled' (case-insensitive)");
        }
    }

    /**
     * The tools to initialize: those named in {@code toolNames} first, in order, then the
     * {@code ServiceLoader} providers of {@link OmptTool}; each tool class once, however often it is
     * named or provided (a tool initialized twice would receive every event twice). Registration as the
     * spec says is {@link #toolsEnabled}, then this, then {@link #start}; the agent does it, and says which of
     * its options a failure comes from.
     *
     * @param toolNames {@value #PRINT_TOOL} or the names of tool classes
     * @throws IllegalArgumentException if a named tool cannot be found or created, naming it
     */
    public static List<OmptTool> discover(List<String> toolNames, ClassLoader loader) {
        List<OmptTool> tools = new ArrayList<>();
        for (String name : toolNames) {
            addOnce(tools, instantiate(name, loader));
        }
        Iterator<OmptTool> provided = ServiceLoader.load(OmptTool.class, loader).iterator();
        while (true) {
            try {
                if (!provided.hasNext()) {
                    return tools;
                }
                addOnce(tools, provided.next());
            } catch (ServiceConfigurationError e) {
                // A provider that cannot be created is left out; the iterator goes on to the next one.
                System.err.println("ompt4j [warn] a tool provider was left out: " + e.getMessage());
            }
        }
    }

    /** A loop, not a stream: this runs in premain, where a first lambda costs milliseconds of start-up. */
    private static void addOnce(List<OmptTool> tools, OmptTool tool) {
        for (OmptTool t : tools) {
            if (t.getClass() == tool.getClass()) {
                return;
            }
        }
        tools.add(tool);
    }

    private static OmptTool instantiate(String name, ClassLoader loader) {
        String className = PRINT_TOOL.equals(name) ? PRINT_TOOL_CLASS : name;
        try {
            Class<?> type = Class.forName(className, true, PRINT_TOOL.equals(name) ? Ompt.class.getClassLoader() : loader);
            return (OmptTool) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new IllegalArgumentException("'" + name + "' cannot be loaded: it must be '"
                    + PRINT_TOOL + "' or the name of a public class implementing " + OmptTool.class.getName()
                    + " with a public no-argument constructor (" + e + ")", e);
        }
    }

    /**
     * Initialize {@code tools} (those that accept) and arrange for {@code runtime_shutdown} at exit, from a
     * shutdown hook of its own: it runs beside the application's other hooks, so a thread they start may still
     * report events after it.
     */
    public static void start(List<OmptTool> tools) {
        start(tools, shutdown -> Runtime.getRuntime().addShutdownHook(new Thread(shutdown, "ompt4j-shutdown")));
    }

    /**
     * Initialize {@code tools} and hand {@link #shutdown} to {@code atExit}, once, to be run at exit. The agent
     * passes its exit adapter, which runs it after the application's shutdown hooks have all returned, so that
     * {@code runtime_shutdown} is the run's last event.
     */
    public static synchronized void start(List<OmptTool> tools, Consumer<Runnable> atExit) {
        OmptRegistry.initialize(tools, OMPT_VERSION);
        if (!exitArranged) {
            exitArranged = true;
            atExit.accept(new RuntimeShutdown());
        }
    }

    /**
     * {@code ompt_control}: pass a command to the tools. Commands 1 (start), 2 (pause), 3 (flush),
     * 4 (stop) and tool-specific ones from 64 reach every tool that registered {@code control}; the
     * reserved codes (0, 5 to 63, negative) are dropped.
     */
    public static void control(long command, long modifier) {
        if (!OmptControlCommand.isDefined(command) || !OmptDispatch.enabled(OmptEvent.CONTROL)) {
            return;
        }
        OmptDispatch.control(OmptThreads.currentOrAttach(OmptThreadType.OTHER), command, modifier);
    }

    /**
     * Deliver {@code runtime_shutdown} once; called at exit (see {@link #start(List, Consumer)}). Worker
     * threads that are ending (a pool's own shutdown hook releases them) get up to
     * {@link #WORKER_END_WAIT_MS} to report their last events first, so that {@code runtime_shutdown}
     * is the last event of the run; a worker that does not end by then is not waited for.
     */
    public static void shutdown() {
        if (!SHUT_DOWN.compareAndSet(false, true)) {
            return;
        }
        awaitEndingWorkers();
        OmptDispatch.shutdown(OmptThreads.currentOrAttach(OmptThreadType.OTHER));
        String failures = ToolFailures.summary();
        if (failures != null) {
            System.err.println(failures);
        }
    }

    /**
     * Waits for the workers to say what they still have to say: a directive library's worker until it ends (its
     * shutdown hook releases it), a fork/join pool's worker until it is idle. A pool's workers outlive the exit
     * (the common pool's never end, a program's pool ends its workers only when shut down), so waiting for their end
     * would take the whole time at every exit of a program that used a pool; but a worker reports a task's end, and
     * a root task's region's, just after its joiner woke, which may be the program's last action.
     */
    private static void awaitEndingWorkers() {
        long deadline = System.nanoTime() + WORKER_END_WAIT_MS * 1_000_000;
        for (OmptThread t : OmptThreads.live()) {
            Thread worker = t.javaThread();
            if (t.type() != OmptThreadType.WORKER || worker == Thread.currentThread()) {
                continue;
            }
            if (worker instanceof ForkJoinWorkerThread) {
                while (t.state() != OmptState.IDLE && System.nanoTime() < deadline) {
                    LockSupport.parkNanos(100_000);
                }
                continue;
            }
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                continue;
            }
            try {
                worker.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Wait, up to {@code maxMillis}, until every live worker other than the calling thread is idle, and say
     * whether they all were. A worker that released its master at the end of a region reports the end of
     * its implicit task just after; a recording stopped meanwhile (the program exits right after a region)
     * would miss it, and with it the region of every sample the worker took in that task.
     */
    public static boolean awaitIdleWorkers(long maxMillis) {
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        for (OmptThread t : OmptThreads.live()) {
            if (t.type() != OmptThreadType.WORKER || t.javaThread() == Thread.currentThread()) {
                continue;
            }
            while (t.state() != OmptState.IDLE) {
                if (System.nanoTime() >= deadline) {
                    return false;
                }
                LockSupport.parkNanos(100_000);
            }
        }
        return true;
    }

    /** Forget tools and listeners and allow another shutdown; for tests that start the runtime repeatedly. */
    static synchronized void resetForTests() {
        OmptDispatch.reopenForTests();
        OmptRegistry.reset();
        SHUT_DOWN.set(false);
    }

    /** {@link #shutdown} to run at exit: a class, not a method reference, since premain hands it over. */
    private static final class RuntimeShutdown implements Runnable {
        @Override
        public void run() {
            shutdown();
        }
    }
}
