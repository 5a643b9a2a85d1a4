package io.github.ompt4j.model;

/**
 * The OMPT functions a tool obtains through {@link OmptLookup}: {@code ompt_interface_fn_t}, with one
 * nested interface per function of TR2 §5 and §7.2. C's out-parameters become arrays or a reusable
 * {@link OmptTaskInfo}, which a tool may pass as {@code null} when it does not want the value.
 * Inquiry functions answer for the calling thread, never block and never allocate.
 */
public interface OmptApi {

    /** {@code ompt_enumerate_state}: 1 and the next state while states remain, else 0. */
    @FunctionalInterface
    interface EnumerateState extends OmptApi {
        int enumerateState(int currentState, int[] nextState, String[] nextStateName);
    }

    /** {@code ompt_enumerate_lock_types}: 1 and the next lock implementation while some remain, else 0. */
    @FunctionalInterface
    interface EnumerateLockTypes extends OmptApi {
        int enumerateLockTypes(int currentType, int[] nextType, String[] nextTypeName);
    }

    /** {@code ompt_enumerate_atomic_types}: 1 and the next atomic implementation while some remain, else 0. */
    @FunctionalInterface
    interface EnumerateAtomicTypes extends OmptApi {
        int enumerateAtomicTypes(int currentType, int[] nextType, String[] nextTypeDescription);
    }

    /** {@code ompt_set_callback}: an {@link OmptSetResult} code, 0 to 4. */
    @FunctionalInterface
    interface SetCallback extends OmptApi {
        int setCallback(OmptEvent event, OmptCallback callback);
    }

    /** {@code ompt_get_callback}: 1 and the tool's callback in {@code callback[0]}, or 0 if none. */
    @FunctionalInterface
    interface GetCallback extends OmptApi {
        int getCallback(OmptEvent event, OmptCallback[] callback);
    }

    /** {@code ompt_get_thread_id}: the calling thread's ID, 0 if the runtime does not know it. */
    @FunctionalInterface
    interface GetThreadId extends OmptApi {
        long getThreadId();
    }

    /** {@code ompt_get_state}: the state's code, and its wait ID (0 if none) in {@code waitId[0]}. */
    @FunctionalInterface
    interface GetState extends OmptApi {
        int getState(long[] waitId);
    }

    /** {@code ompt_get_parallel_id}: the region's ID at an ancestor level, 0 beyond the levels. */
    @FunctionalInterface
    interface GetParallelId extends OmptApi {
        long getParallelId(int ancestorLevel);
    }

    /** {@code ompt_get_parallel_team_size}: the team size at an ancestor level, -1 beyond the levels. */
    @FunctionalInterface
    interface GetParallelTeamSize extends OmptApi {
        int getParallelTeamSize(int ancestorLevel);
    }

    /**
     * {@code ompt4j_get_mutex_contended}, an extension: inside a mutex's {@code wait_*} callback (and its
     * {@code acquired_*}), whether another thread held the mutex so that the calling thread blocked: the
     * {@code wait_*} event of a lock, critical or atomic construct comes as the thread blocks (then true) or
     * just before {@code acquired_*} if it took the mutex at once (false); an ordered construct's always
     * counts as blocked. A tool that times waits can skip the free acquisitions, most of them, without
     * reading a clock.
     */
    @FunctionalInterface
    interface GetMutexContended extends OmptApi {
        boolean getMutexContended();
    }

    /**
     * {@code ompt4j_get_parallel_participants}, an extension: inside a {@code parallel_end} callback, the
     * thread IDs of every thread that ran a task of the ending region (an implicit task, or an explicit
     * task of it), in the order they first did; {@code null} outside such a callback. For a pool's region
     * it says which of its workers took part, which no event says when it begins.
     */
    @FunctionalInterface
    interface GetParallelParticipants extends OmptApi {
        long[] getParallelParticipants();
    }

    /** {@code ompt_get_task_info}: whether a task exists at the ancestor level; if so, fills {@code info}. */
    @FunctionalInterface
    interface GetTaskInfo extends OmptApi {
        boolean getTaskInfo(int ancestorLevel, OmptTaskInfo info);
    }
}
