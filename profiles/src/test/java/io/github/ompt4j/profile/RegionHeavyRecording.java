package io.github.ompt4j.profile;

import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.Recording;

/**
 * A recording shaped like the stress mix's, whose events, not its samples, weigh on a fold: many short regions,
 * each with its origin, a team of {@value #TEAM} implicit tasks, a barrier wait and a state sample per member,
 * and one wall-clock sample per member. The members record on threads of their own, without waiting for each
 * other: the structure, not the timing, is what a fold keeps in memory.
 */
final class RegionHeavyRecording {
    static final int TEAM = 4;

    private RegionHeavyRecording() {
    }

    static Path generate(Path file, int regions) throws Exception {
        try (Recording recording = new Recording()) {
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                recording.enable(type).withThreshold(Duration.ZERO);
            }
            recording.enable(FoldSpeedBenchmark.WallClockSample.class).withStackTrace();
            recording.setToDisk(true);
            recording.start();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < TEAM; t++) {
                int member = t;
                threads.add(new Thread(() -> member(member, regions), "heavy-member-" + t));
            }
            for (Thread t : threads) {
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    private static void member(int member, int regions) {
        ThreadBeginEvent begin = new ThreadBeginEvent();
        begin.threadType = member == 0 ? "initial" : "worker";
        begin.ompThreadId = member + 1;
        begin.commit();
        for (int r = 1; r <= regions; r++) {
            ParallelRegionEvent region = member == 0 ? new ParallelRegionEvent() : null;
            if (region != null) {
                region.begin();
                OriginEvent origin = new OriginEvent();
                origin.parallelId = r;
                origin.commit();
            }
            ImplicitTaskEvent task = new ImplicitTaskEvent();
            task.begin();
            task.parallelId = r;
            task.taskId = (long) r * TEAM + member;
            task.teamSize = TEAM;
            task.threadNum = member;
            FoldSpeedBenchmark.descend(8 + r % 5, member);
            SyncRegionWaitEvent wait = new SyncRegionWaitEvent();
            wait.begin();
            wait.kind = "barrier_implicit";
            wait.parallelId = r;
            wait.taskId = task.taskId;
            ThreadStateEvent state = new ThreadStateEvent();
            state.thread = Thread.currentThread();
            state.ompThreadId = member + 1;
            state.state = "wait_barrier_implicit";
            state.parallelId = r;
            state.taskId = task.taskId;
            state.commit();
            wait.commit();
            task.commit();
            if (region != null) {
                region.parallelId = r;
                region.requestedTeamSize = TEAM;
                region.teamSize = TEAM;
                region.callSite = "RegionHeavyRecording.member(RegionHeavyRecording.java:" + (r % 7) + ")";
                region.commit();
            }
        }
    }
}
