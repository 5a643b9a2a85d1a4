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
import io.github.ompt4j.jfr.events.VirtualThreadMountEvent;
import io.github.ompt4j.profile.Progress;
import io.github.ompt4j.profile.model.OmpState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * One pass over a recording, every chunk (JFR's own and async-profiler's {@code jfrsync} chunk), keeping what
 * folding needs and nothing else: per-thread {@code ompt.*} spans and state samples, regions, task owners, lock
 * sites, and the samples of each source with interned stacks. Threads are joined across chunks by
 * {@link ThreadRecords}; the settings that say how samples weigh are {@link RecordingSettings}'.
 */
public final class RecordingReader {
    /** What the reader does with an event type, one row per type it reads, by the type's name. */
    private enum Kind {
        /** JFR's execution samples, or async-profiler's CPU samples ({@link #ASYNC_CPU_SAMPLE}) of the same name. */
        JFR_SAMPLE("jdk.ExecutionSample"), ASYNC_CPU_SAMPLE(null), ASYNC_WALL_SAMPLE("profiler.WallClockSample"),
        ACTIVE_SETTING("jdk.ActiveSetting"), ACTIVE_RECORDING("jdk.ActiveRecording"),
        PARALLEL_REGION(ParallelRegionEvent.NAME), ORIGIN(OriginEvent.NAME), IMPLICIT_TASK(ImplicitTaskEvent.NAME),
        TASK(TaskEvent.NAME), INITIAL_TASK(InitialTaskEvent.NAME), SYNC_REGION(SyncRegionEvent.NAME),
        SYNC_WAIT(SyncRegionWaitEvent.NAME), MUTEX_ACQUIRE(MutexAcquireEvent.NAME), MUTEX_HELD(MutexHeldEvent.NAME),
        IDLE(IdleEvent.NAME), THREAD_BEGIN(ThreadBeginEvent.NAME), THREAD_END(ThreadEndEvent.NAME),
        THREAD_STATE(ThreadStateEvent.NAME), LOCK_INIT(LockInitEvent.NAME), MONITOR_ENTER("jdk.JavaMonitorEnter"),
        MONITOR_WAIT("jdk.JavaMonitorWait"), JAVA_THREAD_START("jdk.ThreadStart"), JAVA_THREAD_END("jdk.ThreadEnd"),
        VIRTUAL_THREAD_MOUNT(VirtualThreadMountEvent.NAME), IGNORED(null);

        private static final Map<String, Kind> BY_NAME = new HashMap<>();

        static {
            for (Kind k : values()) {
                if (k.eventName != null) {
                    BY_NAME.put(k.eventName, k);
                }
            }
        }

        private final String eventName;

        Kind(String eventName) {
            this.eventName = eventName;
        }
    }

    private final RecordedRun run = new RecordedRun();
    private final Map<EventType, Kind> kinds = new IdentityHashMap<>();
    private final ThreadRecords threads = new ThreadRecords(run.threads);
    private final RecordingSettings settings = new RecordingSettings();
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
                    reader.settings.syncWaitType(type);
                } else if (type.getName().equals(ThreadStateEvent.NAME)) {
                    reader.settings.stateSampleType(type);
                }
            }
            while (recording.hasMoreEvents()) {
                if (reader.accept(recording.readEvent())) {
                    samples++;
                }
                progress.reading(++events, samples);
            }
        }
        reader.settings.chunkOrigins(ChunkClocks.origins(file));
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
                settings.setting(e, run);
                return false;
            case ACTIVE_RECORDING:
                settings.activeRecording(e);
                return false;
            case MONITOR_ENTER:
            case MONITOR_WAIT:
                monitor(kind, e);
                return false;
            case JAVA_THREAD_START:
            case JAVA_THREAD_END:
                javaThread(kind, e);
                return false;
            case VIRTUAL_THREAD_MOUNT:
                mount(e);
                return false;
            default:
                ompt(kind, e);
                return false;
        }
    }

    private Kind kindOf(EventType type) {
        // Asked once per type, at its first event.
        run.omptEvents |= type.getName().startsWith("ompt.");
        Kind kind = Kind.BY_NAME.getOrDefault(type.getName(), Kind.IGNORED);
        if (kind == Kind.JFR_SAMPLE) {
            // async-profiler's chunk declares its event types without settings; JFR's own has period, enabled.
            if (type.getSettingDescriptors().isEmpty()) {
                return Kind.ASYNC_CPU_SAMPLE;
            }
            settings.jfrSampleType(type);
        }
        return kind;
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

    private void ompt(Kind kind, RecordedEvent e) {
        ThreadRecord thread = thread(kind == Kind.THREAD_STATE ? e.getThread("thread") : e.getThread());
        if (thread == null) {
            return;
        }
        long start = nanos(e.getStartTime());
        long end = nanos(e.getEndTime());
        extend(start, end);
        thread.eventAt(start, end);
        switch (kind) {
            case PARALLEL_REGION:
                parallelRegion(e, thread, start, end);
                break;
            case ORIGIN:
                run.addOrigin(e.getLong("parallelId"), e.getLong("taskId"),
                        e.hasField("parentTaskId") ? e.getLong("parentTaskId") : 0, thread, run.stacks.id(e.getStackTrace()));
                break;
            case IMPLICIT_TASK:
            case TASK:
                task(kind, e, thread, start, end);
                break;
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
            case MUTEX_ACQUIRE:
                mutexAcquire(e, thread, start, end);
                break;
            case MUTEX_HELD:
                timedHolds = true;
                span(thread, SpanType.MUTEX_HELD, start, end, 0, 0, e.getLong("waitId"), 0, string(e, "kind"),
                        string(e, "callSite"));
                break;
            case IDLE:
                span(thread, SpanType.IDLE, start, end, 0, 0, 0, 0, null, null);
                break;
            case THREAD_BEGIN:
                threadBegin(e, thread, start);
                thread.startedAt(start);
                break;
            case THREAD_END:
                thread.end = start;
                thread.endedAt(start);
                break;
            case THREAD_STATE:
                threadState(e, thread, start);
                break;
            case LOCK_INIT:
                run.lockSites.put(e.getLong("waitId"), text(e, "kind") + " created at " + text(e, "callSite"));
                break;
            default:
                break;
        }
    }

    private void parallelRegion(RecordedEvent e, ThreadRecord thread, long start, long end) {
        long id = e.getLong("parallelId");
        RegionRecord region = new RegionRecord(id, e.getLong("encounteringTaskId"), thread, start, end,
                e.getInt("requestedTeamSize"), e.getInt("teamSize"),
                e.hasField("participants") ? e.getInt("participants") : 0, text(e, "callSite"),
                run.stacks.id(e.getStackTrace()));
        if (e.hasField("parentParallelId")) {
            region.encounteringRegion = e.getLong("parentParallelId");
        }
        region(region);
        span(thread, SpanType.PARALLEL_REGION, start, end, id, e.getLong("encounteringTaskId"), 0, 0, null, null);
    }

    private void task(Kind kind, RecordedEvent e, ThreadRecord thread, long start, long end) {
        long region = e.getLong("parallelId");
        long task = e.getLong("taskId");
        task(task, region, thread);
        if (kind == Kind.TASK && region == 0) {
            // A task outside regions (a CompletableFuture stage) stands on its nearest ancestor's origin.
            run.addTaskParent(task, e.getLong("parentTaskId"));
        }
        span(thread, kind == Kind.TASK ? SpanType.TASK : SpanType.IMPLICIT_TASK, start, end, region, task, 0,
                kind == Kind.TASK ? 0 : e.getInt("threadNum"), null, null);
    }

    private void mutexAcquire(RecordedEvent e, ThreadRecord thread, long start, long end) {
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
    }

    private static void threadBegin(RecordedEvent e, ThreadRecord thread, long start) {
        // The earliest begin wins: the launcher's main thread and the DestroyJavaVM thread that follows it on the
        // same OS thread are one record, only the first is the initial thread, and a file holds each thread's
        // events in the order its buffers were flushed, not in time order.
        if (thread.begin == Long.MIN_VALUE || start < thread.begin) {
            thread.ompThreadId = e.getLong("ompThreadId");
            thread.ompType = String.valueOf((Object) e.getString("threadType"));
            thread.begin = start;
            thread.nameAtBegin = e.hasField("threadName") ? e.getString("threadName") : null;
        }
    }

    private void threadState(RecordedEvent e, ThreadRecord thread, long start) {
        thread.ompThreadId = e.getLong("ompThreadId");
        long origin = e.hasField("originTaskId") ? e.getLong("originTaskId") : 0;
        if (origin != 0) {
            run.addOriginAncestor(e.getLong("taskId"), origin, e.getLong("originParentTaskId"));
        }
        thread.stateSamples.add(new StateSample(start, OmpState.fromOmpName(e.getString("state")),
                e.getLong("waitId"), e.getLong("parallelId"), e.getLong("taskId"),
                e.hasField("callSite") ? string(e, "callSite") : null,
                e.hasField("holder") ? thread(e.getThread("holder")) : null,
                e.hasField("holderCallSite") ? string(e, "holderCallSite") : null));
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

    /** A Java thread's start or end: which of the threads that ran on one OS thread ID a sample found. */
    private void javaThread(Kind kind, RecordedEvent e) {
        ThreadRecord thread = thread(e.getThread("thread"));
        if (thread == null) {
            return;
        }
        if (kind == Kind.JAVA_THREAD_START) {
            thread.startedAt(nanos(e.getStartTime()));
        } else {
            thread.endedAt(nanos(e.getStartTime()));
        }
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

    /** A virtual thread's stretch on a carrier: the samples the carrier took in it are the virtual thread's. */
    private void mount(RecordedEvent e) {
        ThreadRecord carrier = thread(e.getThread("carrier"));
        ThreadRecord virtual = thread(e.getThread("virtualThread"));
        if (carrier != null && virtual != null) {
            long reported = e.hasField("reportedAfter") ? e.getDuration("reportedAfter").toNanos() : 0;
            long end = nanos(e.getStartTime()) - reported;
            long start = end - e.getDuration("mounted").toNanos();
            carrier.mounted(start, end, virtual.index);
            virtual.eventAt(start, end);
        }
    }

    private ThreadRecord thread(RecordedThread t) {
        return threads.of(t);
    }

    private void extend(long start, long end) {
        run.start = Math.min(run.start, start);
        run.end = Math.max(run.end, end);
    }

    private void finish() {
        for (RegionRecord region : run.regions) {
            long task = region.encounteringTaskId;
            if (taskRegions.containsKey(task)) {
                if (region.encounteringRegion == null) {
                    region.encounteringRegion = taskRegions.get(task, 0);
                }
                region.encounteringThread = run.threads.get((int) taskThreads.get(task, 0));
            }
        }
        if (!timedHolds) {
            namedHolds.forEach(Runnable::run);
        }
        run.samples.values().forEach(Samples::trim);
        run.threads.forEach(ThreadRecord::sortMounts);
        run.threads.forEach(ThreadRecord::settleVirtualThread);
        for (SampleSource source : List.of(SampleSource.ASYNC_WALL, SampleSource.ASYNC_CPU)) {
            Samples samples = run.samples.get(source);
            if (samples == null || samples.size() == 0) {
                continue;
            }
            settings.correctAsyncClock(samples);
            samples.rejoin(threads);
            for (int i = 0; i < samples.size(); i++) {
                extend(samples.time(i), samples.time(i));
            }
        }
        settings.apply(run);
        for (ThreadRecord t : run.threads) {
            t.stateSamples.sort(Comparator.comparingLong(s -> s.time));
            StateSample.standFor(t.stateSamples, run.statePeriod, run.from(t), run.to(t));
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
