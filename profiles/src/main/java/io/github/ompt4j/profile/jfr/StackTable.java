package io.github.ompt4j.profile.jfr;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * The distinct stack traces of a recording, numbered densely, as arrays of {@link FrameTable} IDs root first.
 * The parser hands out one {@code RecordedStackTrace} object per trace and chunk: a million samples usually
 * have a few thousand distinct stacks, each converted once.
 */
public final class StackTable {
    private final FrameTable frames;
    private final Map<RecordedStackTrace, Integer> byTrace = new IdentityHashMap<>();
    private final List<int[]> stacks = new ArrayList<>();
    private final List<Boolean> truncated = new ArrayList<>();

    StackTable(FrameTable frames) {
        this.frames = frames;
    }

    /** The trace's ID, -1 for {@code null}. */
    int id(RecordedStackTrace trace) {
        if (trace == null) {
            return -1;
        }
        Integer id = byTrace.get(trace);
        if (id == null) {
            List<RecordedFrame> recorded = trace.getFrames();
            int[] ids = new int[recorded.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[ids.length - 1 - i] = frames.id(recorded.get(i));
            }
            id = stacks.size();
            stacks.add(ids);
            truncated.add(trace.isTruncated());
            byTrace.put(trace, id);
        }
        return id;
    }

    public FrameTable frames() {
        return frames;
    }

    public int size() {
        return stacks.size();
    }

    /** Frame IDs, root first, leaf last. Do not modify. */
    public int[] stack(int id) {
        return stacks.get(id);
    }

    /** True if JFR cut the stack at its depth limit: its root-side frames are missing. */
    public boolean isTruncated(int id) {
        return truncated.get(id);
    }
}
