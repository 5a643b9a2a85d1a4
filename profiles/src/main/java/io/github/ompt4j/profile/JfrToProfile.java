package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.FoldedRecording;
import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.Timeline;
import io.github.ompt4j.profile.model.View;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/** A recording folded into a {@link Profile} in one {@link View}, with its {@link Timeline}. */
public final class JfrToProfile {
    private JfrToProfile() {
    }

    /** Fold {@code recording} in {@code view}, quietly. */
    public static FoldedRecording fold(Path recording, View view) throws IOException {
        return fold(recording, view, Progress.silent());
    }

    /** Fold {@code recording} in {@code view}, telling {@code progress} how it goes. */
    public static FoldedRecording fold(Path recording, View view, Progress progress) throws IOException {
        Map<Long, ProfileThread> threads = new HashMap<>();
        Map<List<Frame>, long[]> stacks = new HashMap<>();
        Map<List<Frame>, ProfileThread> owners = new HashMap<>();
        long events = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                progress.reading(++events, stacks.size());
                if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                    continue;
                }
                RecordedThread t = e.getThread("sampledThread");
                ProfileThread thread = threads.computeIfAbsent(t.getJavaThreadId(),
                        id -> new ProfileThread(id, t.getOSThreadId(), String.valueOf(t.getJavaName()), 0, ""));
                List<Frame> frames = new ArrayList<>();
                List<RecordedFrame> recorded = e.getStackTrace().getFrames();
                for (int i = recorded.size() - 1; i >= 0; i--) {
                    RecordedFrame f = recorded.get(i);
                    frames.add(Frame.java(f.getMethod().getType().getName() + "." + f.getMethod().getName()));
                }
                stacks.computeIfAbsent(frames, k -> new long[1])[0]++;
                owners.put(frames, thread);
            }
        }
        List<FoldedStack> folded = new ArrayList<>();
        stacks.forEach((frames, n) -> folded.add(new FoldedStack(owners.get(frames), OmpState.UNDEFINED, frames, n[0],
                0, 0)));
        return new FoldedRecording(new Profile(view, "jdk.ExecutionSample", 0, List.copyOf(threads.values()), folded),
                new Timeline(0, 0, List.of(), List.of()));
    }
}
