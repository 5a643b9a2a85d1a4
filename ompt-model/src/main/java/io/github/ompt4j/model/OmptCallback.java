package io.github.ompt4j.model;

/**
 * A tool callback: the Java form of {@code ompt_callback_t}. Like C's placeholder type it says nothing
 * about the signature; the nested interfaces are the signatures of TR2 Appendix A.4, one per shape,
 * and {@link OmptEvent#signature()} tells which one each event takes. Passing a callback of another
 * type to {@code ompt_set_callback} is a registration error.
 *
 * <p>Where later OMPT versions pass more than TR2 (the call site, team size and thread number of an
 * implicit task, task flags, the prior task's status), the signatures carry it too. Call sites
 * ({@code codeptr}) are tokens of {@code CallSites}, 0 when unknown; all IDs are {@code long}s, 0 for
 * none. Callbacks run on the thread where the event happens, must not block for long, and never see
 * nested events from code they run themselves.
 */
public interface OmptCallback {

    /** {@code thread_begin}, {@code thread_end}. */
    @FunctionalInterface
    interface ThreadType extends OmptCallback {
        void onThread(OmptThreadType type, long threadId);
    }

    /** {@code idle_begin}, {@code idle_end}, {@code flush}. */
    @FunctionalInterface
    interface ThreadId extends OmptCallback {
        void onThread(long threadId);
    }

    /** {@code parallel_begin}. */
    @FunctionalInterface
    interface ParallelBegin extends OmptCallback {
        void onParallelBegin(long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize,
                long codeptr, OmptInvoker invoker);
    }

    /** {@code parallel_end}. */
    @FunctionalInterface
    interface ParallelEnd extends OmptCallback {
        void onParallelEnd(long parallelId, long taskId, OmptInvoker invoker, long codeptr);
    }

    /** {@code implicit_task_begin}, {@code implicit_task_end}. */
    @FunctionalInterface
    interface ImplicitTask extends OmptCallback {
        void onImplicitTask(long parallelId, long taskId, int teamSize, int threadNum);
    }

    /** {@code master_begin}, {@code master_end}. */
    @FunctionalInterface
    interface Parallel extends OmptCallback {
        void onParallel(long parallelId, long taskId, long codeptr);
    }

    /** {@code task_begin}: an explicit task was created. */
    @FunctionalInterface
    interface TaskBegin extends OmptCallback {
        void onTaskBegin(long parentTaskId, OmptFrame parentFrame, long newTaskId, int flags, long codeptr);
    }

    /** {@code task_end}, {@code initial_task_begin}, {@code initial_task_end}. */
    @FunctionalInterface
    interface Task extends OmptCallback {
        void onTask(long taskId);
    }

    /** {@code task_switch}: the prior task stopped for {@code priorStatus}, the next one runs. */
    @FunctionalInterface
    interface TaskSwitch extends OmptCallback {
        void onTaskSwitch(long priorTaskId, OmptTaskStatus priorStatus, long nextTaskId);
    }

    /** {@code task_dependence_pair}: the second task waited for the first. */
    @FunctionalInterface
    interface TaskPair extends OmptCallback {
        void onTaskPair(long firstTaskId, long secondTaskId);
    }

    /** {@code task_dependences}: the first {@code count} entries of {@code dependences} are valid. */
    @FunctionalInterface
    interface TaskDependences extends OmptCallback {
        void onTaskDependences(long taskId, OmptDependence[] dependences, int count);
    }

    /** Barrier, taskwait, taskgroup and reduction regions, and the waits in them. */
    @FunctionalInterface
    interface SyncRegion extends OmptCallback {
        void onSyncRegion(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr);
    }

    /** {@code worksharing_begin} and {@code _end}; {@code count} is the iteration, section or block count. */
    @FunctionalInterface
    interface Worksharing extends OmptCallback {
        void onWorksharing(OmptWorkType type, long parallelId, long taskId, long count, long codeptr);
    }

    /** {@code dispatch}: a thread took a chunk of a loop (iterations) or a section (count 1). */
    @FunctionalInterface
    interface Dispatch extends OmptCallback {
        void onDispatch(long parallelId, long taskId, OmptWorkType type, long first, long count);
    }

    /** A thread starts waiting for a mutex ({@code wait_*} except ordered), or initializes a lock. */
    @FunctionalInterface
    interface Lock extends OmptCallback {
        void onLock(long waitId, int hint, int impl, long codeptr);
    }

    /** A mutex was acquired or released, a lock destroyed, or a wait for ordered began. */
    @FunctionalInterface
    interface Wait extends OmptCallback {
        void onWait(long waitId, long codeptr);
    }

    /** {@code control}: the program called {@code Ompt.control}. */
    @FunctionalInterface
    interface Control extends OmptCallback {
        void onControl(long command, long modifier);
    }

    /** {@code runtime_shutdown}. */
    @FunctionalInterface
    interface Shutdown extends OmptCallback {
        void onShutdown();
    }

    /** The type of the target-device events, which never occur in a JVM. */
    interface Target extends OmptCallback {
    }
}
