package io.github.ompt4j.model;

/**
 * One tool's registrations, and the lookup function it gets: itself, which is also the tool's
 * {@code ompt_set_callback} and {@code ompt_get_callback} (and {@link InquiryFunctions} the other functions), not a
 * method reference each, which would link method handles as the tool initializes. {@code ompt_set_callback}
 * answers {@link OmptSetResult#ERROR} unless the tool's {@code initialize} is running on the calling thread.
 */
final class ToolSession implements OmptLookup, OmptApi.SetCallback, OmptApi.GetCallback {
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
            tool.initialize(this, runtimeVersion, omptVersion);
        } finally {
            initializingThread = null;
        }
    }

    /** The callback registered for {@code event}, or {@code null}. */
    OmptCallback callback(OmptEvent event) {
        return callbacks[event.code()];
    }

    @Override
    public OmptApi lookup(String name) {
        if (name == null) {
            return null;
        }
        switch (name) {
            case "ompt_set_callback":
            case "ompt_get_callback":
                return this;
            case "ompt_enumerate_state":
            case "ompt_enumerate_lock_types":
            case "ompt_enumerate_atomic_types":
            case "ompt_get_thread_id":
            case "ompt_get_state":
            case "ompt_get_parallel_id":
            case "ompt_get_parallel_team_size":
            case "ompt_get_task_info":
            case "ompt4j_get_mutex_contended":
            case "ompt4j_get_parallel_participants":
                return InquiryFunctions.ALL;
            default:
                return null;
        }
    }

    @Override
    public int setCallback(OmptEvent event, OmptCallback callback) {
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

    @Override
    public int getCallback(OmptEvent event, OmptCallback[] out) {
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
