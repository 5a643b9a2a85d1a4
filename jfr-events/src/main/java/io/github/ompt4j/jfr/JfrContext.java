package io.github.ompt4j.jfr;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptControlCommand;
import io.github.ompt4j.model.OmptLookup;

/**
 * What the JFR tool's handlers share: the runtime's inquiry functions, each thread's open spans, call-site
 * names, and whether new spans and instants may start ({@code ompt_control} pause and stop). The inquiry
 * functions are looked up at {@code initialize}, before any callback is registered, so a callback sees them.
 */
final class JfrContext {
    final PerThread threads = new PerThread();
    final CallSiteNames callSites = new CallSiteNames();
    /**
     * Whether an explicit task that runs inside another of its region on the same thread (taken back by the join that
     * waits for it) has a span of its own: only when the settings keep every task span (threshold 0). Otherwise its
     * time is in the enclosing task's span, as a shorter task's is, and its switches read no clock: in a
     * fine-grained fork/join program most tasks run so, and the two clock reads were most of what a task's span cost.
     * A task run while a synchronization region is open on the thread (by a join that waits, at a taskwait) keeps its
     * span: without it, the reader would take its time for that region's overhead once a wait in it had ended.
     */
    final boolean nestedTaskSpans;
    OmptApi.GetTaskInfo getTaskInfo;
    OmptApi.GetState getState;
    OmptApi.GetParallelId getParallelId;
    OmptApi.GetParallelParticipants getParticipants;
    OmptApi.GetMutexContended mutexContended;
    private OmptApi.GetThreadId getThreadId;
    private volatile boolean paused;
    private volatile boolean stopped;

    JfrContext(boolean nestedTaskSpans) {
        this.nestedTaskSpans = nestedTaskSpans;
    }

    void lookUp(OmptLookup lookup) {
        getTaskInfo = (OmptApi.GetTaskInfo) lookup.lookup("ompt_get_task_info");
        getState = (OmptApi.GetState) lookup.lookup("ompt_get_state");
        getParallelId = (OmptApi.GetParallelId) lookup.lookup("ompt_get_parallel_id");
        getThreadId = (OmptApi.GetThreadId) lookup.lookup("ompt_get_thread_id");
        getParticipants = (OmptApi.GetParallelParticipants) lookup.lookup("ompt4j_get_parallel_participants");
        mutexContended = (OmptApi.GetMutexContended) lookup.lookup("ompt4j_get_mutex_contended");
    }

    /** The calling thread's spans. */
    ThreadEvents current() {
        return threads.current(getThreadId.getThreadId());
    }

    /** Whether new spans and instant events may start; spans already open still end. */
    boolean recording() {
        return !paused;
    }

    /** {@code start} resumes unless stopped; {@code pause} pauses until {@code start}; {@code stop} is for good. */
    void control(long command) {
        OmptControlCommand c = OmptControlCommand.ofCode(command);
        if (c == OmptControlCommand.START) {
            paused = stopped;
        } else if (c == OmptControlCommand.PAUSE) {
            paused = true;
        } else if (c == OmptControlCommand.STOP) {
            stopped = true;
            paused = true;
        }
    }
}
