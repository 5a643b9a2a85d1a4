package io.github.ompt4j.agent;

import io.github.ompt4j.model.RuntimeThread;
import java.io.IOException;

/**
 * Stops the recording before its disk is full. JFR aborts the JVM when it cannot write a chunk ({@link DiskRoom}):
 * the program would die with a fatal error instead of finishing. So a thread of the runtime's own
 * ({@link RuntimeThread}) looks at the room left once a second and, when it falls below what JFR may write before
 * the next look (a margin for the buffers JFR flushes as it stops, and twice what the repository grew in the last
 * second), stops the recording once: the file keeps the run up to there, the outputs at exit are folded from it,
 * and one warning says what was lost.
 */
final class DiskWatch {
    /** What JFR may flush at a stop: its global buffers (10 MB by default) and the threads' own, with room to spare. */
    static final long MARGIN = 16L << 20;
    private static final long PERIOD_MS = 1000;
    private final DiskRoom room;
    private final AgentRecording recording;
    private final long start = System.nanoTime();

    private DiskWatch(DiskRoom room, AgentRecording recording) {
        this.room = room;
        this.recording = recording;
    }

    /** Look now (a limit below the margin stops the recording at once), then once a second while it runs. */
    static void start(AgentRecording recording) {
        DiskRoom room = DiskRoom.ofJfrRepository();
        if (room == null) {
            return;
        }
        DiskWatch watch = new DiskWatch(room, recording);
        long used = watch.look(0);
        if (used < 0) {
            return;
        }
        new RuntimeThread(() -> watch.watchFrom(used), "ompt4j-disk-watch").start();
    }

    private void watchFrom(long used) {
        try {
            while (used >= 0 && !recording.finished()) {
                Thread.sleep(PERIOD_MS);
                used = look(used);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stop the recording if the room is too small; returns the repository's bytes, or -1 once stopped or unreadable. */
    private long look(long usedBefore) {
        try {
            long used = room.used();
            long left = room.left();
            if (left >= MARGIN + 2 * Math.max(0, used - usedBefore)) {
                return used;
            }
            recording.stopEarly(room.limitedBy() + " leaves JFR " + Math.max(0, left >> 20) + " MB for its repository "
                    + room.repository() + ", so the recording stopped " + (System.nanoTime() - start) / 1_000_000_000
                    + " s into the run, before JFR's failed write could end the program: the rest of the run is not"
                    + " recorded");
            return -1;
        } catch (IOException e) {
            // The repository went away (JFR moved it, or its recording ended): nothing left to watch.
            return -1;
        }
    }
}
