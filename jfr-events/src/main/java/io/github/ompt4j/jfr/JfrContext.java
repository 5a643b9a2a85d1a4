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
    OmptApi.GetTaskInfo getTaskInfo;
    OmptApi.GetState getState;
    OmptApi.GetParallelId getParallelId;
    OmptApi.GetParallelParticipants getParticipants;
    OmptApi.GetMutexContended mutexContended;
    private OmptApi.GetThreadId getThreadId;
    private volatile boolean paused;
    private volatile boolean stopped;

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
