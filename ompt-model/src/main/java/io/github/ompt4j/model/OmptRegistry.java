package io.github.ompt4j.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Who receives events: the initialized tools, in the order they were initialized, followed by the
 * runtime's own listeners (the Collector API's bridge). Whenever either changes, a new dispatch table
 * is built and published to {@link OmptDispatch} as a whole.
 *
 * <p><b>More than one tool.</b> TR2 lets one tool register, because C sees one {@code ompt_tool}
 * symbol. A JVM can find several through {@link java.util.ServiceLoader}, and users combine, say, the
 * JFR recorder with the print tool; so every tool that accepts is initialized, each with its own
 * {@code ompt_set_callback} and {@code ompt_get_callback}, and an event goes to each registered
 * callback in tool order. One tool's failure does not hide the event from the others.
 *
 * <p><b>Tracking.</b> The runtime keeps states and IDs while {@link OmptDispatch#tracking()} is true:
 * while any callback is registered, and from the Collector API's START on ({@link #keepTracking}).
 * Tracking may only turn on before the adapters ran anything untracked: some constructs begin in one
 * method and end in another, so tracking that turns on in the middle of one would report its end
 * without its begin. Adapters record an untracked run ({@link #runsUntracked}), and START is refused
 * after one.
 */
public final class OmptRegistry {
    private static final List<ToolSession> TOOLS = new ArrayList<>();
    private static final List<OmptEvent> INTERNAL_EVENTS = new ArrayList<>();
    private static final List<OmptCallback> INTERNAL_CALLBACKS = new ArrayList<>();
    /** Whether tracking is kept on without callbacks; guarded by the class lock. */
    private static boolean trackingKept;
    /** Set, under the class lock, the first time an adapter runs a construct untracked; read without it. */
    private static volatile boolean ranUntracked;

    private OmptRegistry() {
    }

    /**
     * Initialize each tool that accepts, then publish the table. Returns the sessions. A tool whose
     * {@code accept} or {@code initialize} throws is left out, with the callbacks it registered before it
     * threw (a half-initialized tool would get events it is not ready for), and said so once; the other
     * tools start as if it had never been there.
     */
    static synchronized List<ToolSession> initialize(List<OmptTool> tools, int omptVersion) {
        List<ToolSession> sessions = new ArrayList<>();
        String runtimeVersion = null; // read once a tool takes it: the model jar's manifest, 3 ms of premain
        for (OmptTool tool : tools) {
            try {
                if (!tool.accept()) {
                    continue;
                }
                ToolSession session = new ToolSession(tool);
                if (runtimeVersion == null) {
                    runtimeVersion = Ompt.runtimeVersion();
                }
                session.initialize(runtimeVersion, omptVersion);
                sessions.add(session);
            } catch (Throwable e) {
                ToolFailures.initializeFailed(tool, e);
            }
        }
        TOOLS.addAll(sessions);
        publish();
        return sessions;
    }

    /**
     * Add a runtime-internal listener for {@code event}, such as the Collector API's bridge. Unlike a
     * tool's callback it may come and go at any time, because the Collector API starts on request.
     */
    public static synchronized void attach(OmptEvent event, OmptCallback callback) {
        if (!event.signature().isInstance(callback)) {
            throw new IllegalArgumentException(callback + " does not implement " + event.signature());
        }
        INTERNAL_EVENTS.add(event);
        INTERNAL_CALLBACKS.add(callback);
        publish();
    }

    /** Remove every runtime-internal listener that is {@code callback}. */
    public static synchronized void detach(OmptCallback callback) {
        for (int i = INTERNAL_CALLBACKS.size() - 1; i >= 0; i--) {
            if (INTERNAL_CALLBACKS.get(i) == callback) {
                INTERNAL_CALLBACKS.remove(i);
                INTERNAL_EVENTS.remove(i);
            }
        }
        publish();
    }

    /**
     * Keep the runtime tracking while no callback is registered, or stop keeping it. The Collector
     * API's START asks for it: a sampling collector registers no callback, and still needs STATE and
     * CURRENT_PRID. Turning tracking on this way is refused (false, and nothing changes) once an adapter
     * ran a construct untracked, unless tracking is on anyway; anything else succeeds.
     */
    public static synchronized boolean keepTracking(boolean keep) {
        if (keep && ranUntracked && !OmptDispatch.tracking()) {
            return false;
        }
        trackingKept = keep;
        publish();
        return true;
    }

    /**
     * An adapter's hook found tracking off where a construct begins (or a thread starts): record that
     * the construct runs untracked, which makes {@link #keepTracking} refuse from then on. Returns
     * false, recording nothing, if tracking turned on since the hook looked; the hook then tracks the
     * construct after all. The first call takes the class lock, so that it and {@code keepTracking}
     * cannot both go ahead; after it, a call costs two volatile reads.
     */
    public static boolean runsUntracked() {
        if (ranUntracked) {
            return !OmptDispatch.tracking();
        }
        synchronized (OmptRegistry.class) {
            if (OmptDispatch.tracking()) {
                return false;
            }
            ranUntracked = true;
            return true;
        }
    }

    /**
     * Forget every tool and listener, the kept tracking and any untracked run; for tests, which start
     * the runtime many times in one JVM.
     */
    static synchronized void reset() {
        TOOLS.clear();
        INTERNAL_EVENTS.clear();
        INTERNAL_CALLBACKS.clear();
        trackingKept = false;
        ranUntracked = false;
        publish();
    }

    private static void publish() {
        OmptCallback[][] table = new OmptCallback[OmptEvent.TABLE_SIZE][];
        for (ToolSession session : TOOLS) {
            for (OmptEvent event : OmptEvent.values()) {
                add(table, event, session.callback(event));
            }
        }
        for (int i = 0; i < INTERNAL_EVENTS.size(); i++) {
            add(table, INTERNAL_EVENTS.get(i), INTERNAL_CALLBACKS.get(i));
        }
        OmptDispatch.publish(table, trackingKept);
    }

    private static void add(OmptCallback[][] table, OmptEvent event, OmptCallback callback) {
        if (callback == null) {
            return;
        }
        OmptCallback[] old = table[event.code()];
        OmptCallback[] grown = old == null ? new OmptCallback[1] : Arrays.copyOf(old, old.length + 1);
        grown[grown.length - 1] = callback;
        table[event.code()] = grown;
    }
}
