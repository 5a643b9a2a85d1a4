package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.ProfileThread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The rows of a timeline (the page's lanes, the Chrome trace's tracks): a platform thread has one of its own;
 * virtual threads share them. A server on virtual threads makes one per request, tens of thousands a minute, and a
 * row each would be a page no one can read (nor draw: a canvas that tall is blank); at any instant, though, no more
 * are alive than the requests in flight. So virtual threads go, by the start of their extent (the time between
 * their first and last recorded instant), on the row that has been free the longest, or on a new one when every
 * row is busy: as many rows as were ever alive at once, none holding two threads at the same time, so that
 * a row's events still nest. Rows are in the order of the thread each begins with. Built once; immutable.
 */
final class ThreadLanes {
    private final List<ProfileThread> threads;
    private final int[] laneOf;
    private final List<int[]> lanes;

    private ThreadLanes(List<ProfileThread> threads, int[] laneOf, List<int[]> lanes) {
        this.threads = threads;
        this.laneOf = laneOf;
        this.lanes = lanes;
    }

    /**
     * The lanes of {@code threads}, where thread {@code i} was recorded from {@code starts[i]} to {@code ends[i]}
     * (any unit, {@code starts[i] <= ends[i]}).
     */
    static ThreadLanes of(List<ProfileThread> threads, long[] starts, long[] ends) {
        int n = threads.size();
        List<List<Integer>> members = new ArrayList<>();
        Integer[] virtual = new Integer[n];
        int virtualCount = 0;
        for (int i = 0; i < n; i++) {
            if (threads.get(i).isVirtual()) {
                virtual[virtualCount++] = i;
            } else {
                members.add(new ArrayList<>(List.of(i)));
            }
        }
        Integer[] byStart = Arrays.copyOf(virtual, virtualCount);
        Arrays.sort(byStart, Comparator.comparingLong((Integer i) -> starts[i]).thenComparingInt(i -> i));
        // Each busy row as {its end, its number}, the one that freed first on top.
        PriorityQueue<long[]> rows = new PriorityQueue<>(
                Comparator.comparingLong((long[] r) -> r[0]).thenComparingLong(r -> r[1]));
        for (int i : byStart) {
            long[] row = rows.peek() != null && rows.peek()[0] <= starts[i] ? rows.poll() : null;
            if (row == null) {
                row = new long[] {0, members.size()};
                members.add(new ArrayList<>());
            }
            row[0] = ends[i];
            rows.add(row);
            members.get((int) row[1]).add(i);
        }
        List<int[]> lanes = new ArrayList<>(members.size());
        for (List<Integer> lane : members) {
            lanes.add(lane.stream().mapToInt(Integer::intValue).toArray());
        }
        lanes.sort(Comparator.comparingInt(lane -> lane[0]));
        int[] laneOf = new int[n];
        for (int l = 0; l < lanes.size(); l++) {
            for (int i : lanes.get(l)) {
                laneOf[i] = l;
            }
        }
        return new ThreadLanes(List.copyOf(threads), laneOf, lanes);
    }

    /** The lane of thread {@code i}. */
    int laneOf(int thread) {
        return laneOf[thread];
    }

    /** The lanes in order, each its threads' indices in time order. */
    List<int[]> lanes() {
        return lanes;
    }

    /** Whether lane {@code lane} is virtual threads' (one or more). */
    boolean isVirtual(int lane) {
        return threads.get(lanes.get(lane)[0]).isVirtual();
    }
}
