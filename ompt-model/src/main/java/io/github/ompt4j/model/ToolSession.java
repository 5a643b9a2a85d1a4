package io.github.ompt4j.model;

/**
 * One tool's registrations, and the lookup function it gets. {@code ompt_set_callback} answers
 * {@link OmptSetResult#ERROR} unless the tool's {@code initialize} is running on the calling thread.
 */
final class ToolSession {
    private final OmptTool tool;
    private final OmptCallback[] callbacks = new OmptCallback[OmptEvent.TABLE_SIZE];
    private volatile Thread initializingThread;

    ToolSession(OmptTool tool) {
        this.tool = tool;
    }

    OmptTool tool() {
        return tool;
    }

    /** Run the tool's initializer with registration open. */
    void initialize(String runtimeVersion, int omptVersion) {
        initializingThread = Thread.currentThread();
        try {
            tool.initialize(this::lookup, runtimeVersion, omptVersion);
        } finally {
            initializingThread = null;
        }
    }

    /** The callback registered for {@code event}, or {@code null}. */
    OmptCallback callback(OmptEvent event) {
        return callbacks[event.code()];
    }

    OmptApi lookup(String name) {
        if (name == null) {
            return null;
        }
        switch (name) {
            case "ompt_enumerate_state":
                return (OmptApi.EnumerateState) OmptInquiry::enumerateState;
            case "ompt_enumerate_lock_types":
                return (OmptApi.EnumerateLockTypes) OmptInquiry::enumerateLockTypes;
            case "ompt_enumerate_atomic_types":
                return (OmptApi.EnumerateAtomicTypes) OmptInquiry::enumerateAtomicTypes;
            case "ompt_set_callback":
                return (OmptApi.SetCallback) this::setCallback;
            case "ompt_get_callback":
                return (OmptApi.GetCallback) this::getCallback;
            case "ompt_get_thread_id":
                return (OmptApi.GetThreadId) OmptInquiry::threadId;
            case "ompt_get_state":
                return (OmptApi.GetState) OmptInquiry::state;
            case "ompt_get_parallel_id":
                return (OmptApi.GetParallelId) OmptInquiry::parallelId;
            case "ompt_get_parallel_team_size":
                return (OmptApi.GetParallelTeamSize) OmptInquiry::parallelTeamSize;
            case "ompt_get_task_info":
                return (OmptApi.GetTaskInfo) OmptInquiry::taskInfo;
            case "ompt4j_get_mutex_contended":
                return (OmptApi.GetMutexContended) OmptInquiry::mutexContended;
            case "ompt4j_get_parallel_participants":
                return (OmptApi.GetParallelParticipants) OmptInquiry::endingParallelParticipants;
            default:
                return null;
        }
    }

    int setCallback(OmptEvent event, OmptCallback callback) {
        if (event == null || callback == null || initializingThread != Thread.currentThread()
                || !event.signature().isInstance(callback)) {
            return OmptSetResult.ERROR.code();
        }
        OmptSetResult result = event.support();
        if (result.registers()) {
            callbacks[event.code()] = callback;
        }
        return result.code();
    }

    int getCallback(OmptEvent event, OmptCallback[] out) {
        OmptCallback cb = event == null ? null : callbacks[event.code()];
        if (cb == null) {
            return 0;
        }
        if (out != null) {
            out[0] = cb;
        }
        return 1;
    }
}
