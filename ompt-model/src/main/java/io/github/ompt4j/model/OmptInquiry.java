package io.github.ompt4j.model;

/**
 * The inquiry functions of TR2 §5, for the calling thread. They read the thread's data with acquire
 * loads, never block and never allocate, so a sampler may call them at any moment; a thread caught
 * between two updates may answer with the state before or after the update, as TR2 allows.
 */
public final class OmptInquiry {
    /** The states this runtime reports, in the order {@code ompt_enumerate_state} lists them. */
    private static final OmptState[] REPORTED_STATES = {
        OmptState.WORK_SERIAL, OmptState.WORK_PARALLEL, OmptState.WORK_REDUCTION, OmptState.IDLE,
        OmptState.OVERHEAD, OmptState.WAIT_BARRIER_IMPLICIT, OmptState.WAIT_BARRIER_EXPLICIT,
        OmptState.WAIT_TASKWAIT, OmptState.WAIT_TASKGROUP, OmptState.WAIT_LOCK, OmptState.WAIT_CRITICAL,
        OmptState.WAIT_ATOMIC, OmptState.WAIT_ORDERED, OmptState.UNDEFINED,
    };

    private OmptInquiry() {
    }

    /** {@code ompt_get_thread_id}. */
    public static long threadId() {
        OmptThread t = OmptThreads.current();
        return t == null ? 0 : t.id();
    }

    /** {@code ompt_get_state}: the code; {@code waitId[0]} gets the wait ID in a wait state, else 0. */
    public static int state(long[] waitId) {
        OmptThread t = OmptThreads.current();
        OmptState s = t == null ? OmptState.UNDEFINED : t.state();
        if (waitId != null) {
            waitId[0] = s.isWait() ? t.waitId() : 0;
        }
        return s.code();
    }

    /** {@code ompt_get_parallel_id}. 0 outside any region, when idle, and beyond the levels. */
    public static long parallelId(int ancestorLevel) {
        OmptParallel p = region(ancestorLevel);
        return p == null ? 0 : p.id();
    }

    /** {@code ompt_get_parallel_team_size}. -1 beyond the levels (and outside any region). */
    public static int parallelTeamSize(int ancestorLevel) {
        OmptParallel p = region(ancestorLevel);
        return p == null ? -1 : p.teamSize();
    }

    /** {@code ompt4j_get_mutex_contended}: the calling thread's acquisition in progress, or its last. */
    public static boolean mutexContended() {
        OmptThread t = OmptThreads.current();
        return t != null && t.acquireContended();
    }

    /** {@code ompt4j_get_parallel_participants}: null outside a {@code parallel_end} callback. */
    public static long[] endingParallelParticipants() {
        OmptThread t = OmptThreads.current();
        OmptParallel p = t == null ? null : t.endingParallel();
        return p == null ? null : p.participants();
    }

    private static OmptParallel region(int ancestorLevel) {
        OmptThread t = OmptThreads.current();
        if (t == null || t.state() == OmptState.IDLE) {
            return null;
        }
        OmptTask task = t.currentTask();
        return task == null || task.parallel() == null ? null : task.parallel().ancestor(ancestorLevel);
    }

    /** {@code ompt_get_task_info}: level 0 is the current task, 1 its parent, and so on. */
    public static boolean taskInfo(int ancestorLevel, OmptTaskInfo info) {
        OmptThread t = OmptThreads.current();
        OmptTask current = t == null ? null : t.currentTask();
        OmptTask task = current == null ? null : current.ancestor(ancestorLevel);
        if (task == null) {
            return false;
        }
        if (info != null) {
            info.fill(task);
        }
        return true;
    }

    /** {@code ompt_enumerate_state}, starting from {@link OmptState#FIRST}. */
    public static int enumerateState(int current, int[] next, String[] nextName) {
        int i;
        if (current == OmptState.FIRST.code()) {
            i = 0;
        } else {
            int at = indexOf(current);
            if (at < 0) {
                return 0;
            }
            i = at + 1;
        }
        return i >= REPORTED_STATES.length ? 0
                : fill(REPORTED_STATES[i].code(), REPORTED_STATES[i].ompName(), next, nextName);
    }

    private static int indexOf(int stateCode) {
        for (int i = 0; i < REPORTED_STATES.length; i++) {
            if (REPORTED_STATES[i].code() == stateCode) {
                return i;
            }
        }
        return -1;
    }

    /** {@code ompt_enumerate_lock_types}, starting from {@link OmptLockImpl#FIRST} (0). */
    public static int enumerateLockTypes(int current, int[] next, String[] nextName) {
        OmptLockImpl following = OmptLockImpl.ofCode(current + 1);
        return OmptLockImpl.ofCode(current) == null || following == null ? 0
                : fill(following.code(), following.ompName(), next, nextName);
    }

    /** {@code ompt_enumerate_atomic_types}, starting from {@link OmptAtomicType#FIRST} (0). */
    public static int enumerateAtomicTypes(int current, int[] next, String[] nextName) {
        OmptAtomicType following = OmptAtomicType.ofCode(current + 1);
        return OmptAtomicType.ofCode(current) == null || following == null ? 0
                : fill(following.code(), following.ompName(), next, nextName);
    }

    private static int fill(int code, String name, int[] next, String[] nextName) {
        if (next != null) {
            next[0] = code;
        }
        if (nextName != null) {
            nextName[0] = name;
        }
        return 1;
    }
}
