package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.invariants.TraceInvariants;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JSR-166 TCK's classes for every woven type ({@link Tck#CLASSES}), all of them, on the JDK that runs
 * the build, at common-pool parallelism 1 and 4: once without the agent and once under it with the print
 * tool. Every test must end as it ends without the agent (pass, failure or error, test by test), and the
 * trace must keep every {@link io.github.ompt4j.agent.invariants.Invariant}, but for the kinds of violation
 * (invariant and TCK class) listed in {@code tck-known-violations.txt}. Each run leaves its violations,
 * counted by kind with an example, in {@code target/tck/jdk<N>-p<P>-violations.txt}; a run that fails keeps
 * its outputs there too.
 */
class TckIT {
    private static final Path WORK = Path.of(System.getProperty("ompt4j.tckWork", "target/tck"));
    private static final int JDK = Runtime.version().feature();
    private static String classPath;

    @BeforeAll
    static void compile() throws IOException {
        classPath = Tck.compile(WORK.resolve("classes-jdk" + JDK));
    }

    @ParameterizedTest(name = "common-pool parallelism {0}")
    @ValueSource(ints = {1, 4})
    void underThePrintToolEveryTestEndsAsBeforeAndTheTraceKeepsItsPromises(int parallelism) throws Exception {
        String name = "jdk" + JDK + "-p" + parallelism;
        Output plain = run(parallelism, null, name + "-plain");
        Output traced = run(parallelism, "tool=print", name + "-print");
        TckFindings findings = new TckFindings();
        List<String> plainOutcomes = outcomes(plain, new TraceInvariants(v -> { }));
        TraceInvariants checker = new TraceInvariants(findings);
        List<String> tracedOutcomes = outcomes(traced, checker);
        checker.finish();

        Set<String> known = TckFindings.known();
        String table = findings.table(known);
        Files.writeString(WORK.resolve(name + "-violations.txt"), table);
        System.out.println("TCK on JDK " + JDK + ", parallelism " + parallelism + ": " + tracedOutcomes.size()
                + " tests, violations by kind:\n" + table);
        assertAll(() -> assertEquals(List.of(), differences(plainOutcomes, tracedOutcomes),
                        "tests that end differently without the agent (-) and under it (+)"),
                () -> assertFalse(traced.err.contains("ompt4j [warn]"), "the agent warned:\n" + traced.err),
                () -> assertEquals(Set.of(), findings.unknown(known),
                        "violations of kinds that tck-known-violations.txt does not list:\n" + table));
        plain.delete();
        traced.delete();
    }

    /** What a forked TCK run printed: standard output in a file (a trace is hundreds of megabytes), and its error. */
    private record Output(Path out, Path errFile, String err) {
        void delete() throws IOException {
            Files.delete(out);
            Files.delete(errFile);
        }
    }

    private static Output run(int parallelism, String agentOptions, String name) throws Exception {
        Path out = WORK.resolve(name + ".txt");
        Path err = WORK.resolve(name + ".err");
        List<String> command = AgentRun.command(classPath,
                List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism), agentOptions,
                TckRunner.class, Tck.runnable().toArray(new String[0]));
        int exit = AgentRun.execInto(command, Map.of(), out, err, 600);
        String errText = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, exit, name + " exited with " + exit + ":\n" + errText);
        return new Output(out, err, errText);
    }

    /**
     * Reads a run's output: each line goes to {@code checker}, in the context of the test that printed it;
     * returns each test's outcome ({@code testSubmit(ForkJoinPoolTest) pass}), sorted.
     */
    private static List<String> outcomes(Output output, TraceInvariants checker) throws IOException {
        List<String> outcomes = new ArrayList<>();
        boolean done = false;
        try (BufferedReader lines = Files.newBufferedReader(output.out, StandardCharsets.UTF_8)) {
            for (String line; (line = lines.readLine()) != null;) {
                if (line.startsWith(TckRunner.START)) {
                    checker.context(line.substring(TckRunner.START.length()));
                } else if (line.startsWith(TckRunner.END)) {
                    outcomes.add(line.substring(TckRunner.END.length()));
                } else if (line.equals(TckRunner.DONE)) {
                    done = true;
                }
                checker.line(line);
            }
        }
        assertTrue(done, output.out + " did not finish the TCK:\n" + output.err);
        Collections.sort(outcomes);
        return outcomes;
    }

    /** The outcomes only one run had: {@code - } without the agent, {@code + } under it. */
    private static List<String> differences(List<String> plain, List<String> traced) {
        List<String> differences = new ArrayList<>();
        List<String> onlyTraced = new ArrayList<>(traced);
        for (String outcome : plain) {
            if (!onlyTraced.remove(outcome)) {
                differences.add("- " + outcome);
            }
        }
        onlyTraced.forEach(outcome -> differences.add("+ " + outcome));
        return differences;
    }
}
