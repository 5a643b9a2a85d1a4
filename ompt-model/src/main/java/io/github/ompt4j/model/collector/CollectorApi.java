package io.github.ompt4j.model.collector;

import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRegistry;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Sun's Collector API ({@code __omp_collector_api}) over the OMPT model: the batched request buffer
 * of {@link #request(ByteBuffer)}, and a typed form of the same requests, which share one
 * implementation and answer alike.
 *
 * <p><b>Sequence.</b> START opens a session; every other request before it, and a second START,
 * answers {@link CollectorErrorCode#SEQUENCE_ERR}. STOP cancels all callbacks and closes the session;
 * after it everything but START answers SEQUENCE_ERR. A START after STOP opens a new session, with no
 * callbacks and not paused: we support restarting, which the header leaves to the implementation.
 *
 * <p><b>Tracking, and a START too late.</b> START turns the runtime's tracking on (the states and
 * region IDs that STATE and CURRENT_PRID read), with or without an OMPT tool, before any REGISTER; it
 * stays on after STOP, so that a new session finds the model current. The header lets START answer
 * SEQUENCE_ERR when it "arrives too late for such initialization", and ours does once the directive
 * library ran untracked: a parallel region, a worker thread, or a construct that begins in one method
 * and ends in another (a loop's schedule, single, critical, atomic, ordered, a lock) began while
 * nothing tracked. Tracking that turned on in the middle of those would see their ends without their
 * begins, and workers it never saw start. So a collector issues START first thing in {@code main}, as
 * the header asks ("as early as possible"). With an OMPT tool registered at start-up the runtime tracks
 * from the beginning, and START is never too late.
 *
 * <p><b>Callbacks in buffers.</b> A {@code ByteBuffer} cannot hold a Java object, so REGISTER's
 * {@code {event, void *callback}} becomes {@code {int event, int pad, long handle}}, where the handle
 * comes from {@link #handle(CollectorCallback)}. A handle that was never given out answers
 * {@link CollectorErrorCode#ERROR}.
 *
 * <p><b>Error codes.</b> All of the header's codes are used except {@link CollectorErrorCode#OBSOLETE}:
 * no request has been retired. Unknown request numbers answer UNKNOWN whether or not a session is
 * open. An event code that names no event answers UNKNOWN, one in the implementation range (from
 * {@link CollectorEvent#FIRST_IMPLEMENTATION_CODE}) UNSUPPORTED, for REGISTER and UNREGISTER alike;
 * an UNREGISTER of an event with no callback is ignored and answers OK.
 *
 * <p><b>Threads.</b> Any thread may make any request. START, REGISTER, UNREGISTER, STOP, PAUSE and
 * RESUME are serialized by a lock. STATE, CURRENT_PRID and PARENT_PRID take no lock and allocate
 * nothing (the header's async-signal-safe requests are what a sampler calls): they read the calling
 * thread's data in the model with acquire loads.
 */
public final class CollectorApi {
    private static final Object LOCK = new Object();
    private static final CollectorBridge BRIDGE = new CollectorBridge();
    private static final CollectorHandles HANDLES = new CollectorHandles();
    private static final CollectorCallback[] NONE = new CollectorCallback[CollectorEvent.TABLE_SIZE];
    /** What {@link #parentRegionId} answers when the caller is not the master of a team; region IDs are never negative. */
    static final long NOT_A_MASTER = -1;

    /** The collector's registrations, indexed by event code; they outlive PAUSE but not STOP. Guarded by LOCK. */
    private static final CollectorCallback[] registered = new CollectorCallback[CollectorEvent.TABLE_SIZE];
    /** Written under LOCK; read without it by the inquiry requests. */
    private static volatile boolean started;
    /** Guarded by LOCK. */
    private static boolean paused;

    private CollectorApi() {
    }

    /**
     * {@code __omp_collector_api}: process the requests in {@code arg}, from its position, writing each
     * one's {@code ec}, {@code rsz} and results in place. Integers are read and written in the buffer's
     * byte order: set it to {@link java.nio.ByteOrder#nativeOrder()} to share the layout with C. The
     * buffer's position and limit are not changed. See the package description for the format.
     *
     * @return 0 if every entry up to the terminating {@code sz == 0} was processed (some may have
     *     answered an error code); -1 if an entry's {@code sz} was malformed or misaligned, or an entry
     *     does not fit before the limit (the rest of the request is then ignored), and for a
     *     {@code null} or read-only buffer
     */
    public static int request(ByteBuffer arg) {
        return CollectorBatch.process(arg);
    }

    /** The handle that stands for {@code callback} in REGISTER's buffer layout; the same callback gets the same handle. */
    public static long handle(CollectorCallback callback) {
        return HANDLES.handle(Objects.requireNonNull(callback, "callback"));
    }

    static CollectorCallback callback(long handle) {
        return HANDLES.callback(handle);
    }

    /** Whether a session is open; read without the lock. */
    static boolean isStarted() {
        return started;
    }

    /**
     * OMP_REQ_START: open a session and turn tracking on for good; SEQUENCE_ERR if a session is open,
     * or if it is too late to turn tracking on (see the class description).
     */
    public static CollectorErrorCode start() {
        synchronized (LOCK) {
            if (started || !OmptRegistry.keepTracking(true)) {
                return CollectorErrorCode.SEQUENCE_ERR;
            }
            started = true;
            paused = false;
            return CollectorErrorCode.OK;
        }
    }

    /** OMP_REQ_REGISTER: {@code callback} replaces any callback registered for {@code event}. */
    public static CollectorErrorCode register(CollectorEvent event, CollectorCallback callback) {
        return register(event.code(), callback);
    }

    static CollectorErrorCode register(int eventCode, CollectorCallback callback) {
        synchronized (LOCK) {
            CollectorErrorCode check = checkEvent(eventCode);
            if (check != CollectorErrorCode.OK) {
                return check;
            }
            if (callback == null) {
                return CollectorErrorCode.ERROR;
            }
            registered[eventCode] = callback;
            publish();
            return CollectorErrorCode.OK;
        }
    }

    /** OMP_REQ_UNREGISTER. */
    public static CollectorErrorCode unregister(CollectorEvent event) {
        return unregister(event.code());
    }

    static CollectorErrorCode unregister(int eventCode) {
        synchronized (LOCK) {
            CollectorErrorCode check = checkEvent(eventCode);
            if (check == CollectorErrorCode.OK && registered[eventCode] != null) {
                registered[eventCode] = null;
                publish();
            }
            return check;
        }
    }

    private static CollectorErrorCode checkEvent(int eventCode) {
        if (!started) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        if (eventCode >= CollectorEvent.FIRST_IMPLEMENTATION_CODE) {
            return CollectorErrorCode.UNSUPPORTED;
        }
        return CollectorEvent.ofCode(eventCode) == null ? CollectorErrorCode.UNKNOWN : CollectorErrorCode.OK;
    }

    /**
     * OMP_REQ_STOP: cancel every callback and close the session. Tracking stays on: turning it off in
     * the middle of constructs would lose their ends, and a new session needs it again.
     */
    public static CollectorErrorCode stop() {
        synchronized (LOCK) {
            if (!started) {
                return CollectorErrorCode.SEQUENCE_ERR;
            }
            started = false;
            paused = false;
            Arrays.fill(registered, null);
            publish();
            return CollectorErrorCode.OK;
        }
    }

    /** OMP_REQ_PAUSE: events are neither sent nor remembered until RESUME; registrations stay. Idempotent. */
    public static CollectorErrorCode pause() {
        return setPaused(true);
    }

    /** OMP_REQ_RESUME: events flow again to the callbacks registered now. Idempotent. */
    public static CollectorErrorCode resume() {
        return setPaused(false);
    }

    private static CollectorErrorCode setPaused(boolean pause) {
        synchronized (LOCK) {
            if (!started) {
                return CollectorErrorCode.SEQUENCE_ERR;
            }
            if (paused != pause) {
                paused = pause;
                publish();
            }
            return CollectorErrorCode.OK;
        }
    }

    /** Hand the bridge what should receive events now: a copy, since it must never change once published. */
    private static void publish() {
        BRIDGE.publish(started && !paused ? registered.clone() : NONE);
    }

    /**
     * OMP_REQ_STATE for the calling thread, into {@code out}: its state and, in a wait state, what it
     * waits for. A thread the model does not know is serial; one in a THR_BEGIN_EBAR or THR_BEGIN_IBAR
     * callback is in that barrier. Allocates nothing.
     */
    public static CollectorErrorCode state(CollectorStateInfo out) {
        if (!started) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        OmptThread thread = OmptThreads.current();
        out.state = stateOf(thread);
        out.waitId = waitIdOf(thread, out.state);
        return CollectorErrorCode.OK;
    }

    static CollectorState stateOf(OmptThread thread) {
        CollectorState barrier = BRIDGE.enteringBarrier();
        if (barrier != null) {
            return barrier;
        }
        return CollectorState.of(thread == null ? OmptState.UNDEFINED : thread.state());
    }

    /** Read after {@link #stateOf}: the model publishes the wait ID before the state, so this is the state's. */
    static long waitIdOf(OmptThread thread, CollectorState state) {
        if (BRIDGE.enteringBarrier() != null) {
            return BRIDGE.enteringBarrierId();
        }
        return state.hasWaitId() ? thread.waitId() : 0;
    }

    /**
     * OMP_REQ_CURRENT_PRID into {@code out[0]}: the region the calling thread runs in, or 0 when it is
     * in none (serial, idle, unknown to the model). In a FORK callback, the region being forked.
     */
    public static CollectorErrorCode currentPrid(long[] out) {
        if (!started) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        out[0] = currentRegionId(OmptThreads.current());
        return CollectorErrorCode.OK;
    }

    static long currentRegionId(OmptThread thread) {
        long forking = BRIDGE.forkingRegion();
        if (forking != 0) {
            return forking;
        }
        if (thread == null || thread.state() == OmptState.IDLE) {
            return 0;
        }
        OmptTask task = thread.currentTask();
        return task == null ? 0 : task.parallelId();
    }

    /**
     * OMP_REQ_PARENT_PRID into {@code out[0]}: the region enclosing the calling thread's region, 0 for
     * an outermost region. Only the master of a team may ask, that is thread 0 of its innermost region
     * (or, in a FORK callback, the thread forking, whose enclosing region is the one it runs in);
     * another thread, or one in no region, gets {@link CollectorErrorCode#THREAD_ERR}.
     */
    public static CollectorErrorCode parentPrid(long[] out) {
        if (!started) {
            return CollectorErrorCode.SEQUENCE_ERR;
        }
        long parent = parentRegionId(OmptThreads.current());
        if (parent == NOT_A_MASTER) {
            return CollectorErrorCode.THREAD_ERR;
        }
        out[0] = parent;
        return CollectorErrorCode.OK;
    }

    /** The enclosing region's ID, or {@link #NOT_A_MASTER}. */
    static long parentRegionId(OmptThread thread) {
        if (thread == null) {
            return NOT_A_MASTER;
        }
        OmptTask task = thread.currentTask();
        if (BRIDGE.forkingRegion() != 0) {
            return task == null ? 0 : task.parallelId();
        }
        if (task == null || task.parallel() == null || thread.threadNum() != 0) {
            return NOT_A_MASTER;
        }
        OmptParallel enclosing = task.parallel().enclosing();
        return enclosing == null ? 0 : enclosing.id();
    }

    /**
     * For tests only: stop any session, detach the bridge, stop keeping tracking on and forget all
     * handles, whatever state an earlier test (or a reset of the OMPT registry) left behind.
     */
    public static void resetForTests() {
        synchronized (LOCK) {
            started = false;
            paused = false;
            Arrays.fill(registered, null);
            BRIDGE.detachAll();
            OmptRegistry.keepTracking(false);
            HANDLES.clear();
        }
    }
}
