package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.JfrSettings;
import io.github.ompt4j.profile.JfrToProfile;
import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@link Situations} program run under the real agent jar with the JFR tool and the profiling settings,
 * profiling itself with async-profiler into one recording; and the folded stacks as text, frames joined by
 * {@code ;} with this package's prefix dropped ({@code Situations.main;Situations.run;...;<OMP-idle>}).
 */
final class ProfiledRun {
    private static final String PACKAGE = Situations.class.getPackageName() + ".";

    private ProfiledRun() {
    }

    /** Run the situation and return its recording. */
    static Path record(Path dir, String situation, Map<String, String> env, String... jvmOptions) throws Exception {
        Path jfr = dir.resolve(situation + ".jfr");
        Path jfc = dir.resolve("ompt-profile.jfc");
        try (InputStream in = JfrSettings.class.getResourceAsStream("ompt-profile.jfc")) {
            Files.copy(in, jfc, StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.add("-D" + JfrSettings.PROPERTY + "=" + JfrSettings.PROFILE);
        command.add("-javaagent:" + AgentRun.agentJar() + "=tool=io.github.ompt4j.jfr.JfrTool");
        command.add("-cp");
        command.add(AgentRun.applicationClassPath() + File.pathSeparator + AgentRun.home(one.profiler.AsyncProfiler.class));
        command.addAll(List.of(Situations.class.getName(), situation, jfr.toString(), jfc.toString()));
        AgentRun run = AgentRun.exec(command, env);
        assertEquals(0, run.exit, run.toString());
        return jfr;
    }

    static Profile fold(Path recording, View view) throws IOException {
        return JfrToProfile.fold(recording, view).profile();
    }

    /** A stack as text. */
    static String text(List<Frame> frames) {
        return frames.stream().map(f -> f.name().startsWith(PACKAGE) ? f.name().substring(PACKAGE.length()) : f.name())
                .collect(Collectors.joining(";"));
    }

    /** Each thread's stacks as text with their samples, heaviest first; threads by name. */
    static Map<String, Map<String, Long>> byThread(Profile profile) {
        Map<String, Map<String, Long>> threads = new LinkedHashMap<>();
        for (FoldedStack s : profile.stacks()) {
            threads.computeIfAbsent(s.thread().name(), k -> new LinkedHashMap<>()).merge(text(s.frames()), s.samples(),
                    Long::sum);
        }
        Map<String, Map<String, Long>> sorted = new LinkedHashMap<>();
        threads.forEach((thread, stacks) -> {
            Map<String, Long> byWeight = new LinkedHashMap<>();
            stacks.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                    .forEach(e -> byWeight.put(e.getKey(), e.getValue()));
            sorted.put(thread, byWeight);
        });
        return sorted;
    }

    /** The heaviest stack of every thread whose name starts with one of {@code prefixes}. */
    static Map<String, String> heaviest(Profile profile, String... prefixes) {
        Map<String, String> heaviest = new LinkedHashMap<>();
        byThread(profile).forEach((thread, stacks) -> {
            for (String p : prefixes) {
                if (thread.startsWith(p)) {
                    heaviest.put(thread, stacks.keySet().iterator().next());
                }
            }
        });
        return heaviest;
    }

    /** For failure messages: every thread's five heaviest stacks. */
    static String describe(Profile profile) {
        StringBuilder s = new StringBuilder();
        byThread(profile).forEach((thread, stacks) -> {
            s.append(thread).append('\n');
            stacks.entrySet().stream().limit(5)
                    .forEach(e -> s.append("  ").append(e.getValue()).append("  ").append(e.getKey()).append('\n'));
        });
        return s.toString();
    }
}
