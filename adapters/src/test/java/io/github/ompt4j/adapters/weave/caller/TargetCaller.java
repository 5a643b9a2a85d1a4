package io.github.ompt4j.adapters.weave.caller;

import io.github.ompt4j.adapters.weave.Target;

/** A program's class for {@code CallSiteMarkerTest}: it calls the marked method from outside the library's package. */
public final class TargetCaller {
    private TargetCaller() {
    }

    public static double call() {
        return Target.scale(2, 3);
    }

    /**
     * Marked calls among locals of both sizes that live across them, in a loop, with an argument chosen by a
     * conditional (a branch target, and so a stack map frame, with arguments on the stack).
     */
    public static double callInLoop(int n) {
        long factor = 3;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += Target.scale(i % 2 == 0 ? 1 : 2, factor);
        }
        return sum + factor;
    }
}
