package io.github.ompt4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import jdk.internal.vm.annotation.DontInline;

/**
 * The registry of threads known to the runtime.
 *
 * <p>A {@code ThreadLocal} answers {@link #current()} quickly, but it cannot be the only reference:
 * on JDK 25 the common pool's workers clear their ThreadLocals whenever they go idle, and other
 * threads (inquiry, sampling, live inspection) must find every thread's data. So each
 * {@link OmptThread} also sits in a concurrent map keyed by its {@code Thread}; a ThreadLocal miss
 * falls back to the map and re-installs the entry. The map is keyed by identity, so a lookup
 * allocates nothing. Entries leave it when a thread ends ({@link #detach}) and, for threads that die
 * without telling us, when the next thread attaches or someone lists the live threads: nothing
 * leaks, and a thread's exit never waits for a lock.
 */
public final class OmptThreads {
    /** Package-private so that a test can clear it as JDK 25's idle common-pool workers do. */
    static final ThreadLocal<OmptThread> CURRENT = new ThreadLocal<>();
    /**
     * The fast path of {@link #current()}: the data of the thread last seen in each slot, a slot chosen by
     * thread ID. A lookup here is an array load and an identity check where a ThreadLocal hashes and probes
     * (in StateTransitionBenchmark, a lookup costs 0.61 ns against the ThreadLocal's 0.87). A slot is a hint, never the truth: a thread
     * that finds another's data there (two IDs in one slot, or a Thread subclass whose getId is not unique)
     * takes the ThreadLocal and claims the slot. Slots are written without synchronization: a reader sees
     * some thread's data or none, and only ever uses its own. They hold the data of threads that ended
     * without detaching until another thread claims the slot; detaching empties the thread's own.
     * Package-private, as {@link #CURRENT} is, for the tests.
     */
    static final OmptThread[] RECENT = new OmptThread[256];
    private static final ConcurrentHashMap<Thread, OmptThread> BY_THREAD = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_THREAD_ID = new AtomicLong(1);
    private static final DeadThreadSweep DEAD = new DeadThreadSweep();

    private OmptThreads() {
    }

    /** The calling thread's data, or {@code null} if it never attached. */
    public static OmptThread current() {
        Thread me = Thread.currentThread();
        int slot = slot(me);
        OmptThread t = RECENT[slot];
        return t != null && t.javaThread() == me ? t : claim(slot);
    }

    /**
     * A lookup that missed its slot: the ThreadLocal or the registry, and the slot claimed. Never inlined: every hook
     * inlines {@link #current()}, and this path (the ThreadLocal's hashing and probing, the registry's map) compiled
     * into each of them made the program's methods, which inline the hooks, bigger to compile.
     */
    @DontInline
    private static OmptThread claim(int slot) {
        OmptThread t = CURRENT.get();
        if (t == null) {
            t = recover();
        }
        if (t != null) {
            RECENT[slot] = t;
        }
        return t;
    }

    private static int slot(Thread thread) {
        return (int) thread.getId() & (RECENT.length - 1);
    }

    private static OmptThread recover() {
        OmptThread t = BY_THREAD.get(Thread.currentThread());
        if (t != null) {
            CURRENT.set(t);
        }
        return t;
    }

    /** The calling thread's data, attaching it with {@code type} if it is new. */
    public static OmptThread currentOrAttach(OmptThreadType type) {
        OmptThread t = current();
        return t != null ? t : attach(type);
    }

    /** Attach the calling thread. Attaching a thread twice is a bug in the caller. */
    public static OmptThread attach(OmptThreadType type) {
        Thread me = Thread.currentThread();
        OmptThread t = new OmptThread(NEXT_THREAD_ID.getAndIncrement(), type, me);
        if (BY_THREAD.putIfAbsent(me, t) != null) {
            throw new IllegalStateException("thread " + me.getName() + " is already attached");
        }
        CURRENT.set(t);
        if (DEAD.due(BY_THREAD)) {
            DEAD.sweep(BY_THREAD);
        }
        return t;
    }

    /** Forget the calling thread (it is ending). */
    public static void detach() {
        Thread me = Thread.currentThread();
        OmptThread t = BY_THREAD.remove(me);
        CURRENT.remove();
        int slot = slot(me);
        if (t != null && RECENT[slot] == t) {
            RECENT[slot] = null;
        }
    }

    /** The data of {@code thread}, or {@code null} if it is not attached. */
    public static OmptThread of(Thread thread) {
        return BY_THREAD.get(thread);
    }

    /**
     * A thread other than {@code except} that holds the mutex {@code waitId} ({@link OmptThread#holds}),
     * or {@code null} if none is seen holding it: who a waiter waits for.
     */
    public static OmptThread holderOf(long waitId, OmptThread except) {
        for (OmptThread t : BY_THREAD.values()) {
            if (t != except && t.holds(waitId)) {
                return t;
            }
        }
        return null;
    }

    /** A snapshot of the attached threads that are still alive, in no particular order. */
    public static List<OmptThread> live() {
        DEAD.sweep(BY_THREAD);
        return new ArrayList<>(BY_THREAD.values());
    }
}
