package io.github.ompt4j.hooks;

import io.github.ompt4j.model.OmptDispatch;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether an adapter's hooks still report, shared by every adapter (one instance per adapter name).
 * Woven code catches everything a hook throws and reports it here ({@link #hookFailed}): the first failure
 * disables the adapter with one warning naming it (its events would no longer be trustworthy), later ones
 * are only counted. A type the
 * weaver could not weave disables its adapter the same way, because a half-woven framework reports
 * unmatched begin and end events.
 *
 * <p>{@link #active()} is what every hook tests first: the adapter is healthy and the runtime tracks
 * (a tool registered a callback, or the Collector API started). Both are volatile reads, so a tool that
 * starts later, or an adapter that fails, takes effect at the next hook.
 */
public final class AdapterHealth {
    private static final ConcurrentHashMap<String, AdapterHealth> BY_NAME = new ConcurrentHashMap<>();

    private final String adapter;
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean enabled = true;

    private AdapterHealth(String adapter) {
        this.adapter = adapter;
    }

    /** The health of the adapter named {@code adapter}, the same instance for every caller. */
    public static AdapterHealth of(String adapter) {
        AdapterHealth health = BY_NAME.get(adapter);
        if (health == null) { // not computeIfAbsent's lambda: premain asks first
            AdapterHealth made = new AdapterHealth(adapter);
            health = BY_NAME.putIfAbsent(adapter, made);
            return health != null ? health : made;
        }
        return health;
    }

    public String adapter() {
        return adapter;
    }

    /** Whether hooks should report: the adapter works and the runtime tracks. */
    public boolean active() {
        return enabled && OmptDispatch.tracking();
    }

    /** Whether the adapter has not been disabled. */
    public boolean enabled() {
        return enabled;
    }

    /**
     * What woven code calls when the hook {@code hook} (its class and name) threw {@code failure}: a failure of the
     * adapter named {@code adapter}, the one whose weaving called the hook.
     */
    public static void hookFailed(Throwable failure, String adapter, String hook) {
        of(adapter).failed(hook, failure);
    }

    /** Record a failure; the first one disables the adapter with a warning on standard error. */
    public void failed(String where, Throwable failure) {
        disable("a failure in " + where + ": " + failure);
    }

    /** Disable the adapter, saying why once (later calls are only counted). */
    public void disable(String why) {
        if (failures.getAndIncrement() == 0) {
            enabled = false;
            System.err.println("ompt4j [warn] adapter '" + adapter + "' is disabled after " + why
                    + "; the application goes on without its events");
        }
    }

    public long failures() {
        return failures.get();
    }
}
