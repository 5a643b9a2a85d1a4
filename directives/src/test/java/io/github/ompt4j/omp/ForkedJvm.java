package io.github.ompt4j.omp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A scenario in a JVM of its own: one that needs a fresh runtime (the first failure a program ever has,
 * ICVs from the environment), a small heap, or that would hang or kill the test JVM if the runtime got it
 * wrong. The scenario is a {@code main} on the test class path; what it prints is the evidence.
 */
final class ForkedJvm {
    /** Generous: a scenario that has not finished by then is hanging, which is what these tests catch. */
    private static final long TIMEOUT_SECONDS = 120;

    final int exit;
    final String out;
    final String err;

    private ForkedJvm(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    /** Runs {@code main} on this test's class path, with no {@code OMP_} variable but those in {@code env}. */
    static ForkedJvm run(List<String> jvmOptions, Map<String, String> env, Class<?> main, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("OMP_"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile("ompt4j-forked-out", ".txt");
        Path err = Files.createTempFile("ompt4j-forked-err", ".txt");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError(main.getSimpleName() + " hangs\n--- out\n" + Files.readString(out)
                        + "\n--- err\n" + Files.readString(err));
            }
            return new ForkedJvm(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
