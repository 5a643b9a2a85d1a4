package io.github.ompt4j.agent;

import io.github.ompt4j.hooks.exit.ExitHooks;
import io.github.ompt4j.jfr.JfrRecorder;
import io.github.ompt4j.jfr.JfrSettings;
import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskDependenceEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.profile.IoFailure;
import io.github.ompt4j.profile.ProfileCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/**
 * The agent's recording ({@code jfr=}, {@code out=}), its samples ({@code profile=}) and what it is folded into
 * at exit ({@code flame=}, {@code timeline=}, {@code report=}, {@code collapsed=}).
 *
 * <p><b>Start.</b> The file is the one {@code jfr=} names, else a private temporary file that is deleted once
 * the outputs are written. With {@code profile=} off, our own JFR recording ({@link JfrRecorder}). With it on,
 * async-profiler's {@code jfrsync} recording ({@link Sampler}), with the profiling settings unless
 * {@value JfrSettings#PROPERTY} names others, and JFR's own execution samples switched off (async-profiler's
 * replace them). Where async-profiler cannot load or start, JFR's execution samples at the same interval take
 * its place, after one warning that says why; they see only threads running Java code. {@link DiskWatch} stops
 * the recording early, with one warning, before its disk is too full for JFR to write (JFR would abort the JVM).
 *
 * <p><b>Exit.</b> {@link ExitHooks} runs {@link #finish()} before the JVM's shutdown hooks: wait (briefly) for
 * the runtime's workers to go idle, so that the last region's implicit tasks are in the file, stop the profiler
 * (which writes its samples into the file) or the recording, then run the {@code report} command on the file
 * with the outputs asked for ({@link ProfileCommand#write}), and say in one line what was written where. {@code attach <pid> stop} does the same
 * earlier ({@link #finish()} runs once, whichever comes first), and the application goes on without a recording.
 */
final class AgentRecording {
    /** How long exit waits for the runtime's workers to record the end of their last tasks. */
    private static final long WORKERS_IDLE_WAIT_MS = 100;
    private final AgentOptions options;
    private final Path file;
    private final boolean temporary;
    private Sampler sampler;
    private Recording recording;
    /** The settings of the recording that runs, which the JFR tool feeds ({@link #startTool}). */
    private Map<String, String> toolSettings;
    private boolean finished;
    /** Stopped, before exit if {@link #stopEarly} did it; and why the file could not be written, if it could not. */
    private boolean stopped;
    private String stopFailure;

    private AgentRecording(AgentOptions options, Path file, boolean temporary) {
        this.options = options;
        this.file = file;
        this.temporary = temporary;
    }

    /**
     * Start recording as {@code options} ask ({@link AgentOptions#records()}), and finish at exit; {@code cache}: this
     * build's directory in the agent's cache, where async-profiler's library is kept, or {@code null} for none.
     */
    static AgentRecording start(AgentOptions options, Path cache) throws IOException {
        boolean temporary = options.jfr == null;
        Path file = temporary ? PrivateTempFile.create("ompt4j-recording", ".jfr") : JfrRecorder.file(options.jfr);
        AgentRecording r = new AgentRecording(options, file, temporary);
        if (options.profile == AgentOptions.Profile.OFF) {
            r.toolSettings = r.withOptions(JfrSettings.resolve(JfrSettings.nameFromSystemProperty()));
            r.recording = JfrRecorder.start(file, r.toolSettings);
        } else {
            r.startSampling(cache);
        }
        DiskWatch.start(r);
        ExitHooks.add(r::finish);
        return r;
    }

    /** The recording's file (a temporary one is deleted once the outputs are written). */
    Path file() {
        return file;
    }

    synchronized boolean finished() {
        return finished;
    }

    private void startSampling(Path cache) throws IOException {
        Map<String, String> settings = withOptions(JfrSettings.resolve(System.getProperty(JfrSettings.PROPERTY,
                JfrSettings.PROFILE)));
        Map<String, String> synced = new LinkedHashMap<>(settings);
        synced.put("jdk.ExecutionSample#enabled", "false");
        synced.put("jdk.NativeMethodSample#enabled", "false");
        try {
            JfrRecorder.beforeRecording();
            sampler = Sampler.start(Option.cliName(options.profile), options.intervalNanos, options.asyncProfiler,
                    cache, file, synced);
            toolSettings = synced;
            AgentLog.info("async-profiler samples " + Option.cliName(options.profile) + " every "
                    + options.intervalNanos / 1000 + " us into " + file);
            return;
        } catch (Exception | LinkageError e) {
            AgentLog.warn("profile=" + Option.cliName(options.profile) + ": async-profiler cannot sample here (" + e
                    + "); JFR's own execution samples take its place, every "
                    + Math.max(1, options.intervalNanos / 1_000_000) + " ms, and see only threads running Java code");
        }
        settings.put("jdk.ExecutionSample#enabled", "true");
        settings.put("jdk.ExecutionSample#period", Math.max(1, options.intervalNanos / 1_000_000) + " ms");
        recording = JfrRecorder.start(file, settings);
        toolSettings = settings;
    }

    /**
     * Register the JFR tool that feeds the recording: apart from {@link #start}, and last, because the tool makes the
     * runtime track. Where the agent has woven before the recording, the woven code that {@link #start} runs on this
     * thread (the disk watch's first look lists JFR's repository, which takes the JDK's woven locks) would, tracked,
     * begin this thread as a thread of the program's before it can begin as the initial thread ({@link AgentStartup}).
     */
    void startTool() {
        JfrRecorder.startTool(toolSettings);
    }

    /**
     * {@code settings} with the task and mutex-wait events as {@code tasks=} and {@code mutexes=} say, and the
     * thresholds of waits, worksharing and tasks as {@code threshold=} says, if they do.
     */
    private Map<String, String> withOptions(Map<String, String> settings) {
        enable(settings, options.tasks, List.of(TaskEvent.NAME, TaskCreateEvent.NAME, TaskDependenceEvent.NAME));
        enable(settings, options.mutexes, List.of(MutexAcquireEvent.NAME));
        if (options.thresholdNanos >= 0) {
            for (String event : List.of(SyncRegionEvent.NAME, SyncRegionWaitEvent.NAME, WorkEvent.NAME, DispatchEvent.NAME,
                    TaskEvent.NAME)) {
                settings.put(event + "#threshold", options.thresholdNanos + " ns");
            }
        }
        return settings;
    }

    private static void enable(Map<String, String> settings, Option.Switch option, List<String> events) {
        if (option != Option.Switch.AS_SETTINGS) {
            for (String event : events) {
                settings.put(event + "#enabled", Boolean.toString(option == Option.Switch.ON));
            }
        }
    }

    /** Stop, fold, say where everything is, once; never throws. Returns what it said. */
    synchronized String finish() {
        if (finished) {
            return "the recording was already stopped";
        }
        finished = true;
        if (!Ompt.awaitIdleWorkers(WORKERS_IDLE_WAIT_MS)) {
            AgentLog.info("workers still busy at exit: their open tasks and waits end with the recording");
        }
        boolean early = stopped;
        String notWritten = stop();
        if (notWritten != null) {
            // An early stop that failed has said so.
            return early ? notWritten : warn(notWritten);
        }
        List<String> written = new ArrayList<>();
        boolean folded = true;
        if (!options.outputs.isEmpty()) {
            for (Path out : options.outputs.values()) {
                written.add(out.toString());
            }
            folded = createParents(options.outputs.values()) && ProfileCommand.write(file, options.view,
                    options.outputs, System.out, System.err) == ProfileCommand.OK;
        }
        if (!folded) {
            return warn("not every output was written; the recording is in " + file);
        }
        if (temporary) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                AgentLog.warn("could not delete the temporary recording " + file + ": " + IoFailure.reason(e));
            }
        } else {
            written.add(0, file.toString());
        }
        String result = "wrote " + String.join(", ", written);
        AgentLog.result(result);
        return result;
    }

    /**
     * Stop recording before exit, because going on would lose more than it records ({@link DiskWatch}): say
     * {@code why} once, with what became of the file. Exit then folds what was recorded.
     */
    synchronized void stopEarly(String why) {
        if (finished || stopped) {
            return;
        }
        String notWritten = stop();
        AgentLog.warn(why + (notWritten == null ? "; " + file + " holds the run up to there" : "; and " + notWritten));
    }

    /** Stop the profiler or the recording, which writes the file, once; what went wrong, or null. */
    private String stop() {
        if (!stopped) {
            stopped = true;
            try {
                if (sampler != null) {
                    sampler.stop();
                } else {
                    stopRecording();
                }
            } catch (Exception e) {
                stopFailure = "could not write the recording into " + file + ": "
                        + (e instanceof IOException ? IoFailure.reason((IOException) e) : e.getMessage());
            }
        }
        return stopFailure;
    }

    private static String warn(String message) {
        AgentLog.warn(message);
        return message;
    }

    /**
     * Stops the recording, which writes it into {@link #file}. Where JFR cannot write it (a path it cannot open,
     * a full disk) it logs an error, throws nothing and keeps the recording open: a dump of it then throws what
     * failed.
     */
    private void stopRecording() throws IOException {
        try {
            recording.stop();
            if (recording.getState() != RecordingState.CLOSED) {
                recording.dump(file);
            }
        } finally {
            recording.close();
        }
    }

    private static boolean createParents(Iterable<Path> outputs) {
        for (Path out : outputs) {
            Path parent = out.toAbsolutePath().getParent();
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                AgentLog.warn("cannot create " + parent + " for " + out + ": " + IoFailure.reason(e));
                return false;
            }
        }
        return true;
    }
}
