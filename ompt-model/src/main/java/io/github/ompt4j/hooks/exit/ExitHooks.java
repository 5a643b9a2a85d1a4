package io.github.ompt4j.hooks.exit;

import io.github.ompt4j.model.RuntimeThread;
import java.util.ArrayList;
import java.util.List;

/**
 * Work the agent does at exit, in two turns around the application's shutdown hooks. The {@code exit} adapter
 * weaves {@code java.lang.ApplicationShutdownHooks.runHooks()}, which the thread shutting the JVM down calls
 * once to start every application shutdown hook and wait for them all:
 * <ul>
 * <li>on entry, {@link #beforeShutdownHooks()}: stopping the profiler and the recording, then folding it, while
 *     the JVM is still whole. Shutdown hooks run concurrently and in no order, and JFR's own hook stops and
 *     closes every recording: a recording stopped by us inside a hook of our own would race it, and
 *     async-profiler's samples would be missing from the file whenever JFR's hook won;</li>
 * <li>on return, {@link #afterShutdownHooks()}: {@code runtime_shutdown}, once the application's hooks have
 *     returned, so that no thread a hook ran (JDK logging's, a pool's that releases its workers) reports an
 *     event after it.</li>
 * </ul>
 *
 * <p>Every path that runs shutdown hooks comes through here: {@code main} returning, {@code System.exit},
 * an uncaught exception, SIGTERM, SIGINT, SIGHUP. {@code Runtime.halt}, SIGKILL and crashes run nothing.
 * Each turn's actions run once, in the order they were added; one that throws is reported on standard error
 * and the next one still runs. If the adapter could not weave, the agent's own shutdown hook calls
 * {@link #fromShutdownHook()}, which runs both turns, the best that is left; when the weaving works, that hook
 * finds the entry already passed (it is one of the hooks {@code runHooks} starts) and leaves both turns to it.
 */
public final class ExitHooks {
    private static final Turn BEFORE = new Turn();
    private static final Turn AFTER = new Turn();
    private static volatile boolean woven;

    private ExitHooks() {
    }

    /** Run {@code action} at exit, before the application's shutdown hooks; added after exit began, it does not run. */
    public static void add(Runnable action) {
        BEFORE.add(action);
    }

    /** Run {@code action} at exit, after the application's shutdown hooks returned; added too late, it does not run. */
    public static void addAfterShutdownHooks(Runnable action) {
        AFTER.add(action);
    }

    /**
     * The call woven on entry to {@code runHooks}: run the first turn, once, as the runtime's work: the locks it
     * takes (JFR's, as the recording stops) are not the program's, and the JVM's {@code DestroyJavaVM} that runs it
     * on JDK 25 is not begun as a thread of the program's.
     */
    public static void beforeShutdownHooks() {
        woven = true;
        RuntimeThread.runAsRuntime(BEFORE);
    }

    /** The call woven on return from {@code runHooks}: run the second turn, once. */
    public static void afterShutdownHooks() {
        AFTER.run();
    }

    /** The agent's own shutdown hook: both turns, unless the woven calls take care of them. */
    public static void fromShutdownHook() {
        if (!woven) {
            RuntimeThread.runAsRuntime(BEFORE);
            AFTER.run();
        }
    }

    /** One turn's actions, run once. */
    private static final class Turn implements Runnable {
        private final List<Runnable> actions = new ArrayList<>();
        private boolean ran;

        synchronized void add(Runnable action) {
            if (!ran) {
                actions.add(action);
            }
        }

        @Override
        public void run() {
            List<Runnable> toRun;
            synchronized (this) {
                if (ran) {
                    return;
                }
                ran = true;
                toRun = new ArrayList<>(actions);
                actions.clear();
            }
            for (Runnable action : toRun) {
                try {
                    action.run();
                } catch (Throwable failure) {
                    System.err.println("ompt4j [warn] an exit action failed: " + failure);
                }
            }
        }
    }
}
