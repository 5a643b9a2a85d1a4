package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.jfr.FrameTable;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The frames of folded stacks, numbered densely: raw frames by their table ID, artificial ones by name. */
final class OutFrames {
    private final FrameTable frames;
    private final List<Frame> list = new ArrayList<>();
    private final Map<Frame, Integer> ids = new HashMap<>();
    private int[] byRaw;

    OutFrames(FrameTable frames) {
        this.frames = frames;
        byRaw = new int[frames.size()];
        Arrays.fill(byRaw, -1);
    }

    int raw(int rawId, FrameKind kind) {
        int id = byRaw[rawId];
        if (id < 0) {
            id = intern(new Frame(frames.name(rawId), kind));
            byRaw[rawId] = id;
        }
        return id;
    }

    /** An artificial frame: {@code <OMP-idle>} and the like. */
    int artificial(String name) {
        return intern(new Frame(name, FrameKind.ARTIFICIAL));
    }

    /** A Java frame known only by name (a region's call site). */
    int java(String name) {
        return intern(Frame.java(name));
    }

    private int intern(Frame f) {
        Integer id = ids.get(f);
        if (id == null) {
            id = list.size();
            list.add(f);
            ids.put(f, id);
        }
        return id;
    }

    Frame frame(int id) {
        return list.get(id);
    }
}
