package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.View;

/**
 * Turns raw frames into the frames a view shows. The user view keeps the program's frames: its own code and
 * the JDK code it called, never a runtime's frames or the JDK code a runtime called, nor lambdas' generated
 * frames or native ones. The expert view also keeps the first frame of every stretch of runtime the program
 * called into ({@code Omp.critical}, {@code ForkJoinTask.join}, {@code LongPipeline.sum}): the call it made.
 * The machine view keeps everything. JDK code a runtime calls through a function object or as a task's body is
 * the program's ({@link FrameRoles}).
 */
final class StackShaper {
    private final FrameRoles roles;
    private final OutFrames out;
    private final View view;

    StackShaper(FrameRoles roles, OutFrames out, View view) {
        this.roles = roles;
        this.out = out;
        this.view = view;
    }

    /** The index of the innermost frame that starts a task's code, -1 if the stack has none. */
    int innermostTaskEntry(int[] stack) {
        for (int i = stack.length - 1; i >= 0; i--) {
            if (roles.isTaskEntry(stack[i])) {
                return i;
            }
        }
        return -1;
    }

    /** How many tasks a raw stack is inside: its task entries. */
    int taskEntries(int[] stack) {
        int n = 0;
        for (int frame : stack) {
            if (roles.isTaskEntry(frame)) {
                n++;
            }
        }
        return n;
    }

    /**
     * The wait state of a stack whose leaf-most stretch of non-program frames is inside a runtime's wait (see
     * {@link FrameRoles#WAITS}) or a monitor's, {@code null} otherwise: the innermost such frame's, unless a
     * construct whose whole wait is its own encloses it ({@link FrameRoles#ENCLOSING_WAITS}: the explicit barrier
     * directive, the JDK's barriers and latch, a thread's join), the outermost such construct's (a virtual thread's
     * join waits in a latch). A sample in our instrumentation above the wait method
     * (its hook, before the wait begins or after it ends) is not in the wait, nor one in a task's code that the wait
     * runs (a JDK task's, whose stretch has no program frame: a stream's or the sort's, run by a join that helps).
     */
    OmpState waitAtLeaf(int[] stack) {
        OmpState wait = null;
        OmpState enclosing = null;
        for (int i = stack.length - 1; i >= 0 && roles.role(stack[i]) != FrameRole.USER; i--) {
            if (wait == null && (roles.isInstrumentation(stack[i]) || roles.isTaskEntry(stack[i]))) {
                return null;
            }
            if (wait == null) {
                wait = roles.waitIn(stack[i]);
            } else if (roles.enclosingWaitIn(stack[i]) != null) {
                enclosing = roles.enclosingWaitIn(stack[i]);
            }
        }
        return enclosing != null ? enclosing : wait;
    }

    /**
     * Where a stack that {@link #waitAtLeaf} finds waiting ends in a view: at the frame whose wait it is, the outermost
     * of a run of frames of that same wait (a method's overloads, {@code Object.wait} calling {@code wait0} on JDK 25,
     * the JVM's own frames between them);
     * {@code stack.length} if it does not wait there. The JDK's frames below a wait method are how a JDK parks
     * ({@code LockSupport.park} on JDK 25, a spin's {@code Thread.yield} on 17), not the program's: the same wait
     * stood on a different stack on each JDK.
     */
    int waitEndAtLeaf(int[] stack) {
        int deciding = -1;
        boolean enclosed = false;
        for (int i = stack.length - 1; i >= 0 && roles.role(stack[i]) != FrameRole.USER; i--) {
            if (deciding < 0 && (roles.isInstrumentation(stack[i]) || roles.isTaskEntry(stack[i]))) {
                return stack.length;
            }
            if (deciding < 0 && roles.waitIn(stack[i]) != null) {
                deciding = i;
            } else if (deciding >= 0 && roles.enclosingWaitIn(stack[i]) != null) {
                deciding = i;
                enclosed = true;
            }
        }
        if (deciding < 0) {
            return stack.length;
        }
        OmpState wait = enclosed ? roles.enclosingWaitIn(stack[deciding]) : roles.waitIn(stack[deciding]);
        for (int i = deciding - 1; i >= 0; i--) {
            if (wait == (enclosed ? roles.enclosingWaitIn(stack[i]) : roles.waitIn(stack[i]))) {
                deciding = i;
            } else if (roles.role(stack[i]) != FrameRole.NATIVE) { // the JVM's frames between a monitor's two waits
                break;
            }
        }
        return deciding + 1;
    }

    /**
     * How a stack whose leaf is in the JVM's monitor code waits for the monitor ({@link #waitAtLeaf} says
     * {@code wait_lock} for it), {@code null} for any other stack.
     */
    MonitorWait monitorAtLeaf(int[] stack) {
        for (int i = stack.length - 1; i >= 0 && roles.role(stack[i]) != FrameRole.USER; i--) {
            if (roles.waitIn(stack[i]) != null) {
                return roles.monitorIn(stack[i]);
            }
        }
        return null;
    }

    /**
     * Append the view's frames of {@code stack[from..]} to {@code into}.
     *
     * @param inRuntime whether {@code stack[from]} was called by a runtime (the frames above a task entry are)
     * @return where in {@code into} the leaf-most stretch of runtime code begins: its end when the thread is in
     *         runtime code at the leaf, before the program's frames a runtime called back (a reduction's
     *         combiner, a critical section's body) otherwise; -1 if no runtime code is on the stack
     */
    int shape(int[] stack, int from, boolean inRuntime, IntList into) {
        return shape(stack, from, stack.length, inRuntime, into);
    }

    /** {@link #shape(int[], int, boolean, IntList)} of {@code stack[from..to)}. */
    int shape(int[] stack, int from, int to, boolean inRuntime, IntList into) {
        boolean runtime = inRuntime;
        int runtimeAt = inRuntime ? into.size() : -1;
        for (int i = from; i < to; i++) {
            int f = stack[i];
            FrameRole role = roles.role(f);
            if (view == View.MACHINE) {
                into.add(out.raw(f, role == FrameRole.NATIVE ? FrameKind.NATIVE : FrameKind.JAVA));
                continue;
            }
            boolean wasRuntime = runtime;
            switch (role) {
                case USER:
                    runtime = false;
                    into.add(out.raw(f, FrameKind.JAVA));
                    break;
                case JDK:
                    if (runtime && i > 0 && roles.callsFunction(stack[i - 1])) {
                        // A runtime runs the program's function (a collector's accumulator, Long::sum): its work.
                        runtime = false;
                    }
                    if (!runtime) {
                        into.add(out.raw(f, FrameKind.JAVA));
                    }
                    break;
                case RUNTIME:
                    if (!runtime && view == View.EXPERT) {
                        into.add(out.raw(f, FrameKind.JAVA));
                    }
                    runtime = true;
                    break;
                case GLUE_USER:
                    runtime = false;
                    break;
                case GLUE_RUNTIME:
                    runtime = true;
                    break;
                default:
                    break;
            }
            if (runtime && !wasRuntime) {
                runtimeAt = into.size();
            }
        }
        return runtimeAt;
    }

    /** Whether the stack runs a Java agent's premain or agentmain (ours, with profile=, samples its own start). */
    boolean inAgentStartup(int[] stack) {
        for (int f : stack) {
            if (roles.isAgentStart(f)) {
                return true;
            }
        }
        return false;
    }

    /** True if the stack has a frame of the program's own code (not the JDK's, a runtime's or native). */
    boolean hasProgramFrame(int[] stack) {
        for (int f : stack) {
            FrameRole role = roles.role(f);
            if (role == FrameRole.USER || role == FrameRole.GLUE_USER) {
                return true;
            }
        }
        return false;
    }
}
