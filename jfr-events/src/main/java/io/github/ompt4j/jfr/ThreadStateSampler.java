package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.FlightRecorder;

/**
 * The periodic hook of {@link ThreadStateEvent}: one event per thread the runtime knows, read from the
 * model's per-thread data with the acquire loads that make it safe to read from another thread (a thread
 * caught between two updates shows the state before or after, as TR2 allows for a sampler). It runs on
 * JFR's periodic thread, at the period the recordings ask for, and only while one does.
 */
final class ThreadStateSampler {
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    private ThreadStateSampler() {
    }

    /** Add the hook once per JVM: it depends on no tool's state, only on the model's threads. */
    static void install() {
        if (INSTALLED.compareAndSet(false, true)) {
            FlightRecorder.addPeriodicEvent(ThreadStateEvent.class, ThreadStateSampler::sample);
        }
    }

    static void sample() {
        for (OmptThread t : OmptThreads.live()) {
            Thread thread = t.javaThread();
            if (thread == null) {
                continue;
            }
            ThreadStateEvent e = new ThreadStateEvent();
            OmptState state = t.state();
            OmptTask task = t.currentTask();
            OmptParallel region = task == null || state == OmptState.IDLE ? null : task.parallel();
            e.thread = thread;
            e.ompThreadId = t.id();
            e.state = Names.state(state);
            e.waitId = state.isWait() ? t.waitId() : 0;
            e.parallelId = region == null ? 0 : region.id();
            e.taskId = task == null ? 0 : task.id();
            e.commit();
        }
    }
}
