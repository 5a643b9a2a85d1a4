package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.fold.FrameRoles;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import java.util.List;

/** Where in a folded stack the program's own code ends: the frame that waits, and the JDK call it waits in. */
final class ProgramFrames {
    /** What a stack with no Java frame names as its program's frame. */
    static final String NONE = "(no frame of the program)";

    private ProgramFrames() {
    }

    /**
     * The index of the innermost Java frame of the program's own code, root first; of the innermost Java frame on a
     * stack with none of it; -1 with no Java frame.
     */
    static int innermost(List<Frame> frames) {
        int java = -1;
        for (int i = frames.size() - 1; i >= 0; i--) {
            Frame f = frames.get(i);
            if (f.kind() == FrameKind.JAVA) {
                if (FrameRoles.isProgramFrame(f.name())) {
                    return i;
                }
                java = java < 0 ? i : java;
            }
        }
        return java;
    }

    /** The name of {@link #innermost}, or {@link #NONE}. */
    static String innermostName(List<Frame> frames) {
        int i = innermost(frames);
        return i < 0 ? NONE : frames.get(i).name();
    }

    /**
     * The JDK method the program's innermost frame called, where the stack waits ({@code ReentrantLock.lock}), then
     * that frame: {@code "java.util.concurrent.locks.ReentrantLock.lock in App.post"}; the program's frame alone when
     * it called none.
     */
    static String calledFrom(List<Frame> frames) {
        int i = innermost(frames);
        if (i < 0) {
            return NONE;
        }
        String caller = frames.get(i).name();
        boolean called = i + 1 < frames.size() && frames.get(i + 1).kind() == FrameKind.JAVA
                && !FrameRoles.isProgramFrame(frames.get(i + 1).name());
        return called ? frames.get(i + 1).name() + " in " + caller : caller;
    }
}
