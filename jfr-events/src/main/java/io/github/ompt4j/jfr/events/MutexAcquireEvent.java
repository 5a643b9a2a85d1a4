package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A thread acquiring a mutex that another thread held, from the {@code wait_*} event (as it blocks) until
 * {@code acquired_*}: its state is {@code wait_lock}, {@code wait_critical}, {@code wait_atomic} or
 * {@code wait_ordered} for the whole span. An acquisition that takes the mutex at once is not a wait and is
 * not recorded (the tool asks {@code ompt4j_get_mutex_contended} and reads no clock). The holder seen when the wait began, and
 * where it acquired the mutex, say whom to blame for the wait without timing every hold.
 */
@Name(MutexAcquireEvent.NAME)
@Label("Mutex Acquisition")
@Category({OmptCategories.ROOT, OmptCategories.SYNCHRONIZATION})
@Description("A thread acquires a lock, nest lock, critical, atomic or ordered construct, from reaching it until it holds it; off by default (see the README for the cost).")
@StackTrace(false)
@Enabled(false)
public final class MutexAcquireEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.MutexAcquire";

    @Label("Kind")
    @Description("lock, nest_lock, critical, atomic or ordered.")
    public String kind;

    @Label("Wait ID")
    @Description("The mutex: the lock, the critical or atomic construct, the region of an ordered construct.")
    @WaitId
    @Unsigned
    public long waitId;

    @Label("Implementation")
    @Description("How the mutex is implemented (omp_lock, omp_critical, lock or cas_retry for atomics ...); absent for ordered.")
    public String implementation;

    @Label("Hint")
    @Description("The lock hint bits (omp_sync_hint_*).")
    @Unsigned
    public int hint;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;

    @Label("Holder")
    @Description("The thread that held the mutex when the wait began; absent when none was seen (it had just released it).")
    public Thread holder;

    @Label("Holder Call Site")
    @Description("Where the holder acquired the mutex, as Class.method(File.java:line); absent when unknown.")
    public String holderCallSite;
}
