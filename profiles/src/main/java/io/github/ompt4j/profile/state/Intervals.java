package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.model.IndexedList;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.StateInterval;
import java.util.Arrays;
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
    private int size;
    private long[] starts = new long[16];
    private long[] ends = new long[16];
    private byte[] states = new byte[16];
    private long[] regions = new long[16];
    private long[] tasks = new long[16];
    private long[] waits = new long[16];
    private byte[] decided = new byte[16];

    /** Append an interval after the last; merged with it when they touch and agree. Empty ones are dropped. */
    void add(long start, long end, OmpState state, long region, long task, long wait, Decided by) {
        if (end <= start) {
            return;
        }
        if (size > 0 && ends[size - 1] == start && states[size - 1] == state.ordinal() && regions[size - 1] == region
                && tasks[size - 1] == task && waits[size - 1] == wait && decided[size - 1] == by.ordinal()) {
            ends[size - 1] = end;
            return;
        }
        if (size == starts.length) {
            int n = size * 2;
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            states = Arrays.copyOf(states, n);
            regions = Arrays.copyOf(regions, n);
            tasks = Arrays.copyOf(tasks, n);
            waits = Arrays.copyOf(waits, n);
            decided = Arrays.copyOf(decided, n);
        }
        starts[size] = start;
        ends[size] = end;
        states[size] = (byte) state.ordinal();
        regions[size] = region;
        tasks[size] = task;
        waits[size] = wait;
        decided[size] = (byte) by.ordinal();
        size++;
    }

    /** Give interval {@code i} another region and task (a worker's overhead before its region's implicit task). */
    void setRegion(int i, long region, long task) {
        regions[i] = region;
        tasks[i] = task;
    }

    public int size() {
        return size;
    }

    public long start(int i) {
        return starts[i];
    }

    public long end(int i) {
        return ends[i];
    }

    public OmpState state(int i) {
        return STATES[states[i]];
    }

    public long region(int i) {
        return regions[i];
    }

    public long task(int i) {
        return tasks[i];
    }

    public long waitId(int i) {
        return waits[i];
    }

    /** What decided interval {@code i}. */
    public Decided decided(int i) {
        return DECIDED[decided[i]];
    }

    /** True if no span decided this interval, only the rule's default. */
    public boolean byDefault(int i) {
        return decided(i) == Decided.DEFAULT;
    }

    /** The interval that contains {@code t}, -1 if none does. */
    public int indexAt(long t) {
        int lo = 0;
        int hi = size - 1;
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
        starts = Arrays.copyOf(starts, size);
        ends = Arrays.copyOf(ends, size);
        states = Arrays.copyOf(states, size);
        regions = Arrays.copyOf(regions, size);
        tasks = Arrays.copyOf(tasks, size);
        waits = Arrays.copyOf(waits, size);
        decided = Arrays.copyOf(decided, size);
    }

    /** The model's form, each interval made when asked for. */
    public List<StateInterval> toModel() {
        return new IndexedList<>(size,
                i -> new StateInterval(starts[i], ends[i], state(i), regions[i], tasks[i], waits[i]));
    }
}
