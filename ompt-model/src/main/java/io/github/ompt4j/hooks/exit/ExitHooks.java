package io.github.ompt4j.hooks.exit;

import java.util.ArrayList;
import java.util.List;

/**
 * Work that must finish while the JVM is still whole at exit: stopping the profiler and the recording, then
 * folding it. The {@code exit} adapter calls {@link #beforeShutdownHooks()} on entry to
 * {@code java.lang.ApplicationShutdownHooks.runHooks()}, on the thread that is shutting the JVM down, before
 * any shutdown hook starts. Shutdown hooks run concurrently and in no order, and JFR's own hook stops and
 * closes every recording: a recording stopped by us inside a hook of our own would race it, and
 * async-profiler's samples would be missing from the file whenever JFR's hook won.
 *
 * <p>Every path that runs shutdown hooks comes through here: {@code main} returning, {@code System.exit},
 * an uncaught exception, SIGTERM, SIGINT, SIGHUP. {@code Runtime.halt}, SIGKILL and crashes run nothing.
 * The actions run once, in the order they were added; one that throws is reported on standard error and
 * the next one still runs. If the adapter could not weave, the agent calls {@link #beforeShutdownHooks()}
 * from a shutdown hook of its own instead, which is the best that is left.
 */
public final class ExitHooks {
    private static final List<Runnable> ACTIONS = new ArrayList<>();
    private static boolean ran;

    private ExitHooks() {
    }

    /** Run {@code action} at exit; added after exit began, it does not run. */
    public static synchronized void add(Runnable action) {
        if (!ran) {
            ACTIONS.add(action);
        }
    }

    /** The woven call: run the actions, once. */
    public static void beforeShutdownHooks() {
        List<Runnable> actions;
        synchronized (ExitHooks.class) {
            if (ran) {
                return;
            }
            ran = true;
            actions = new ArrayList<>(ACTIONS);
            ACTIONS.clear();
        }
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (Throwable failure) {
                System.err.println("ompt4j [warn] an exit action failed: " + failure);
            }
        }
    }
}
