package io.github.ompt4j.profile.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The clocks of a recording's chunks, from their headers. A chunk stamps its events in ticks and converts them with
 * its own origin: its start in epoch nanoseconds, its start in ticks, its ticks per second. JFR's ticks count from the
 * JVM's start; async-profiler's chunk, appended to the same file by {@code jfrsync}, counts the machine's monotonic
 * clock. JDK 25's reader converts that chunk's ticks with another chunk's origin, so its times are off by the
 * difference of the two origins, about the machine's uptime (JDK 17's converts each chunk with its own). The headers
 * give that difference to the nanosecond; async-profiler's start time, the one other clue, is in whole milliseconds,
 * and a millisecond moves a sample across a short task or region.
 */
final class ChunkClocks {
    /** A chunk header: magic, version, then eight longs (size, two offsets, start nanos, duration, start ticks, rate). */
    private static final int HEADER = 64;
    private static final int MAGIC = 0x464c5200; // "FLR\0"

    private ChunkClocks() {
    }

    /**
     * Each chunk's origin, in the file's order: the epoch nanoseconds its tick 0 stands for. Reading stops at the first
     * bytes that are not a chunk header (a file cut short at a crash): the chunks before are all a reader can use.
     */
    static long[] origins(Path file) throws IOException {
        long[] origins = new long[4];
        int n = 0;
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER);
            long at = 0;
            while (at + HEADER <= in.size()) {
                header.clear();
                in.read(header, at);
                header.flip();
                long size = header.remaining() == HEADER && header.getInt(0) == MAGIC ? header.getLong(8) : 0;
                long ticksPerSecond = size > 0 ? header.getLong(56) : 0;
                if (ticksPerSecond <= 0) {
                    break;
                }
                if (n == origins.length) {
                    origins = Arrays.copyOf(origins, 2 * n);
                }
                double nanosPerTick = 1e9 / ticksPerSecond;
                origins[n++] = header.getLong(32) - (long) (header.getLong(48) * nanosPerTick);
                at += size;
            }
        }
        return Arrays.copyOf(origins, n);
    }

    /**
     * The difference of two chunks' origins ({@code origins[i] - origins[j]}) nearest {@code estimate}, if one is
     * within {@code tolerance} of it; otherwise {@code estimate}.
     */
    static long nearestDifference(long[] origins, long estimate, long tolerance) {
        long best = estimate;
        long bestDistance = tolerance;
        for (long a : origins) {
            for (long b : origins) {
                long distance = Math.abs(a - b - estimate);
                if (a != b && distance <= bestDistance) {
                    best = a - b;
                    bestDistance = distance;
                }
            }
        }
        return best;
    }
}
