package io.github.ompt4j.profile.state;

/** Look-ups in a sorted {@code long[]}: the times and span edges the state rule and the fold search. */
public final class SortedLongs {
    private SortedLongs() {
    }

    /** The number of {@code sorted} values at or below {@code value}: the index of the first one above it. */
    public static int upperBound(long[] sorted, long value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
