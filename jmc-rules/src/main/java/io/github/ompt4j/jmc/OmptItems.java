package io.github.ompt4j.jmc;

import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmc.common.IMCThread;
import org.openjdk.jmc.common.item.Attribute;
import org.openjdk.jmc.common.item.IAttribute;
import org.openjdk.jmc.common.item.IItem;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.IItemIterable;
import org.openjdk.jmc.common.item.IMemberAccessor;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.common.util.LabeledIdentifier;
import org.openjdk.jmc.flightrecorder.JfrAttributes;
import org.openjdk.jmc.flightrecorder.jdk.JdkAttributes;

/**
 * Reads ompt4j's events out of JMC's item collections into plain {@link Span} records: the rules compute on
 * those, so that their arithmetic is testable without a recording. Names and fields are the contract of
 * {@code jfr-events} ({@code ompt.ImplicitTask}, {@code parallelId} ...); a field a recording lacks reads as
 * 0 or {@code null}.
 */
final class OmptItems {
    static final String PARALLEL_REGION = ParallelRegionEvent.NAME;
    static final String IMPLICIT_TASK = ImplicitTaskEvent.NAME;
    static final String SYNC_REGION_WAIT = SyncRegionWaitEvent.NAME;
    static final String TASK = TaskEvent.NAME;
    static final String IDLE = IdleEvent.NAME;
    static final String MUTEX_ACQUIRE = MutexAcquireEvent.NAME;
    static final String LOCK_INIT = LockInitEvent.NAME;
    static final String THREAD_STATE = ThreadStateEvent.NAME;
    static final String ACTIVE_SETTING = "jdk.ActiveSetting";

    static final IAttribute<Number> PARALLEL_ID = Attribute.attr("parallelId", "Parallel Region ID", UnitLookup.RAW_NUMBER);
    static final IAttribute<Number> WAIT_ID = Attribute.attr("waitId", "Wait ID", UnitLookup.RAW_NUMBER);
    /** An {@code int} field: JMC reads it as a unitless quantity, not a raw number as it reads a {@code long}. */
    static final IAttribute<IQuantity> THREAD_NUM = Attribute.attr("threadNum", "Thread Number", UnitLookup.NUMBER);
    static final IAttribute<String> KIND = Attribute.attr("kind", "Kind", UnitLookup.PLAIN_TEXT);
    static final IAttribute<String> CALL_SITE = Attribute.attr("callSite", "Call Site", UnitLookup.PLAIN_TEXT);
    static final IAttribute<IMCThread> SAMPLED_THREAD = Attribute.attr("thread", "Thread", UnitLookup.THREAD);
    static final IAttribute<String> STATE = Attribute.attr("state", "State", UnitLookup.PLAIN_TEXT);

    private OmptItems() {
    }

    /** One event as the rules see it: where, when (nanoseconds), and its identifying fields. */
    static final class Span {
        final long threadId;
        final String threadName;
        final long start;
        final long end;
        final long parallelId;
        final long waitId;
        final int threadNum;
        final String kind;
        final String callSite;

        Span(long threadId, String threadName, long start, long end, long parallelId, long waitId, int threadNum,
                String kind, String callSite) {
            this.threadId = threadId;
            this.threadName = threadName;
            this.start = start;
            this.end = end;
            this.parallelId = parallelId;
            this.waitId = waitId;
            this.threadNum = threadNum;
            this.kind = kind;
            this.callSite = callSite;
        }

        long duration() {
            return end - start;
        }

        boolean contains(Span inner) {
            return threadId == inner.threadId && start <= inner.start && inner.end <= end;
        }
    }

    /** Every event of {@code type} in {@code items}, as spans. */
    static List<Span> spans(IItemCollection items, String type) {
        List<Span> spans = new ArrayList<>();
        for (IItemIterable iterable : items.apply(ItemFilters.type(type))) {
            var t = iterable.getType();
            IMemberAccessor<IQuantity, IItem> start = JfrAttributes.START_TIME.getAccessor(t);
            IMemberAccessor<IQuantity, IItem> end = JfrAttributes.END_TIME.getAccessor(t);
            IMemberAccessor<IMCThread, IItem> thread = JfrAttributes.EVENT_THREAD.getAccessor(t);
            IMemberAccessor<Number, IItem> parallelId = PARALLEL_ID.getAccessor(t);
            IMemberAccessor<Number, IItem> waitId = WAIT_ID.getAccessor(t);
            IMemberAccessor<IQuantity, IItem> threadNum = THREAD_NUM.getAccessor(t);
            IMemberAccessor<String, IItem> kind = KIND.getAccessor(t);
            IMemberAccessor<String, IItem> callSite = CALL_SITE.getAccessor(t);
            for (IItem item : iterable) {
                IMCThread th = thread == null ? null : thread.getMember(item);
                Long tid = th == null ? null : th.getThreadId();
                spans.add(new Span(tid == null ? 0 : tid, th == null ? null : th.getThreadName(),
                        nanos(start, item), nanos(end, item), number(parallelId, item), number(waitId, item),
                        (int) quantity(threadNum, item), text(kind, item), text(callSite, item)));
            }
        }
        return spans;
    }

    /** A thread's task spans, implicit and explicit: the tasks whose edges bound what a state sample stands for. */
    static List<Span> taskSpans(IItemCollection items) {
        List<Span> spans = spans(items, IMPLICIT_TASK);
        spans.addAll(spans(items, TASK));
        return spans;
    }

    /** A thread's idle and synchronization-wait spans: where the spans say it was doing neither work nor a mutex wait. */
    static List<Span> notWorkSpans(IItemCollection items) {
        List<Span> spans = spans(items, IDLE);
        spans.addAll(spans(items, SYNC_REGION_WAIT));
        return spans;
    }

    /** An {@code ompt.ThreadState} sample: a thread's OMPT state, and what it waited for, at an instant. */
    static final class StateSample {
        final long threadId;
        final long time;
        final String state;
        final long waitId;
        final long parallelId;

        StateSample(long threadId, long time, String state, long waitId, long parallelId) {
            this.threadId = threadId;
            this.time = time;
            this.state = state;
            this.waitId = waitId;
            this.parallelId = parallelId;
        }

        /** Waiting for a lock, critical, atomic or ordered construct. */
        boolean inMutexWait() {
            return state != null && (state.equals("wait_lock") || state.equals("wait_critical")
                    || state.equals("wait_atomic") || state.equals("wait_ordered"));
        }
    }

    /** Every {@code ompt.ThreadState} sample in {@code items}, of the thread it describes (not JFR's sampler). */
    static List<StateSample> stateSamples(IItemCollection items) {
        List<StateSample> samples = new ArrayList<>();
        for (IItemIterable iterable : items.apply(ItemFilters.type(THREAD_STATE))) {
            var t = iterable.getType();
            IMemberAccessor<IQuantity, IItem> start = JfrAttributes.START_TIME.getAccessor(t);
            IMemberAccessor<IMCThread, IItem> thread = SAMPLED_THREAD.getAccessor(t);
            IMemberAccessor<String, IItem> state = STATE.getAccessor(t);
            IMemberAccessor<Number, IItem> waitId = WAIT_ID.getAccessor(t);
            IMemberAccessor<Number, IItem> parallelId = PARALLEL_ID.getAccessor(t);
            for (IItem item : iterable) {
                IMCThread th = thread == null ? null : thread.getMember(item);
                Long tid = th == null ? null : th.getThreadId();
                samples.add(new StateSample(tid == null ? 0 : tid, nanos(start, item), text(state, item),
                        number(waitId, item), number(parallelId, item)));
            }
        }
        return samples;
    }

    /**
     * The period of {@code ompt.ThreadState} the recording's settings name ({@code jdk.ActiveSetting}), nanoseconds;
     * the shortest if several recordings asked; 0 if none says.
     */
    static long statePeriod(IItemCollection items) {
        long period = Long.MAX_VALUE;
        for (IItemIterable iterable : items.apply(ItemFilters.type(ACTIVE_SETTING))) {
            var t = iterable.getType();
            IMemberAccessor<LabeledIdentifier, IItem> forType = JdkAttributes.REC_SETTING_FOR.getAccessor(t);
            IMemberAccessor<String, IItem> name = JdkAttributes.REC_SETTING_NAME.getAccessor(t);
            IMemberAccessor<String, IItem> value = JdkAttributes.REC_SETTING_VALUE.getAccessor(t);
            if (forType == null || name == null || value == null) {
                continue;
            }
            for (IItem item : iterable) {
                LabeledIdentifier type = forType.getMember(item);
                if (type != null && THREAD_STATE.equals(type.getInterfaceId()) && "period".equals(name.getMember(item))) {
                    long nanos = durationNanos(value.getMember(item));
                    period = nanos > 0 ? Math.min(period, nanos) : period;
                }
            }
        }
        return period == Long.MAX_VALUE ? 0 : period;
    }

    /** A JFR setting's duration ({@code 20 ms}, {@code 1 s}) in nanoseconds; 0 for anything else ({@code everyChunk}). */
    static long durationNanos(String value) {
        String[] parts = value == null ? new String[0] : value.trim().split("\\s+");
        if (parts.length != 2 || !parts[0].matches("\\d+")) {
            return 0;
        }
        long n = Long.parseLong(parts[0]);
        switch (parts[1]) {
            case "ns": return n;
            case "us": return n * 1_000L;
            case "ms": return n * 1_000_000L;
            case "s": return n * 1_000_000_000L;
            case "m": return n * 60_000_000_000L;
            case "h": return n * 3_600_000_000_000L;
            case "d": return n * 86_400_000_000_000L;
            default: return 0;
        }
    }

    private static long nanos(IMemberAccessor<IQuantity, IItem> accessor, IItem item) {
        IQuantity q = accessor == null ? null : accessor.getMember(item);
        return q == null ? 0 : q.clampedLongValueIn(UnitLookup.EPOCH_NS);
    }

    private static long number(IMemberAccessor<Number, IItem> accessor, IItem item) {
        Number n = accessor == null ? null : accessor.getMember(item);
        return n == null ? 0 : n.longValue();
    }

    private static long quantity(IMemberAccessor<IQuantity, IItem> accessor, IItem item) {
        IQuantity q = accessor == null ? null : accessor.getMember(item);
        return q == null ? 0 : q.longValue();
    }

    private static String text(IMemberAccessor<String, IItem> accessor, IItem item) {
        return accessor == null ? null : accessor.getMember(item);
    }

    /** Text for JMC's HTML result views, where a call site such as {@code Ledger.<init>(...)} would be markup. */
    static String html(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Milliseconds with one decimal, for summaries. */
    static String millis(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    /** A fraction as a whole percentage, for summaries. */
    static String percent(double fraction) {
        return String.format(java.util.Locale.ROOT, "%.0f %%", fraction * 100);
    }
}
