package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.jfr.events.VirtualThreadMountEvent;
import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;
import io.github.ompt4j.model.VirtualThreadMounts;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.Event;

/**
 * The JFR tool: turns OMPT callbacks into the {@code ompt.*} events of {@link io.github.ompt4j.jfr.events}.
 *
 * <p><b>What it registers.</b> Only the callbacks that the event types switched on in its settings need
 * ({@link JfrBinding}, one row per event type with its handlers); registering a callback is not free even when
 * JFR then drops the event, because the runtime keeps state for it and an adapter may walk the stack for the
 * call site of an event a tool listens to. Which types are on is read once, at {@code initialize}; what is
 * recorded is decided later, by the running recordings, and every callback asks {@link Event#isEnabled()}
 * before it reads a clock.
 *
 * <p><b>Spans.</b> A begin/end pair of callbacks becomes one duration event committed at the end, on the
 * thread the pair describes: {@link ThreadSpans} and {@link MutexSpans}, in each thread's {@link ThreadEvents}
 * (reused event objects, no allocation once a thread's nesting depth is reached); {@link RegionSpans}, keyed
 * by region ID, because a region may end on another thread. {@link Instants} and {@link Origins} allocate an
 * event per commit, since JDK 17 keeps a committed instant event's start time.
 *
 * <p><b>Control.</b> {@code pause} stops new spans and instant events until {@code start}; {@code stop}
 * stops them for good; spans already open still end. Every control call is recorded as
 * {@code ompt.Control}, paused or not. Only one {@code JfrTool} per JVM accepts: the first one offered.
 */
public final class JfrTool implements OmptTool {
    private static final AtomicBoolean ACCEPTED = new AtomicBoolean();

    private final Set<Class<? extends Event>> types;
    private final Handlers handlers;

    /** The tool for {@code tool=io.github.ompt4j.jfr.JfrTool}: the settings named by {@value JfrSettings#PROPERTY}. */
    public JfrTool() {
        this(JfrSettings.resolve(JfrSettings.nameFromSystemProperty()));
    }

    /** A tool that registers the callbacks of the event types {@code settings} switch on. */
    public JfrTool(Map<String, String> settings) {
        Set<Class<? extends Event>> on = new LinkedHashSet<>();
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            if (JfrSettings.enables(settings, type)) {
                on.add(type);
            }
        }
        this.types = Collections.unmodifiableSet(on);
        this.handlers = new Handlers(new JfrContext(JfrSettings.keepsEvery(settings, TaskEvent.class)));
    }

    /** The event types this tool records (the others' callbacks are never registered). */
    public Set<Class<? extends Event>> types() {
        return types;
    }

    /** Declines when another {@code JfrTool} already accepted: two would record every event twice. */
    @Override
    public boolean accept() {
        return ACCEPTED.compareAndSet(false, true);
    }

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        handlers.context.lookUp(lookup);
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        for (Map.Entry<OmptEvent, OmptCallback> c : JfrBinding.callbacks(types, handlers).entrySet()) {
            set.setCallback(c.getKey(), c.getValue());
        }
        OmptEventTypes.registerAll();
        if (types.contains(ThreadStateEvent.class)) {
            ThreadStateSampler.install();
        }
        if (types.contains(VirtualThreadMountEvent.class)) {
            VirtualThreadMounts.recordTo(new Mounts());
        }
    }

    /** Regions begun and not ended; the no-leak contract says 0 once every region has ended. */
    int openRegions() {
        return handlers.regions.open();
    }

    /** Threads whose spans the tool keeps; 0 once every thread that reported an event has ended. */
    int trackedThreads() {
        return handlers.context.threads.size();
    }
}
