package io.github.ompt4j.agent.it;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A forked JVM running a program under the real agent jar, and what it printed. The program's class
 * path holds only application code (these test classes and the directive library), never the agent's
 * or the model's classes, exactly as a user's would.
 */
final class AgentRun {
    final int exit;
    final List<String> out;
    final String err;

    private AgentRun(int exit, List<String> out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    static Path agentJar() {
        String jar = System.getProperty("ompt4j.agentJar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("run through Maven (failsafe) after packaging: ompt4j.agentJar=" + jar);
        }
        return Path.of(jar);
    }

    /** Where a class was loaded from: its class-path entry. */
    static String home(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String applicationClassPath() {
        return home(AgentRun.class) + File.pathSeparator + home(io.github.ompt4j.omp.Omp.class);
    }

    /** Run {@code main} under {@code -javaagent:ompt-agent.jar=options} (no agent if options is null). */
    static AgentRun run(String options, Map<String, String> env, Class<?> main, String... args)
            throws IOException, InterruptedException {
        return runWithClassPath(applicationClassPath(), options, env, main, args);
    }

    /** The same, on a class path of the caller's choosing. */
    static AgentRun runWithClassPath(String classPath, String options, Map<String, String> env, Class<?> main,
            String... args) throws IOException, InterruptedException {
        return runWithJvmOptions(classPath, List.of(), options, env, main, args);
    }

    /** The same, with options for the JVM itself (system properties, heap). */
    static AgentRun runWithJvmOptions(String classPath, List<String> jvmOptions, String options,
            Map<String, String> env, Class<?> main, String... args) throws IOException, InterruptedException {
        return exec(command(classPath, jvmOptions, options, main, args), env);
    }

    /** The command line of such a run, on this JVM's {@code java}. */
    static List<String> command(String classPath, List<String> jvmOptions, String options, Class<?> main,
            String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        if (options != null) {
            command.add("-javaagent:" + agentJar() + (options.isEmpty() ? "" : "=" + options));
        }
        command.add("-cp");
        command.add(classPath);
        command.add(main.getName());
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * Run {@link JfrApp} {@code wait} under the agent, send {@code signal} once it says it is ready, and
     * return its standard error once the signal has ended it.
     *
     * <p>The child starts with every signal at its default disposition ({@code env --default-signal}): a
     * process inherits ignored signals, and the tests may run from a shell that ignores SIGINT (a background
     * job, {@code nohup}, some CI runners); a JVM started with SIGINT ignored installs no handler for it and
     * would never end.
     */
    static String signalWhenReady(String options, String signal) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("env", "--default-signal", Path.of(System.getProperty("java.home"), "bin",
                "java").toString(), "-javaagent:" + agentJar() + "=" + options, "-cp", applicationClassPath(),
                JfrApp.class.getName(), "wait").redirectError(ProcessBuilder.Redirect.PIPE).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null && !line.equals("ready")) {
                // the program's output until it is ready to be stopped
            }
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start();
            if (kill.waitFor() != 0 || !p.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("kill -" + signal + " did not end the program");
            }
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            p.destroyForcibly();
        }
    }

    static AgentRun exec(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile("ompt4j-it-out", ".txt");
        Path err = Files.createTempFile("ompt4j-it-err", ".txt");
        int exit = execInto(command, env, out, err, 120);
        AgentRun run = new AgentRun(exit, Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return run;
    }

    /**
     * Run {@code command} with its standard output and error in files (for output too large to hold in
     * memory) and return its exit status; a run that outlasts {@code timeoutSeconds} is killed and fails.
     */
    static int execInto(List<String> command, Map<String, String> env, Path out, Path err, long timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("OMP_TOOL");
        pb.environment().putAll(env == null ? new HashMap<>() : env);
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("forked JVM did not finish: " + command + "\n" + Files.readString(err));
        }
        return p.exitValue();
    }

    /** The lines of one thread (its {@code <id>: } prefix), in order. */
    List<String> thread(String id) {
        return out.stream().filter(l -> l.startsWith(id + ": ")).collect(Collectors.toList());
    }

    /** Lines that are events, in output order. */
    List<String> events() {
        return out.stream().filter(l -> l.matches("\\d+: ompt_event_.*")).collect(Collectors.toList());
    }

    /** All event lines sorted by thread (stable within a thread), like LLVM's sort-threads. */
    List<String> sortedByThread() {
        List<String> events = events();
        List<String> sorted = new ArrayList<>(events);
        sorted.sort((a, b) -> Long.compare(Long.parseLong(a.substring(0, a.indexOf(':'))),
                Long.parseLong(b.substring(0, b.indexOf(':')))));
        return sorted;
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + String.join("\n", out) + "\n--- err\n" + err;
    }
}
