package io.github.ompt4j.model;

/** The lock implementations this runtime reports in {@code init_lock} and {@code wait_*} events, enumerated by {@code ompt_enumerate_lock_types}. Code 0 is {@code ompt_lock_type_first}, the placeholder that starts the enumeration. */
public enum OmptLockImpl implements Codes.Coded {
    /** {@code ompt_lock_type_first}: starts an enumeration; no lock has this implementation. */
    FIRST(0),
    /** {@code OmpLock} of the directive library: test-and-set that spins, then parks. */
    OMP_LOCK(1),
    /** {@code OmpNestLock} of the directive library: an owner and a nesting count over the same lock. */
    OMP_NEST_LOCK(2),
    /** The lock behind a named or unnamed {@code critical} construct of the directive library. */
    OMP_CRITICAL(3),
    /** {@code java.util.concurrent.locks.ReentrantLock}. */
    JUC_REENTRANT_LOCK(4),
    /** {@code java.util.concurrent.locks.ReentrantReadWriteLock}. */
    JUC_READ_WRITE_LOCK(5),
    /** {@code java.util.concurrent.Semaphore}. */
    JUC_SEMAPHORE(6),
    /** {@code java.util.concurrent.locks.StampedLock}. */
    JUC_STAMPED_LOCK(7);

    private static final OmptLockImpl[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptLockImpl(int code) {
        this.code = code;
        this.ompName = "ompt_lock_impl_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_lock_impl_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptLockImpl ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
