package io.github.ompt4j.model;

import jdk.internal.vm.annotation.Contended;

/**
 * The mutex acquisition a thread has in progress, and the condition wait whose lock the thread will take
 * again. An acquisition reported late ({@link OmptRuntime#mutexAcquireLate}) is kept here whole until it
 * blocks or succeeds, when its {@code wait_*} event is dispatched; one reported early only keeps its call
 * site and contention for its acquired event. Owner thread only.
 * Padded ({@code @Contended}), as {@link OmptThread} says why.
 */
@Contended
final class MutexAcquisition {
    /** The call site of the acquisition, reported again by its acquired event. */
    private long codeptr;
    /** Whether the thread found the mutex held: it blocked (late), or the adapter said so (early). */
    private boolean contended;
    private static final OmptMutexKind[] KINDS = OmptMutexKind.values();
    private static final int NONE = -1;

    /**
     * The ordinal of the late acquisition's kind in progress ({@code NONE}: none); see {@link OmptRuntime#mutexBlocked}.
     * An ordinal, not the enum: a reference stored into this long-lived object at every acquisition would pass
     * G1's write barrier, which fences the processor when the object is old and the enum in another region.
     */
    private int kind = NONE;
    /** Its wait ID (0 until the adapter learns it), hint and implementation, for its {@code wait_*} event. */
    private long waitId;
    private int hint;
    private int impl;
    /** Whether the late acquisition's {@code wait_*} event was dispatched. */
    private boolean announced;
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

    /** A late acquisition begins: nothing dispatched, not contended until it blocks. */
    void beginLate(OmptMutexKind kind, long waitId, int hint, int impl, long codeptr) {
        this.kind = kind.ordinal();
        this.waitId = waitId;
        this.hint = hint;
        this.impl = impl;
        this.codeptr = codeptr;
        this.contended = false;
        this.announced = false;
    }

    /** The late acquisition ends, acquired or given up. */
    void endLate() {
        kind = NONE;
    }

    /** The late acquisition's kind; {@code null} if none is in progress. */
    OmptMutexKind kind() {
        return kind == NONE ? null : KINDS[kind];
    }

    long waitId() {
        return waitId;
    }

    /** The adapter learned the wait ID only now (a nonzero {@code waitId}), or keeps the one it began with. */
    void learnWaitId(long waitId) {
        if (waitId != 0) {
            this.waitId = waitId;
        }
    }

    int hint() {
        return hint;
    }

    int impl() {
        return impl;
    }

    boolean announced() {
        return announced;
    }

    /** The {@code wait_*} event is about to be dispatched, {@code contended} or not; once per acquisition. */
    void announce(boolean contended) {
        this.contended = contended;
        announced = true;
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
