package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A lock or nest lock was initialized ({@code init_lock}, {@code init_nest_lock}): it names a wait ID
 * by the place the program created the lock, which analyses of {@link MutexAcquireEvent} use.
 */
@Name(LockInitEvent.NAME)
@Label("Lock Initialization")
@Category({OmptCategories.ROOT, OmptCategories.SYNCHRONIZATION})
@Description("A lock or nest lock was initialized: its wait ID, kind and where the program created it.")
@StackTrace(false)
public final class LockInitEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.LockInit";

    @Label("Kind")
    @Description("lock or nest_lock.")
    public String kind;

    @Label("Wait ID")
    @Description("The lock.")
    @WaitId
    @Unsigned
    public long waitId;

    @Label("Implementation")
    @Description("How the lock is implemented (omp_lock, omp_nest_lock ...).")
    public String implementation;

    @Label("Hint")
    @Description("The lock hint bits (omp_sync_hint_*).")
    @Unsigned
    public int hint;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
