package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.Profile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * OMP work and OMP wait per function of the folded stacks, exclusive (the function is the leaf: artificial
 * frames hold the waits) and inclusive (the function is anywhere on the stack, counted once per stack).
 * Exclusive times add up to the profile's total.
 */
public final class FunctionMetrics {
    /** One function's times. */
    public static final class Function {
        public final Frame frame;
        public long selfWorkNanos;
        public long selfWaitNanos;
        public long totalWorkNanos;
        public long totalWaitNanos;

        Function(Frame frame) {
            this.frame = frame;
        }
    }

    private FunctionMetrics() {
    }

    /** Functions by exclusive time, most first. */
    public static List<Function> of(Profile profile) {
        Map<Frame, Function> functions = new HashMap<>();
        Set<Frame> seen = new HashSet<>();
        for (FoldedStack s : profile.stacks()) {
            if (s.frames().isEmpty()) {
                continue;
            }
            Function leaf = functions.computeIfAbsent(s.frames().get(s.frames().size() - 1), Function::new);
            leaf.selfWorkNanos += s.workNanos();
            leaf.selfWaitNanos += s.waitNanos();
            seen.clear();
            for (Frame f : s.frames()) {
                if (seen.add(f)) {
                    Function fn = functions.computeIfAbsent(f, Function::new);
                    fn.totalWorkNanos += s.workNanos();
                    fn.totalWaitNanos += s.waitNanos();
                }
            }
        }
        List<Function> list = new ArrayList<>(functions.values());
        list.sort((a, b) -> Long.compare(b.selfWorkNanos + b.selfWaitNanos, a.selfWorkNanos + a.selfWaitNanos));
        return list;
    }
}
