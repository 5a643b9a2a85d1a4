package io.github.ompt4j.model;

/**
 * The Java form of {@code ompt_frame_t}: where a task's user code meets the runtime on its thread's
 * call stack.
 *
 * <p>C names frames by frame pointers. A Java tool sees stacks as lists of frames (a
 * {@code StackWalker}, a JFR or async-profiler stack trace), so we name a frame by its <em>depth</em>:
 * the number of frames from the bottom (outermost frame, {@code Thread.run} or {@code main}) up to
 * and including it. Depth {@code 0} is C's {@code NULL}.
 * <ul>
 *   <li>{@link #exitRuntimeFrame()}: the depth of the runtime frame that called the task's user code;
 *       frames above it, up to the next re-entry, are user frames. Set once, just before the user
 *       code of an implicit or explicit task starts; {@code 0} for the initial task and for a task
 *       not yet started.</li>
 *   <li>{@link #reenterRuntimeFrame()}: the depth of the user frame that called into the runtime to
 *       create a region or task (or to wait); frames above it belong to the runtime. Set on entry,
 *       cleared when the created region ends.</li>
 * </ul>
 * Folding a sampled stack into the user model removes, for each task on the thread's task stack, the
 * frames between the parent's re-entry depth and the child's exit depth. Computing a depth walks the
 * stack, so adapters are to fill frames only for a tool that uses them (the sampling profiler); the
 * directive library's adapter does not fill them yet, and reports 0 (unknown) for both. Readers on other
 * threads may see a value that is being set or cleared, as TR2 warns; fields are written with plain
 * stores.
 */
public final class OmptFrame {
    private int exitRuntimeFrame;
    private int reenterRuntimeFrame;

    public int exitRuntimeFrame() {
        return exitRuntimeFrame;
    }

    public int reenterRuntimeFrame() {
        return reenterRuntimeFrame;
    }

    public void setExitRuntimeFrame(int depth) {
        exitRuntimeFrame = depth;
    }

    public void setReenterRuntimeFrame(int depth) {
        reenterRuntimeFrame = depth;
    }

    @Override
    public String toString() {
        return "exit=" + exitRuntimeFrame + ", reenter=" + reenterRuntimeFrame;
    }
}
