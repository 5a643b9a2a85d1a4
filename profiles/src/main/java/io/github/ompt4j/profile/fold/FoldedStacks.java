package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.model.Frame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The folded stacks of one fold, interned: equal frame sequences share one dense number, and each number's
 * {@link Frame} list is made once, shared by the profile's stacks and the timed samples.
 */
final class FoldedStacks {
    private final OutFrames out;
    private final Map<StackKey, Integer> ids = new HashMap<>();
    private final List<int[]> stacks = new ArrayList<>();
    private final Map<Integer, List<Frame>> frameLists = new HashMap<>();

    FoldedStacks(OutFrames out) {
        this.out = out;
    }

    /** The number of {@code frames} (out-frame IDs, root first), which the caller no longer changes. */
    int intern(int[] frames) {
        StackKey key = new StackKey(frames);
        Integer id = ids.get(key);
        if (id == null) {
            id = stacks.size();
            stacks.add(frames);
            ids.put(key, id);
        }
        return id;
    }

    /** The out-frame IDs of stack {@code id}. */
    int[] stack(int id) {
        return stacks.get(id);
    }

    /** The frames of stack {@code id}. */
    List<Frame> frames(int id) {
        return frameLists.computeIfAbsent(id, s -> {
            List<Frame> list = new ArrayList<>();
            for (int f : stacks.get(s)) {
                list.add(out.frame(f));
            }
            return List.copyOf(list);
        });
    }

    private static final class StackKey {
        final int[] frames;
        final int hash;

        StackKey(int[] frames) {
            this.frames = frames;
            this.hash = Arrays.hashCode(frames);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof StackKey && Arrays.equals(((StackKey) o).frames, frames);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
