package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.state.RegionTable;
import java.util.Arrays;
import java.util.List;

/**
 * Which region a worker's task belongs to when the recording does not name it: a pool's task shorter than the
 * recording's threshold has no span, and a worker that runs it between two of its idle spans is, by the spans, in no
 * region at all, though its samples show it inside a task. When one region alone is open at that instant, and the
 * worker may have run its tasks ({@link RegionTable.Region#mayHaveRunTasksOn}), the task is that region's: a program's
 * parallel streams one after the other, each of whose short tasks would otherwise stand on no stack. Only a thread the
 * recording shows working in some region (a task span or a state sample with a region) is taken for one of the
 * regions' workers: a pool of its own that runs {@code CompletableFuture} stages, which belong to no region, is not.
 * Two regions open at once (nested, or two threads' at the same time) leave the sample where it was: the instant does
 * not tell which.
 */
final class OpenRegions {
    /** The instants at which the set of open regions changes, in order. */
    private final long[] from;
    /** The region open alone from each instant to the next, 0 when none or several are. */
    private final long[] sole;
    private final RegionTable regions;
    /** By thread index: whether the recording shows the thread working in some region. */
    private final boolean[] inRegions;

    private OpenRegions(long[] from, long[] sole, RegionTable regions, boolean[] inRegions) {
        this.from = from;
        this.sole = sole;
        this.regions = regions;
        this.inRegions = inRegions;
    }

    static OpenRegions of(RegionTable regions, List<ThreadRecord> threads) {
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
        long[] sole = new long[order.length];
        int open = 0;
        long sum = 0;
        int segments = 0;
        for (int i = 0; i < order.length; i++) {
            long change = changes[order[i]];
            open += change > 0 ? 1 : -1;
            sum += change;
            boolean last = i + 1 == order.length || at[order[i + 1]] != at[order[i]];
            if (last) {
                from[segments] = at[order[i]];
                sole[segments++] = open == 1 ? sum : 0;
            }
        }
        return new OpenRegions(Arrays.copyOf(from, segments), Arrays.copyOf(sole, segments), regions,
                inRegions(threads));
    }

    private static boolean[] inRegions(List<ThreadRecord> threads) {
        boolean[] in = new boolean[threads.size()];
        for (ThreadRecord t : threads) {
            in[t.index] = t.spans().stream().anyMatch(s -> s.parallelId != 0)
                    || t.stateSamples().stream().anyMatch(s -> s.parallelId != 0);
        }
        return in;
    }

    /** The region open alone at {@code time} whose tasks {@code thread} may have run; 0 if there is none. */
    long soleAt(int thread, long time) {
        int lo = 0;
        int hi = from.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (from[mid] <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        long region = lo == 0 ? 0 : sole[lo - 1];
        return region != 0 && inRegions[thread] && regions.get(region).mayHaveRunTasksOn(thread) ? region : 0;
    }
}
