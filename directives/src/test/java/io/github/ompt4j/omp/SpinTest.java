package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class SpinTest {
    /**
     * Wherever a spinning wait is, a yield comes within {@link Spin#PAUSES_PER_YIELD} pauses: a waiter that
     * shares its processor with the thread it waits for lets it run (barriers, docks, work-share slots,
     * ordered, task waits, and the mutex count their pauses through {@link Spin#spin}).
     */
    @Test
    void aSpinningWaitYieldsOnceInEveryRunOfPausesPerYield() {
        for (int start = 0; start < 4 * Spin.PAUSES_PER_YIELD; start++) {
            int yields = 0;
            for (int n = start; n < start + Spin.PAUSES_PER_YIELD; n++) {
                yields += Spin.yieldsAt(n) ? 1 : 0;
            }
            assertEquals(1, yields, "pauses " + start + " to " + (start + Spin.PAUSES_PER_YIELD - 1));
        }
    }

    /** A barrier on an idle machine waits 12 to 20 pauses: such waits make no system call. */
    @Test
    void aShortWaitOnlyPauses() {
        for (int n = 0; n < 32; n++) {
            assertFalse(Spin.yieldsAt(n), "pause " + n);
        }
    }
}
