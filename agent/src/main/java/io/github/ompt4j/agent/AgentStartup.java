package io.github.ompt4j.agent;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.exit.ExitAdapter;
import io.github.ompt4j.adapters.threads.ThreadsAdapter;
import io.github.ompt4j.hooks.exit.ExitHooks;
import io.github.ompt4j.hooks.forkjoin.PoolHooks;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptRegistry;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptTool;
import io.github.ompt4j.model.RuntimeThread;
import java.io.IOException;
import io.github.ompt4j.adapters.weave.WovenClassCache;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What premain does once the model is on the bootstrap class path: register tools as {@code OMP_TOOL}
 * says, make the thread running premain (the one that will run {@code main}) the initial thread, and
 * weave the chosen adapters, and the {@code exit} adapter, which runs the recording's end before the application's
 * shutdown hooks and {@code runtime_shutdown} after them ({@link ExitHooks}). A recording ({@link AgentRecording})
 * starts before the initial thread begins, so that its first events are recorded. With {@code OMP_TOOL=disabled} it
 * stops after reading the variable.
 *
 * <p><b>When to weave.</b> Where a recording starts and nothing tracks yet (no tool registered a callback, no
 * {@code inspect=on}, not attached), the weave comes first, and the woven code that JFR's start then runs stays
 * silent. Before JFR's start the weave scans half the loaded classes (1,030 against 1,990) and shares the
 * processors with less of the JIT's work: 118 → 91 ms (medians of 10 runs of {@code Hello}, JDK 17), the whole
 * process about 2 % shorter (0.98×, 40 pairs; the JIT's work at start-up stays as it was). Everywhere else the
 * weave comes last, once the tools track and this thread is the initial thread: a tool's callback would otherwise
 * meet this thread in woven code first, as a thread of type other. Attached to a running JVM there is no initial
 * thread to name (the thread running {@code agentmain} is the JVM's attach listener): the program's threads are met
 * as they first reach a woven construct, as threads of type other. With {@code inspect=on} the runtime tracks even
 * with no tool and no recording; attached or with it, the agent's MXBean is published ({@link AgentHandle}) for
 * {@code inspect} and JMX clients, before the weaver runs.
 */
final class AgentStartup {
    /** The agent this JVM runs, once started; {@code null} before, or with {@code OMP_TOOL=disabled}. */
    private static AgentHandle handle;

    private AgentStartup() {
    }

    /**
     * A later attach to a JVM where the agent already runs: publish its MXBean if the start did not (a
     * {@code -javaagent} start without {@code inspect=on}), so that {@code inspect} and {@code attach status} can
     * read it; what the runtime tracks stays as the start decided.
     */
    static void attachedAgain() {
        if (handle != null) {
            handle.publish();
        }
    }

    /** {@code cache}: this build's directory in the agent's cache ({@link AgentCache}), or {@code null} for none. */
    static void start(AgentOptions options, Instrumentation inst, boolean attached, Path cache) throws IOException {
        long began = System.nanoTime();
        new RuntimeThread(new Sweep(cache), "ompt4j-temp-sweep").start();
        WovenClassCache woven = cache == null ? WovenClassCache.NONE : WovenClassCache.in(cache);
        if (!registerTools(options.tools)) {
            AgentLog.info("OMP_TOOL=disabled: the agent does nothing");
            return;
        }
        boolean weaveFirst = options.records() && !attached && !options.inspect && !OmptDispatch.tracking();
        if (weaveFirst) {
            Installer.install(adapters(options), inst, woven);
        }
        AgentRecording recording = options.records() ? AgentRecording.start(options, cache) : null;
        if (recording != null) {
            recording.startTool();
        }
        if (options.inspect) {
            OmptRegistry.keepTracking(true);
        }
        if (!attached) {
            OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        }
        if (options.carriers) {
            PoolHooks.reportCarriers();
        }
        handle = new AgentHandle(options, attached, recording);
        if (attached || options.inspect) {
            handle.publish();
        }
        if (!weaveFirst) {
            Installer.install(adapters(options), inst, woven);
        }
        // Only if the exit adapter could not weave the shutdown sequence; otherwise it finds its work done.
        Runtime.getRuntime().addShutdownHook(new Thread(new Exit(), "ompt4j-exit"));
        AgentLog.info("started in " + (System.nanoTime() - began) / 1_000_000 + " ms with " + options);
    }

    /**
     * Registration as the spec says: {@code OMP_TOOL}, then the tools {@code tool=} names and the
     * {@code ServiceLoader}'s, initialized. An illegal {@code OMP_TOOL} and a named tool that cannot be loaded are
     * fatal. Returns whether tools are enabled ({@code false} when {@code OMP_TOOL=disabled}).
     */
    private static boolean registerTools(List<String> names) {
        List<OmptTool> tools;
        try {
            if (!Ompt.toolsEnabled(System.getenv("OMP_TOOL"))) {
                return false;
            }
        } catch (IllegalArgumentException e) {
            AgentLog.fatal(e.getMessage());
            return false;
        }
        try {
            tools = Ompt.discover(names, ClassLoader.getSystemClassLoader());
        } catch (IllegalArgumentException e) {
            AgentLog.fatal("agent option " + AgentOptions.TOOL.key + ": " + e.getMessage());
            return false;
        }
        Ompt.start(tools, new Exit());
        return true;
    }

    /**
     * How premain hands over the exit: the body of the agent's own shutdown hook ({@link ExitHooks#fromShutdownHook})
     * and where {@code runtime_shutdown} goes ({@link ExitHooks#addAfterShutdownHooks}). A class, not method
     * references: in premain each lambda costs a class spun and linked, about half a millisecond of start-up.
     */
    private static final class Exit implements Runnable, Consumer<Runnable> {
        @Override
        public void run() {
            ExitHooks.fromShutdownHook();
        }

        @Override
        public void accept(Runnable shutdown) {
            ExitHooks.addAfterShutdownHooks(shutdown);
        }
    }

    /** The files earlier JVMs left: the temporary copies of those killed, the cache's directories of older builds. */
    private static final class Sweep implements Runnable {
        private final Path cache;

        Sweep(Path cache) {
            this.cache = cache;
        }

        @Override
        public void run() {
            BootstrapInjector.deleteOrphans();
            AgentCache.sweep(cache);
        }
    }

    private static List<Adapter> adapters(AgentOptions options) {
        List<Adapter> chosen = new ArrayList<>();
        for (String name : options.adapters) {
            chosen.add(Adapters.byName(name));
        }
        if (!chosen.isEmpty()) {
            chosen.add(new ThreadsAdapter());
        }
        chosen.add(new ExitAdapter());
        return chosen;
    }
}
