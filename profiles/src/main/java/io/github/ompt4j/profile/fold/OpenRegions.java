package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.SortedLongs;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which region a worker's task belongs to when the recording does not name it: a pool's task shorter than the
 * recording's threshold has no span, and a worker that runs it between two of its idle spans is, by the spans, in no
 * region at all, though its samples show it inside a task. The regions open at that instant whose tasks the worker may
 * have run ({@link RegionTable.Region#mayHaveRunTasksOn}) are the candidates; of those nested in one another, the
 * innermost: a worker inside an outer stream's task that began a nested stream is in that stream by its own spans,
 * so a short task it runs is the nested streams'. When the candidates left all stand on one preface (one region; or
 * the nested streams that every outer task began at the same call), the task stands on it: a program's parallel
 * streams one after the other, or one inside another, each of whose short tasks would otherwise stand on no stack.
 * Candidates on different prefaces (two threads' unrelated regions at once) leave the sample where it was: the instant
 * does not tell which. Only a thread the recording shows working in some region (a task span or a state sample with a
 * region) is taken for one of the regions' workers: a pool of its own that runs {@code CompletableFuture} stages, which
 * belong to no region, is not.
 */
final class OpenRegions {
    /** More regions open at once than this are not told apart (a bound on the table's size, never met by nesting). */
    private static final int MOST_OPEN = 64;

    /** The instants at which the set of open regions changes, in order. */
    private final long[] from;
    /**
     * Where each instant's open regions start in {@link #open}: those of instant {@code s} are
     * {@code open[first[s]] ... open[first[s + 1] - 1]}; none when more than {@link #MOST_OPEN} were open.
     */
    private final int[] first;
    private final long[] open;
    private final RegionTable regions;
    private final Prefaces prefaces;
    /** By thread index: whether the recording shows the thread working in some region. */
    private final boolean[] inRegions;
    /** By instant and thread: the answer, once asked. */
    private final Map<Long, Long> answers = new HashMap<>();

    private OpenRegions(long[] from, int[] first, long[] open, RegionTable regions, Prefaces prefaces,
            boolean[] inRegions) {
        this.from = from;
        this.first = first;
        this.open = open;
        this.regions = regions;
        this.prefaces = prefaces;
        this.inRegions = inRegions;
    }

    static OpenRegions of(RegionTable regions, List<ThreadRecord> threads, Prefaces prefaces) {
        // Each region opens at its start and closes just after its end: its ID, negated at the close.
        long[] times = new long[16];
        long[] changes = new long[16];
        int k = 0;
        for (RegionTable.Region r : regions.all()) {
            if (r.end() < r.start()) {
                continue; // no instant: a region known by no event with a time
            }
            if (k == times.length) {
                times = Arrays.copyOf(times, 2 * k);
                changes = Arrays.copyOf(changes, 2 * k);
            }
            times[k] = r.start();
            changes[k++] = r.parallelId;
            times[k] = r.end() + 1;
            changes[k++] = -r.parallelId;
        }
        long[] at = times;
        Integer[] order = new Integer[k];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(at[a], at[b]));
        long[] from = new long[order.length];
        int[] first = new int[order.length + 1];
        long[] open = new long[16];
        int stored = 0;
        long[] now = new long[16];
        int nowSize = 0;
        int segments = 0;
        for (int i = 0; i < order.length; i++) {
            long change = changes[order[i]];
            if (change > 0) {
                if (nowSize == now.length) {
                    now = Arrays.copyOf(now, 2 * nowSize);
                }
                now[nowSize++] = change;
            } else {
                nowSize = remove(now, nowSize, -change);
            }
            boolean last = i + 1 == order.length || at[order[i + 1]] != at[order[i]];
            if (last) {
                from[segments] = at[order[i]];
                first[segments++] = stored;
                if (nowSize <= MOST_OPEN) {
                    if (stored + nowSize > open.length) {
                        open = Arrays.copyOf(open, Math.max(2 * open.length, stored + nowSize));
                    }
                    System.arraycopy(now, 0, open, stored, nowSize);
                    stored += nowSize;
                }
            }
        }
        first[segments] = stored;
        return new OpenRegions(Arrays.copyOf(from, segments), Arrays.copyOf(first, segments + 1),
                Arrays.copyOf(open, stored), regions, prefaces, inRegions(threads));
    }

    /** {@code values} without {@code value} (closes mostly come in the reverse order of opens: looked for from the end). */
    private static int remove(long[] values, int size, long value) {
        for (int i = size - 1; i >= 0; i--) {
            if (values[i] == value) {
                System.arraycopy(values, i + 1, values, i, size - i - 1);
                return size - 1;
            }
        }
        return size;
    }

    private static boolean[] inRegions(List<ThreadRecord> threads) {
        boolean[] in = new boolean[threads.size()];
        for (ThreadRecord t : threads) {
            in[t.index] = t.spans().stream().anyMatch(s -> s.parallelId != 0)
                    || t.stateSamples().stream().anyMatch(s -> s.parallelId != 0);
        }
        return in;
    }

    /**
     * The region a task that {@code thread} runs at {@code time} stands in, when no span names it: the innermost open
     * regions whose tasks the thread may have run, if they all have one preface; 0 if there are none, or they differ.
     */
    long at(int thread, long time) {
        if (!inRegions[thread]) {
            return 0;
        }
        int lo = SortedLongs.upperBound(from, time);
        if (lo == 0) {
            return 0;
        }
        int segment = lo - 1;
        return answers.computeIfAbsent(((long) segment << 24) | thread, k -> innermost(segment, thread));
    }

    /**
     * The candidates: the regions open at {@code segment} whose tasks the thread may have run, sorted; then each one's
     * enclosing regions (a walk up its parents, which a cycle in a damaged recording ends at the bound) are struck out,
     * in time proportional to the candidates times their depth, whatever their number.
     */
    private long innermost(int segment, int thread) {
        long[] candidates = new long[first[segment + 1] - first[segment]];
        int n = 0;
        for (int i = first[segment]; i < first[segment + 1]; i++) {
            RegionTable.Region r = regions.get(open[i]);
            if (r != null && r.mayHaveRunTasksOn(thread)) {
                candidates[n++] = open[i];
            }
        }
        Arrays.sort(candidates, 0, n);
        boolean[] enclosing = new boolean[n];
        for (int i = 0; i < n; i++) {
            RegionTable.Region r = regions.get(regions.get(candidates[i]).parent());
            for (int depth = 0; r != null && depth < MOST_OPEN; depth++) {
                int at = Arrays.binarySearch(candidates, 0, n, r.parallelId);
                if (at >= 0) {
                    enclosing[at] = true;
                }
                r = regions.get(r.parent());
            }
        }
        long chosen = 0;
        for (int i = 0; i < n; i++) {
            if (enclosing[i]) {
                continue;
            }
            if (chosen == 0) {
                chosen = candidates[i];
            } else if (!Arrays.equals(prefaces.of(chosen), prefaces.of(candidates[i]))) {
                return 0;
            }
        }
        return chosen;
    }
}
