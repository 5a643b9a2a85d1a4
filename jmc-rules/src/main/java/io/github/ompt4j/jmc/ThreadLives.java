package io.github.ompt4j.jmc;

import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import java.util.HashMap;
import java.util.Map;
import org.openjdk.jmc.common.IMCThread;
import org.openjdk.jmc.common.item.IItem;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.IItemFilter;
import org.openjdk.jmc.common.item.IItemIterable;
import org.openjdk.jmc.common.item.IMemberAccessor;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.JfrAttributes;
import org.openjdk.jmc.flightrecorder.rules.util.RulesToolkit;

/**
 * Each thread's time in the recording, as the report's reader has it: from its {@code ompt.ThreadBegin} to its
 * {@code ompt.ThreadEnd}, else from the recording's start or to its end, the recording timed by the {@code ompt.*}
 * events and the stack samples (async-profiler's, JFR's execution samples), not by the JDK's other events, which
 * its start and end write around the program's own. A state sample stands for no time outside its thread's.
 */
final class ThreadLives {
    private static final IItemFilter TIMED = ItemFilters.typeMatches("ompt\\..*|profiler\\..*|jdk\\.ExecutionSample");
    private final long start;
    private final long end;
    private final Map<Long, Long> begins = new HashMap<>();
    private final Map<Long, Long> ends = new HashMap<>();

    /** A recording from {@code start} to {@code end} (exclusive) whose threads say nothing of their lives. */
    ThreadLives(long start, long end) {
        this.start = start;
        this.end = end;
    }

    static ThreadLives of(IItemCollection items) {
        IQuantity first = RulesToolkit.getEarliestStartTime(items.apply(TIMED));
        IQuantity last = RulesToolkit.getLatestEndTime(items.apply(TIMED));
        ThreadLives lives = new ThreadLives(first == null ? 0 : first.clampedLongValueIn(UnitLookup.EPOCH_NS),
                last == null ? 0 : last.clampedLongValueIn(UnitLookup.EPOCH_NS) + 1);
        read(items, ThreadBeginEvent.NAME, lives.begins);
        read(items, ThreadEndEvent.NAME, lives.ends);
        return lives;
    }

    /** Each thread's {@code type} event's time, by the thread it describes (the one that commits it). */
    private static void read(IItemCollection items, String type, Map<Long, Long> byThread) {
        for (IItemIterable iterable : items.apply(ItemFilters.type(type))) {
            IMemberAccessor<IQuantity, IItem> time = JfrAttributes.START_TIME.getAccessor(iterable.getType());
            IMemberAccessor<IMCThread, IItem> thread = JfrAttributes.EVENT_THREAD.getAccessor(iterable.getType());
            for (IItem item : iterable) {
                IMCThread t = thread == null ? null : thread.getMember(item);
                IQuantity q = time == null ? null : time.getMember(item);
                if (t != null && t.getThreadId() != null && q != null) {
                    byThread.put(t.getThreadId(), q.clampedLongValueIn(UnitLookup.EPOCH_NS));
                }
            }
        }
    }

    long begin(long thread) {
        return begins.getOrDefault(thread, start);
    }

    long end(long thread) {
        return ends.getOrDefault(thread, end);
    }
}
