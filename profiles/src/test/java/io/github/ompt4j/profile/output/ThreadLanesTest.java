package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.profile.model.ProfileThread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which row each thread takes: platform threads their own, virtual threads one after another on shared ones. */
class ThreadLanesTest {
    private static ProfileThread platform(int id) {
        return new ProfileThread(id, 100 + id, "thread " + id, id, "initial");
    }

    private static ProfileThread virtual(int id) {
        return new ProfileThread(id, -1, "virtual thread " + id, id, "initial");
    }

    @Test
    void virtualThreadsTakeTheRowFreeTheLongestAndANewOneOnlyWhenAllAreBusy() {
        // Two platform threads; virtual threads A [0, 10), B [5, 20), C [10, 12) (A's row, free from 10), D [11, 30)
        // (both rows busy: a new one), E [20, 25) (B's row is free from 20, A's and C's from 12: that one).
        List<ProfileThread> threads = new ArrayList<>(List.of(platform(1), virtual(2), virtual(3), platform(4),
                virtual(5), virtual(6), virtual(7)));
        long[] starts = {0, 0, 5, 0, 10, 11, 20};
        long[] ends = {30, 10, 20, 30, 12, 30, 25};
        ThreadLanes lanes = ThreadLanes.of(threads, starts, ends);
        assertEquals(5, lanes.lanes().size(), text(lanes));
        assertArrayEquals(new int[] {0}, lanes.lanes().get(0));
        assertArrayEquals(new int[] {1, 4, 6}, lanes.lanes().get(1), text(lanes));
        assertArrayEquals(new int[] {2}, lanes.lanes().get(2), text(lanes));
        assertArrayEquals(new int[] {3}, lanes.lanes().get(3), text(lanes));
        assertArrayEquals(new int[] {5}, lanes.lanes().get(4), text(lanes));
        assertEquals(1, lanes.laneOf(6));
        assertEquals(List.of(false, true, true, false, true), List.of(lanes.isVirtual(0), lanes.isVirtual(1),
                lanes.isVirtual(2), lanes.isVirtual(3), lanes.isVirtual(4)));
    }

    @Test
    void platformThreadsNeverShareEvenWhenTheirLivesDoNotOverlap() {
        ThreadLanes lanes = ThreadLanes.of(List.of(platform(1), platform(2)), new long[] {0, 10}, new long[] {5, 20});
        assertEquals(2, lanes.lanes().size(), text(lanes));
    }

    private static String text(ThreadLanes lanes) {
        List<String> rows = new ArrayList<>();
        lanes.lanes().forEach(l -> rows.add(Arrays.toString(l)));
        return rows.toString();
    }
}
