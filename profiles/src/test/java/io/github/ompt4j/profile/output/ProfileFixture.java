package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.View;
import java.util.List;

/**
 * A small user-model profile as folding makes one: the initial thread and a worker of one region both work in
 * the same lambda, the worker also waits at the implicit barrier and idles; 10 ms samples.
 */
final class ProfileFixture {
    static final ProfileThread MAIN = new ProfileThread(1, 100, "main", 1, "initial");
    static final ProfileThread WORKER = new ProfileThread(17, 101, "omp-worker-0", 2, "worker");

    private ProfileFixture() {
    }

    static Profile userModel() {
        List<Frame> body = List.of(Frame.java("com.example.App.main"), Frame.java("com.example.App.solve"),
                Frame.java("com.example.App.lambda$solve$0"));
        Frame barrier = new Frame("<OMP-implicit_barrier>", FrameKind.ARTIFICIAL);
        return new Profile(View.USER, "profiler.WallClockSample (async-profiler, wall clock)", 10_000_000,
                List.of(MAIN, WORKER), List.of(
                        new FoldedStack(MAIN, OmpState.WORK_PARALLEL, body, 70, 700_000_000, 0),
                        new FoldedStack(WORKER, OmpState.WORK_PARALLEL, body, 50, 500_000_000, 0),
                        new FoldedStack(WORKER, OmpState.WAIT_BARRIER_IMPLICIT,
                                List.of(body.get(0), body.get(1), barrier), 20, 0, 200_000_000),
                        new FoldedStack(WORKER, OmpState.IDLE,
                                List.of(new Frame("<OMP-idle>", FrameKind.ARTIFICIAL)), 5, 0, 50_000_000)));
    }
}
