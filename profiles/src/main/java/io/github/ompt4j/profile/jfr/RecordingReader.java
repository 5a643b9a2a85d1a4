package io.github.ompt4j.profile.jfr;

import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.profile.Progress;
import io.github.ompt4j.profile.model.OmpState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * One pass over a recording, every chunk (JFR's own and async-profiler's {@code jfrsync} chunk), keeping what
 * folding needs and nothing else: per-thread {@code ompt.*} spans and state samples, regions, task owners, lock
 * sites, and the samples of each source with interned stacks. Samples join threads by Java thread ID, which
 * JFR's {@code eventThread} and async-profiler's {@code sampledThread} share, else by OS thread ID (native
 * threads, and the main thread when async-profiler wrote its chunk as the JVM exited).
 */
public final class RecordingReader {
    /**
     * JDK 25's reader converts the ticks of async-profiler's chunk (monotonic clock) to times off by the
     * machine's uptime; JDK 17's does not. A shift beyond this is that error, and corrected.
     */
    private static final long MAX_CLOCK_ERROR = 1_000_000_000L;
    private static final Pattern TIMESPAN = Pattern.compile("\\s*(\\d+)\\s*(ns|us|ms|s)\\s*");

    private enum Kind {
        JFR_SAMPLE, ASYNC_CPU_SAMPLE, ASYNC_WALL_SAMPLE, ACTIVE_SETTING, ACTIVE_RECORDING, PARALLEL_REGION, ORIGIN, IMPLICIT_TASK, TASK,
        INITIAL_TASK, SYNC_REGION, SYNC_WAIT, MUTEX_ACQUIRE, MUTEX_HELD, IDLE, THREAD_BEGIN, THREAD_END, THREAD_STATE,
        LOCK_INIT, MONITOR_ENTER, MONITOR_WAIT, IGNORED
    }

    private final RecordedRun run = new RecordedRun();
    private final Map<EventType, Kind> kinds = new IdentityHashMap<>();
    private final Map<RecordedThread, ThreadRecord> byThreadObject = new IdentityHashMap<>();
    private final Map<Long, ThreadRecord> byJavaId = new HashMap<>();
    private final Map<Long, ThreadRecord> byOsId = new HashMap<>();
    private final Map<String, String> asyncSettings = new HashMap<>();
    private final List<Long> jfrPeriods = new ArrayList<>();
    private long jfrSampleTypeId = -1;
    /** The type IDs of {@code ompt.SyncRegionWait} (one per chunk's metadata, usually the same). */
    private final Set<Long> syncWaitTypeIds = new HashSet<>();
    private long asyncClockError;
    /**
     * Holds as the waits name them (ompt.MutexAcquire's holder), added at the end unless the recording timed
     * the holds themselves (ompt.MutexHeld), which say more.
     */
    private final List<Runnable> namedHolds = new ArrayList<>();
    private boolean timedHolds;
    /**
     * Where each region is in {@link RecordedRun#regions}, and each task's region and thread's index: only while
     * reading, to find the encountering task of each region (its events may come later), so that a million tasks
     * cost nothing once the recording is read.
     */
    private final LongLongMap regionIndexes = new LongLongMap();
    private final Map<String, String> strings = new HashMap<>();
    private final LongLongMap taskRegions = new LongLongMap();
    private final LongLongMap taskThreads = new LongLongMap();

    private RecordingReader() {
    }

    /** Read {@code file}, telling {@code progress} how far it got. */
    public static RecordedRun read(Path file, Progress progress) throws IOException {
        RecordingReader reader = new RecordingReader();
        long events = 0;
        long samples = 0;
        try (RecordingFile recording = new RecordingFile(file)) {
            for (EventType type : recording.readEventTypes()) {
                if (type.getName().equals(SyncRegionWaitEvent.NAME)) {
                    reader.syncWaitTypeIds.add(type.getId());
                }
            }
            while (recording.hasMoreEvents()) {
                if (reader.accept(recording.readEvent())) {
                    samples++;
                }
                progress.reading(++events, samples);
            }
        }
        reader.finish();
        return reader.run;
    }

    /** Returns true for a sample. */
    private boolean accept(RecordedEvent e) {
        Kind kind = kinds.computeIfAbsent(e.getEventType(), this::kindOf);
        switch (kind) {
            case IGNORED:
                return false;
            case JFR_SAMPLE:
                return sample(e, SampleSource.JFR_EXECUTION, 1, 0);
            case ASYNC_CPU_SAMPLE:
                return sample(e, SampleSource.ASYNC_CPU, 1, 0);
            case ASYNC_WALL_SAMPLE:
                // A batch of an idle thread's samples: how many, and the time from the first to the last.
                return sample(e, SampleSource.ASYNC_WALL, Math.max(1, e.getInt("samples")),
                        e.hasField("timeSpan") ? Math.max(0, e.getDuration("timeSpan").toNanos()) : 0);
            case ACTIVE_SETTING:
                setting(e);
                return false;
            case ACTIVE_RECORDING:
                if (e.getThread() == null) {
                    // async-profiler's: its start as a plain number of epoch milliseconds, and as a time.
                    asyncClockError = e.getLong("recordingStart") * 1_000_000 - nanos(e.getStartTime());
                }
                return false;
            case MONITOR_ENTER:
            case MONITOR_WAIT:
                monitor(kind, e);
                return false;
            default:
                ompt(kind, e);
                return false;
        }
    }

    private Kind kindOf(EventType type) {
        // Asked once per type, at its first event.
        run.omptEvents |= type.getName().startsWith("ompt.");
        switch (type.getName()) {
            case "jdk.ExecutionSample":
                // async-profiler's chunk declares its event types without settings; JFR's own has period, enabled.
                if (type.getSettingDescriptors().isEmpty()) {
                    return Kind.ASYNC_CPU_SAMPLE;
                }
                jfrSampleTypeId = type.getId();
                return Kind.JFR_SAMPLE;
            case "profiler.WallClockSample":
                return Kind.ASYNC_WALL_SAMPLE;
            case "jdk.ActiveSetting":
                return Kind.ACTIVE_SETTING;
            case "jdk.ActiveRecording":
                return Kind.ACTIVE_RECORDING;
            case ParallelRegionEvent.NAME:
                return Kind.PARALLEL_REGION;
            case OriginEvent.NAME:
                return Kind.ORIGIN;
            case ImplicitTaskEvent.NAME:
                return Kind.IMPLICIT_TASK;
            case TaskEvent.NAME:
                return Kind.TASK;
            case InitialTaskEvent.NAME:
                return Kind.INITIAL_TASK;
            case SyncRegionEvent.NAME:
                return Kind.SYNC_REGION;
            case SyncRegionWaitEvent.NAME:
                return Kind.SYNC_WAIT;
            case MutexAcquireEvent.NAME:
                return Kind.MUTEX_ACQUIRE;
            case MutexHeldEvent.NAME:
                return Kind.MUTEX_HELD;
            case IdleEvent.NAME:
                return Kind.IDLE;
            case ThreadBeginEvent.NAME:
                return Kind.THREAD_BEGIN;
            case ThreadEndEvent.NAME:
                return Kind.THREAD_END;
            case ThreadStateEvent.NAME:
                return Kind.THREAD_STATE;
            case LockInitEvent.NAME:
                return Kind.LOCK_INIT;
            case "jdk.JavaMonitorEnter":
                return Kind.MONITOR_ENTER;
            case "jdk.JavaMonitorWait":
                return Kind.MONITOR_WAIT;
            default:
                return Kind.IGNORED;
        }
    }

    private boolean sample(RecordedEvent e, SampleSource source, int weight, long span) {
        ThreadRecord thread = thread(e.getThread("sampledThread"));
        if (thread == null) {
            return false;
        }
        long time = nanos(e.getStartTime());
        if (source == SampleSource.JFR_EXECUTION) {
            extend(time, time);
        }
        run.samples.computeIfAbsent(source, s -> new Samples())
                .add(thread.index, time, span, run.stacks.id(e.getStackTrace()), weight);
        return true;
    }

    private void setting(RecordedEvent e) {
        String name = e.getString("name");
        String value = e.getString("value");
        // JFR's settings by name: JDK 17 writes them on a thread, JDK 25 without one, as async-profiler writes its
        // own options (interval, wall, event ...), which never take these names.
        if ("threshold".equals(name)) {
            if (syncWaitTypeIds.contains(e.getLong("id"))) {
                // Of several recordings, the one with the lowest threshold decides what JFR writes.
                long threshold = timespan(value);
                run.syncWaitThreshold = run.syncWaitThreshold < 0 ? threshold
                        : Math.min(run.syncWaitThreshold, threshold);
            }
        } else if ("period".equals(name)) {
            jfrPeriods.add(e.getLong("id"));
            jfrPeriods.add(timespan(value));
        } else if (e.getThread() == null) {
            asyncSettings.put(name, value);
        }
    }

    private void ompt(Kind kind, RecordedEvent e) {
        ThreadRecord thread = thread(kind == Kind.THREAD_STATE ? e.getThread("thread") : e.getThread());
        if (thread == null) {
            return;
        }
        long start = nanos(e.getStartTime());
        long end = nanos(e.getEndTime());
        extend(start, end);
        switch (kind) {
            case PARALLEL_REGION: {
                long id = e.getLong("parallelId");
                region(new RegionRecord(id, e.getLong("encounteringTaskId"), thread, start, end,
                        e.getInt("requestedTeamSize"), e.getInt("teamSize"),
                        e.hasField("participants") ? e.getInt("participants") : 0, text(e, "callSite"),
                        run.stacks.id(e.getStackTrace())));
                span(thread, SpanType.PARALLEL_REGION, start, end, id, e.getLong("encounteringTaskId"), 0, 0, null, null);
                break;
            }
            case ORIGIN: {
                run.addOrigin(e.getLong("parallelId"), e.getLong("taskId"), thread, run.stacks.id(e.getStackTrace()));
                break;
            }
            case IMPLICIT_TASK:
            case TASK: {
                long region = e.getLong("parallelId");
                long task = e.getLong("taskId");
                task(task, region, thread);
                if (kind == Kind.TASK && region == 0) {
                    // A task outside regions (a CompletableFuture stage) stands on its nearest ancestor's origin.
                    run.addTaskParent(task, e.getLong("parentTaskId"));
                }
                span(thread, kind == Kind.TASK ? SpanType.TASK : SpanType.IMPLICIT_TASK, start, end, region, task, 0,
                        kind == Kind.TASK ? 0 : e.getInt("threadNum"), null, null);
                break;
            }
            case INITIAL_TASK:
                thread.initialTaskId = e.getLong("taskId");
                task(thread.initialTaskId, 0, thread);
                break;
            case SYNC_REGION:
                span(thread, SpanType.SYNC_REGION, start, end, e.getLong("parallelId"), e.getLong("taskId"), 0, 0,
                        string(e, "kind"), string(e, "callSite"));
                break;
            case SYNC_WAIT:
                span(thread, SpanType.SYNC_WAIT, start, end, e.getLong("parallelId"), e.getLong("taskId"),
                        e.getLong("waitId"), 0, string(e, "kind"), string(e, "callSite"));
                break;
            case MUTEX_ACQUIRE: {
                run.mutexAcquires = true;
                span(thread, SpanType.MUTEX_ACQUIRE, start, end, 0, 0, e.getLong("waitId"), 0, string(e, "kind"),
                        string(e, "callSite"));
                ThreadRecord holder = e.hasField("holder") ? thread(e.getThread("holder")) : null;
                if (holder != null && holder != thread) {
                    // The holder seen when the wait began stands for the holds that kept this thread waiting.
                    Span hold = new Span(SpanType.MUTEX_HELD, start, end, 0, 0, e.getLong("waitId"), 0, string(e, "kind"),
                            string(e, "holderCallSite"));
                    namedHolds.add(() -> holder.spans.add(hold));
                }
                break;
            }
            case MUTEX_HELD:
                timedHolds = true;
                span(thread, SpanType.MUTEX_HELD, start, end, 0, 0, e.getLong("waitId"), 0, string(e, "kind"),
                        string(e, "callSite"));
                break;
            case IDLE:
                span(thread, SpanType.IDLE, start, end, 0, 0, 0, 0, null, null);
                break;
            case THREAD_BEGIN:
                // The earliest begin wins: the launcher's main thread and the DestroyJavaVM thread that follows it
                // on the same OS thread are one record, only the first is the initial thread, and a file holds
                // each thread's events in the order its buffers were flushed, not in time order.
                if (thread.begin == Long.MIN_VALUE || start < thread.begin) {
                    thread.ompThreadId = e.getLong("ompThreadId");
                    thread.ompType = String.valueOf((Object) e.getString("threadType"));
                    thread.begin = start;
                    thread.nameAtBegin = e.hasField("threadName") ? e.getString("threadName") : null;
                }
                break;
            case THREAD_END:
                thread.end = start;
                break;
            case THREAD_STATE:
                thread.ompThreadId = e.getLong("ompThreadId");
                thread.stateSamples.add(new StateSample(start, OmpState.fromOmpName(e.getString("state")),
                        e.getLong("waitId"), e.getLong("parallelId"), e.getLong("taskId"),
                        e.hasField("callSite") ? string(e, "callSite") : null,
                        e.hasField("holder") ? thread(e.getThread("holder")) : null,
                        e.hasField("holderCallSite") ? string(e, "holderCallSite") : null));
                break;
            case LOCK_INIT:
                run.lockSites.put(e.getLong("waitId"), text(e, "kind") + " created at " + text(e, "callSite"));
                break;

            default:
                break;
        }
    }

    /**
     * A Java monitor wait JFR recorded. It does not stretch the run: a thread may have waited in {@code Object.wait}
     * since long before the recording began.
     */
    private void monitor(Kind kind, RecordedEvent e) {
        ThreadRecord thread = thread(e.getThread());
        if (thread == null) {
            return;
        }
        RecordedClass monitor = e.getClass("monitorClass");
        String owner = kind == Kind.MONITOR_ENTER ? "previousOwner" : "notifier";
        thread.monitorEvents.add(new MonitorEvent(nanos(e.getStartTime()), nanos(e.getEndTime()),
                monitor == null ? null : strings.computeIfAbsent(sourceName(monitor.getName()), k -> k),
                e.hasField(owner) ? thread(e.getThread(owner)) : null));
    }

    /** A class as the program's source names it: {@code double[]}, {@code java.lang.String[][]}, not {@code [D}. */
    static String sourceName(String binaryName) {
        int dims = 0;
        while (dims < binaryName.length() && binaryName.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return binaryName;
        }
        String element = binaryName.substring(dims);
        switch (element) {
            case "Z": element = "boolean"; break;
            case "B": element = "byte"; break;
            case "C": element = "char"; break;
            case "S": element = "short"; break;
            case "I": element = "int"; break;
            case "J": element = "long"; break;
            case "F": element = "float"; break;
            case "D": element = "double"; break;
            default: element = element.substring(1, element.length() - 1); // Lname;
        }
        return element + "[]".repeat(dims);
    }

    /** A region recorded twice keeps its first place and its last event. */
    private void region(RegionRecord region) {
        long at = regionIndexes.get(region.parallelId, -1);
        if (at < 0) {
            regionIndexes.put(region.parallelId, run.regions.size());
            run.regions.add(region);
        } else {
            run.regions.set((int) at, region);
        }
    }

    private void task(long taskId, long parallelId, ThreadRecord thread) {
        taskRegions.put(taskId, parallelId);
        taskThreads.put(taskId, thread.index);
    }

    private static void span(ThreadRecord thread, SpanType type, long start, long end, long parallelId, long taskId,
            long waitId, int threadNum, String kind, String callSite) {
        thread.spans.add(new Span(type, start, end, parallelId, taskId, waitId, threadNum, kind, callSite));
    }

    private ThreadRecord thread(RecordedThread t) {
        if (t == null) {
            return null;
        }
        ThreadRecord record = byThreadObject.get(t);
        if (record == null) {
            long javaId = t.getJavaThreadId();
            long osId = t.getOSThreadId();
            record = javaId > 0 ? byJavaId.get(javaId) : null;
            if (record == null && osId > 0) {
                // async-profiler names threads as they are when it dumps: the launcher's main thread is then
                // "DestroyJavaVM", a new Java thread on the same OS thread.
                record = byOsId.get(osId);
            }
            if (record == null) {
                String name = t.getJavaName() != null ? t.getJavaName()
                        : t.getOSName() != null ? t.getOSName() : "thread " + osId;
                record = new ThreadRecord(run.threads.size(), Math.max(0, javaId), osId, name);
                run.threads.add(record);
            }
            if (javaId > 0) {
                byJavaId.putIfAbsent(javaId, record);
            }
            if (osId > 0) {
                byOsId.putIfAbsent(osId, record);
            }
            byThreadObject.put(t, record);
        }
        return record;
    }

    private void extend(long start, long end) {
        run.start = Math.min(run.start, start);
        run.end = Math.max(run.end, end);
    }

    private void finish() {
        for (RegionRecord region : run.regions) {
            long task = region.encounteringTaskId;
            if (taskRegions.containsKey(task)) {
                region.encounteringRegion = taskRegions.get(task, 0);
                region.encounteringThread = run.threads.get((int) taskThreads.get(task, 0));
            }
        }
        if (!timedHolds) {
            namedHolds.forEach(Runnable::run);
        }
        run.samples.values().forEach(Samples::trim);
        for (SampleSource source : List.of(SampleSource.ASYNC_WALL, SampleSource.ASYNC_CPU)) {
            Samples samples = run.samples.get(source);
            if (samples == null || samples.size() == 0) {
                continue;
            }
            if (Math.abs(asyncClockError) > MAX_CLOCK_ERROR) {
                samples.shift(asyncClockError);
            }
            for (int i = 0; i < samples.size(); i++) {
                extend(samples.time(i), samples.time(i));
            }
        }
        long period = Long.MAX_VALUE;
        for (int i = 0; i < jfrPeriods.size(); i += 2) {
            if (jfrPeriods.get(i) == jfrSampleTypeId && jfrPeriods.get(i + 1) > 0) {
                period = Math.min(period, jfrPeriods.get(i + 1));
            }
        }
        interval(SampleSource.JFR_EXECUTION, period == Long.MAX_VALUE ? 0 : period);
        long cpu = number(asyncSettings.get("interval"));
        long wall = number(asyncSettings.get("wall"));
        interval(SampleSource.ASYNC_CPU, cpu);
        interval(SampleSource.ASYNC_WALL, wall > 0 ? wall : "wall".equals(asyncSettings.get("event")) ? cpu : 0);
        run.samples.forEach((source, samples) -> {
            if (source == SampleSource.ASYNC_WALL) {
                samples.weighByTimeBetween(run.interval(source));
            } else {
                samples.weighByCount(run.interval(source));
            }
        });
    }

    /** The interval the settings name, or else the median gap between a thread's consecutive samples. */
    private void interval(SampleSource source, long fromSettings) {
        Samples samples = run.samples.get(source);
        if (samples == null) {
            return;
        }
        run.intervals.put(source, fromSettings > 0 ? fromSettings : medianGap(samples));
    }

    static long medianGap(Samples samples) {
        Map<Integer, long[]> last = new HashMap<>();
        long[] gaps = new long[samples.size()];
        int n = 0;
        for (int i = 0; i < samples.size(); i++) {
            long[] previous = last.computeIfAbsent(samples.thread(i), k -> new long[] {Long.MIN_VALUE});
            if (previous[0] != Long.MIN_VALUE && samples.time(i) > previous[0]) {
                gaps[n++] = (samples.time(i) - previous[0]) / samples.weight(i);
            }
            previous[0] = samples.time(i);
        }
        if (n == 0) {
            return 10_000_000L;
        }
        Arrays.sort(gaps, 0, n);
        return gaps[n / 2];
    }

    /** JFR's timespan setting ({@code 10 ms}, {@code 20 ms}, {@code 1 s}); 0 for anything else ({@code off}). */
    static long timespan(String value) {
        Matcher m = value == null ? null : TIMESPAN.matcher(value);
        if (m == null || !m.matches()) {
            return 0;
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ns":
                return n;
            case "us":
                return n * 1_000;
            case "ms":
                return n * 1_000_000;
            default:
                return n * 1_000_000_000;
        }
    }

    private static long number(String value) {
        try {
            return value == null ? 0 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * A text field as one shared string per distinct value: the parser makes a new string for each event's
     * kind and call site (and {@link #monitor} one for each monitor's class), and a recording of millions of
     * waits has a few hundred distinct ones.
     */
    private String string(RecordedEvent e, String field) {
        String s = e.getString(field);
        return s == null ? null : strings.computeIfAbsent(s, k -> k);
    }

    private static String text(RecordedEvent e, String field) {
        String s = e.getString(field);
        return s == null ? "" : s;
    }

    static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }
}
