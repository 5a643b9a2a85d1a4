package io.github.ompt4j.model;

/**
 * The mutex acquisition a thread has in progress, between its {@code wait_*} and {@code acquired_*} events,
 * and the condition wait whose lock the thread will take again. Owner thread only, except
 * {@link #contended}, which listeners of the wait read on that thread too.
 */
final class MutexAcquisition {
    /** The call site of the acquisition, reported again by its acquired event. */
    private long codeptr;
    /** Whether the mutex was held when the thread reached it. */
    private boolean contended;
    /** The wait ID of an acquisition that has not blocked yet (0: none); see {@link OmptRuntime#mutexBlocked}. */
    private long pending;
    /** The wait ID of the nest lock a condition wait released, to take again (0: not in a condition wait). */
    private long conditionLock;
    /** How many times the thread held that lock before the wait, as many as it takes again. */
    private int conditionHolds;
    /** Whether the condition wait is over and the thread is taking the lock again. */
    private boolean reacquiring;

    void setCodeptr(long codeptr) {
        this.codeptr = codeptr;
    }

    long codeptr() {
        return codeptr;
    }

    void setContended(boolean contended) {
        this.contended = contended;
    }

    /** See {@link OmptThread#acquireContended}. */
    boolean contended() {
        return contended;
    }

    long pending() {
        return pending;
    }

    void setPending(long waitId) {
        pending = waitId;
    }

    void beginConditionWait(long lockWaitId, int holds) {
        conditionLock = lockWaitId;
        conditionHolds = holds;
        reacquiring = false;
    }

    long conditionLock() {
        return conditionLock;
    }

    int conditionHolds() {
        return conditionHolds;
    }

    boolean reacquiring() {
        return reacquiring;
    }

    void setReacquiring() {
        reacquiring = true;
    }

    void endConditionWait() {
        conditionLock = 0;
    }
}
