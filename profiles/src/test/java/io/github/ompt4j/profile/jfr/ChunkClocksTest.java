package io.github.ompt4j.profile.jfr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chunks' clocks from their headers, as a JFR chunk and async-profiler's appended one write them. */
class ChunkClocksTest {
    /** JFR's chunk: ticks from the JVM's start. */
    private static final long JFR_NANOS = 1_795_924_445_424_673_312L;
    private static final long JFR_TICKS = 386_842_752L;
    /** async-profiler's: the machine's monotonic clock, twelve hours up. */
    private static final long ASYNC_NANOS = 1_795_924_445_452_948_000L;
    private static final long ASYNC_TICKS = 44_309_399_286_732L;

    @TempDir
    Path dir;

    private static byte[] chunk(int size, long startNanos, long startTicks, long ticksPerSecond) {
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(0x464c5200).putShort((short) 2).putShort((short) 1).putLong(size).putLong(0).putLong(0)
                .putLong(startNanos).putLong(1_000).putLong(startTicks).putLong(ticksPerSecond);
        return b.array();
    }

    private Path file(byte[]... parts) throws IOException {
        ByteBuffer all = ByteBuffer.allocate(java.util.Arrays.stream(parts).mapToInt(p -> p.length).sum());
        for (byte[] p : parts) {
            all.put(p);
        }
        return Files.write(dir.resolve("r.jfr"), all.array());
    }

    @Test
    void eachChunksOriginIsItsStartLessItsTicks() throws IOException {
        Path f = file(chunk(100, JFR_NANOS, JFR_TICKS, 1_000_000_000L), chunk(80, ASYNC_NANOS, ASYNC_TICKS, 1_000_000_000L),
                chunk(70, 2_000_000_000L, 4_000L, 2_000_000_000L));
        assertArrayEquals(new long[] {JFR_NANOS - JFR_TICKS, ASYNC_NANOS - ASYNC_TICKS, 2_000_000_000L - 2_000L},
                ChunkClocks.origins(f));
    }

    @Test
    void readingStopsAtBytesThatAreNoChunk() throws IOException {
        byte[] garbage = new byte[90];
        garbage[0] = 'X';
        Path f = file(chunk(100, JFR_NANOS, JFR_TICKS, 1_000_000_000L), garbage, chunk(80, ASYNC_NANOS, ASYNC_TICKS, 1_000_000_000L));
        assertArrayEquals(new long[] {JFR_NANOS - JFR_TICKS}, ChunkClocks.origins(f));
        assertArrayEquals(new long[0], ChunkClocks.origins(file(new byte[10])));
    }

    /**
     * The shift a JDK 25 reader's times of async-profiler's samples need: the estimate from async-profiler's start in
     * milliseconds (this one, from a real recording, 0.95 ms off) gives way to the origins' exact difference.
     */
    @Test
    void theOriginsDifferenceNearestTheEstimateIsTheShift() {
        long[] origins = {JFR_NANOS - JFR_TICKS, ASYNC_NANOS - ASYNC_TICKS};
        long exact = origins[1] - origins[0];
        long estimate = exact - 947_820L;
        assertEquals(exact, ChunkClocks.nearestDifference(origins, estimate, 2_000_000L));
        assertEquals(estimate, ChunkClocks.nearestDifference(origins, estimate, 500_000L), "none near enough");
        assertEquals(estimate, ChunkClocks.nearestDifference(new long[] {origins[0]}, estimate, 2_000_000L));
    }
}
