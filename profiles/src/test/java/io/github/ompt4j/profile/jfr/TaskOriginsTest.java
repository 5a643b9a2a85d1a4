package io.github.ompt4j.profile.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Which origin a task outside any region stands on: its own, its nearest ancestor's, or, for one that serial code
 * created without recording its origin, the latest its creator recorded before it.
 */
class TaskOriginsTest {
    private static final long CREATOR = 1L << 16;
    private static final long OTHER_CREATOR = 3L << 16;
    private final RecordedRun run = new RecordedRun();
    private final ThreadRecord main = new ThreadRecord(0, 1, 1, "main");

    /** The creator's stages 10 to 19 stand on 10's origin, 20 on from 20's; 5 came before any. */
    private void twoOrigins() {
        run.threads.add(main);
        run.addOrigin(0, CREATOR + 20, CREATOR, main, 2);
        run.addOrigin(0, CREATOR + 10, CREATOR, main, 1);
    }

    @Test
    void aStageSerialCodeCreatedStandsOnTheLatestOriginItsCreatorRecordedBeforeIt() {
        twoOrigins();
        for (long stage : new long[] {CREATOR + 5, CREATOR + 10, CREATOR + 15, CREATOR + 20, CREATOR + 99}) {
            run.addTaskParent(stage, CREATOR);
        }
        assertEquals(0, run.originTask(CREATOR + 5), "before the creator's first origin");
        assertEquals(CREATOR + 10, run.originTask(CREATOR + 10));
        assertEquals(CREATOR + 10, run.originTask(CREATOR + 15));
        assertEquals(CREATOR + 20, run.originTask(CREATOR + 20));
        assertEquals(CREATOR + 20, run.originTask(CREATOR + 99));
        assertEquals(1, run.taskOrigin(run.originTask(CREATOR + 15)).stack);
    }

    @Test
    void aStateSampleLinksATaskToTheStageItDescendsFromAndThatStageToItsCreator() {
        twoOrigins();
        long triggered = OTHER_CREATOR + 7;
        run.addOriginAncestor(triggered, CREATOR + 15, CREATOR);
        assertEquals(CREATOR + 10, run.originTask(triggered));
        run.addOriginAncestor(CREATOR + 16, CREATOR + 16, CREATOR);
        assertEquals(CREATOR + 10, run.originTask(CREATOR + 16));
    }

    @Test
    void anotherCreatorsOriginsOrAnUnknownParentStandForNothing() {
        twoOrigins();
        run.addTaskParent(OTHER_CREATOR + 30, OTHER_CREATOR);
        assertEquals(0, run.originTask(OTHER_CREATOR + 30));
        assertEquals(0, run.originTask(CREATOR + 30), "a task whose creator the recording does not name");
    }
}
