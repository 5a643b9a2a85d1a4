package io.github.ompt4j.profile.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.ompt4j.profile.model.OmpState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Samples fold together only when stack, region, state and encountering all match. */
class FoldKeyTest {
    @Test
    void keysAreEqualExactlyWhenEveryPartIs() {
        Folder.FoldKey key = new Folder.FoldKey(3, 7, OmpState.WORK_PARALLEL, true);
        Folder.FoldKey same = new Folder.FoldKey(3, 7, OmpState.WORK_PARALLEL, true);
        assertEquals(key, same);
        assertEquals(key.hashCode(), same.hashCode());
        for (Folder.FoldKey other : List.of(new Folder.FoldKey(4, 7, OmpState.WORK_PARALLEL, true),
                new Folder.FoldKey(3, 8, OmpState.WORK_PARALLEL, true), new Folder.FoldKey(3, 7, OmpState.IDLE, true),
                new Folder.FoldKey(3, 7, OmpState.WORK_PARALLEL, false))) {
            assertNotEquals(key, other);
        }
    }
}
