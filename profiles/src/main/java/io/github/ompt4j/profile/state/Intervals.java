package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.model.Columns;
import io.github.ompt4j.profile.model.IndexedList;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.StateInterval;
import java.util.List;

/**
 * One thread's states over time in primitive arrays: consecutive intervals {@code [start, end)} in time order,
 * each with a state, region, task and wait ID, and what decided it ({@link Decided}): the spans, only the
 * rule's default (no span said anything: a worker between regions, a thread outside the runtime), which the
 * thread's state samples may then correct, or such a state sample. Looked up by binary search.
 */
public final class Intervals {
    /** What decided an interval's state. */
    public enum Decided {
        /** The recorded spans. */
        SPANS,
        /** Only the rule's default: no span said anything. */
        DEFAULT,
        /** An {@code ompt.ThreadState} sample, standing for the time around it. */
        STATE_SAMPLE
    }

    private static final Decided[] DECIDED = Decided.values();
    private static final OmpState[] STATES = OmpState.values();
    private static final int START = 0;
    private static final int END = 1;
    private static final int STATE = 2;
    private static final int REGION = 3;
    private static final int TASK = 4;
    private static final int WAIT = 5;
    private static final int DECIDED_BY = 6;
    private final Columns columns =
            new Columns(16, long.class, long.class, byte.class, long.class, long.class, long.class, byte.class);

    /** Append an interval after the last; merged with it when they touch and agree. Empty ones are dropped. */
    void add(long start, long end, OmpState state, long region, long task, long wait, Decided by) {
        if (end <= start) {
            return;
        }
        int last = size() - 1;
        if (last >= 0 && end(last) == start && state(last) == state && region(last) == region && task(last) == task
                && waitId(last) == wait && decided(last) == by) {
            columns.longs(END)[last] = end;
            return;
        }
        int i = columns.add();
        columns.longs(START)[i] = start;
        columns.longs(END)[i] = end;
        columns.bytes(STATE)[i] = (byte) state.ordinal();
        columns.longs(REGION)[i] = region;
        columns.longs(TASK)[i] = task;
        columns.longs(WAIT)[i] = wait;
        columns.bytes(DECIDED_BY)[i] = (byte) by.ordinal();
    }

    /** Give interval {@code i} another region and task (a worker's overhead before its region's implicit task). */
    void setRegion(int i, long region, long task) {
        columns.longs(REGION)[i] = region;
        columns.longs(TASK)[i] = task;
    }

    public int size() {
        return columns.size();
    }

    public long start(int i) {
        return columns.longs(START)[i];
    }

    public long end(int i) {
        return columns.longs(END)[i];
    }

    public OmpState state(int i) {
        return STATES[columns.bytes(STATE)[i]];
    }

    public long region(int i) {
        return columns.longs(REGION)[i];
    }

    public long task(int i) {
        return columns.longs(TASK)[i];
    }

    public long waitId(int i) {
        return columns.longs(WAIT)[i];
    }

    /** What decided interval {@code i}. */
    public Decided decided(int i) {
        return DECIDED[columns.bytes(DECIDED_BY)[i]];
    }

    /** True if no span decided this interval, only the rule's default. */
    public boolean byDefault(int i) {
        return decided(i) == Decided.DEFAULT;
    }

    /** The interval that contains {@code t}, -1 if none does. */
    public int indexAt(long t) {
        long[] starts = columns.longs(START);
        long[] ends = columns.longs(END);
        int lo = 0;
        int hi = size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] > t) {
                hi = mid - 1;
            } else if (ends[mid] <= t) {
                lo = mid + 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** Drop the arrays' room to grow: a thread's intervals are complete. */
    void trim() {
        columns.trim();
    }

    /** The model's form, each interval made when asked for. */
    public List<StateInterval> toModel() {
        return new IndexedList<>(size(),
                i -> new StateInterval(start(i), end(i), state(i), region(i), task(i), waitId(i)));
    }
}
