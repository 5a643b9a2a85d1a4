package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The table of open regions against a plain map: random opens and closes, growth, deletion, reuse. */
class OpenRegionsTest {

    @Test
    void behavesLikeAMapUnderRandomOpensAndClosesAndEndsEmpty() {
        OpenRegions regions = new OpenRegions();
        Map<Long, Integer> model = new HashMap<>();
        List<Long> open = new ArrayList<>();
        Random random = new Random(42);
        long nextId = 1;
        for (int step = 0; step < 200_000; step++) {
            boolean opening = open.isEmpty() || (open.size() < 500 && random.nextInt(100) < 55);
            if (opening) {
                // IDs as the model hands them out: dense runs in per-thread blocks of 65,536.
                nextId += random.nextInt(4) == 0 ? 65_536 : 1;
                long id = nextId;
                int team = 1 + random.nextInt(64);
                regions.open(id, 7, 0, team, "program", null);
                regions.teamSize(id, team);
                model.put(id, team);
                open.add(id);
            } else {
                long id = open.remove(random.nextInt(open.size()));
                ParallelRegionEvent e = regions.close(id);
                assertNotNull(e, "region " + id);
                assertEquals(id, e.parallelId);
                assertEquals((int) model.remove(id), e.teamSize);
                assertNull(regions.close(id), "closed once");
                regions.recycle(e);
            }
            assertEquals(model.size(), regions.size());
        }
        for (long id : open) {
            regions.recycle(regions.close(id));
        }
        assertEquals(0, regions.size(), "nothing stays behind once every region ended");
    }

    @Test
    void endedEventsAreReusedAndUnknownRegionsAreIgnored() {
        OpenRegions regions = new OpenRegions();
        regions.teamSize(99, 4);
        assertNull(regions.close(99));
        regions.open(5, 1, 0, 2, "program", "site");
        ParallelRegionEvent first = regions.close(5);
        regions.recycle(first);
        regions.open(5, 3, 4, 8, "runtime", null);
        ParallelRegionEvent again = regions.close(5);
        assertSame(first, again, "a region after the first allocates nothing");
        assertEquals(3, again.encounteringTaskId);
        assertEquals(4, again.parentParallelId);
        assertEquals(0, again.teamSize, "reset when reused");
        assertNull(again.callSite);
    }
}
