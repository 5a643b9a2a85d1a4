package io.github.ompt4j.profile.jfr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** What each sample stands for: wall-clock samples the time since their thread's previous one, others their count. */
class SamplesTest {
    private static final long MS = 1_000_000;

    private static long[] nanos(Samples samples) {
        long[] n = new long[samples.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = samples.nanos(i);
        }
        return n;
    }

    @Test
    void aWallClockSampleStandsForTheTimeSinceItsThreadsPreviousOne() {
        Samples s = new Samples();
        s.add(0, 100 * MS, 0, 1, 1);
        s.add(1, 100 * MS, 0, 1, 1);
        // Thread 0 ran late: the samples of 101 to 104 ms were lost, the next one stands for them.
        s.add(0, 105 * MS, 0, 1, 1);
        // Thread 1 slept: a batch of 9 samples from 101 to 109 ms, then a sample of its own again.
        s.add(1, 101 * MS, 8 * MS, 1, 9);
        s.add(1, 110 * MS, 0, 1, 1);
        s.weighByTimeBetween(MS);
        assertArrayEquals(new long[] {MS, MS, 5 * MS, 9 * MS, MS}, nanos(s));
    }

    @Test
    void samplesWrittenOutOfOrderAreWeighedInTimeOrder() {
        Samples s = new Samples();
        s.add(0, 103 * MS, 0, 1, 1);
        s.add(0, 100 * MS, 0, 1, 1);
        s.add(0, 101 * MS, 0, 1, 1);
        s.weighByTimeBetween(MS);
        assertArrayEquals(new long[] {2 * MS, MS, MS}, nanos(s));
    }

    @Test
    void aCpuSampleStandsForItsCountTimesTheInterval() {
        Samples s = new Samples();
        s.add(0, 100 * MS, 0, 1, 1);
        s.add(0, 150 * MS, 0, 1, 1);
        s.weighByCount(10 * MS);
        assertArrayEquals(new long[] {10 * MS, 10 * MS}, nanos(s));
    }
}
