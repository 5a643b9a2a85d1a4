package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.Profile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A sample as an exported file tells it, read back by a parser that is not the writer: the thread's name and
 * Java ID, the OMPT state, the frame names root first.
 */
public record ExportedStack(String thread, long threadId, String state, List<String> frames) {
    public static ExportedStack of(FoldedStack s) {
        List<String> names = new ArrayList<>();
        for (Frame f : s.frames()) {
            names.add(f.name());
        }
        return new ExportedStack(s.thread().name(), s.thread().javaThreadId(), s.state().ompName(), names);
    }

    /** What a file must hold for {@code profile}: every folded stack with its weights in {@code metrics}. */
    public static Map<ExportedStack, List<Long>> expected(Profile profile, List<Metric> metrics) {
        Map<ExportedStack, List<Long>> stacks = new HashMap<>();
        for (FoldedStack s : profile.stacks()) {
            List<Long> values = new ArrayList<>();
            for (Metric m : metrics) {
                values.add(s.weight(m));
            }
            stacks.put(of(s), values);
        }
        return stacks;
    }
}
