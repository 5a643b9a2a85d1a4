package io.github.ompt4j.profile.jfr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link RecordingReader} keeps of a recording: threads with their spans, regions, the task-to-region
 * map, lock creation sites, stacks and samples, and the sampling intervals. Times are nanoseconds since the
 * epoch.
 */
public final class RecordedRun {
    final List<ThreadRecord> threads = new ArrayList<>();
    final Map<Long, RegionRecord> regions = new LinkedHashMap<>();
    final Map<Long, Long> taskRegions = new HashMap<>();
    final Map<Long, ThreadRecord> taskThreads = new HashMap<>();
    final Map<Long, Origin> regionOrigins = new HashMap<>();
    final Map<Long, Origin> taskOrigins = new HashMap<>();
    /** The parents of the recorded tasks outside any region. */
    final Map<Long, Long> taskParents = new HashMap<>();
    final Map<Long, String> lockSites = new HashMap<>();
    final StackTable stacks = new StackTable(new FrameTable());
    final Map<SampleSource, Samples> samples = new EnumMap<>(SampleSource.class);
    final Map<SampleSource, Long> intervals = new EnumMap<>(SampleSource.class);
    boolean mutexAcquires;
    /** The threshold of {@code ompt.SyncRegionWait}, nanoseconds; -1 if the recording does not say. */
    long syncWaitThreshold = -1;
    boolean omptEvents;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;

    /** Threads by {@link ThreadRecord#index}. */
    public List<ThreadRecord> threads() {
        return Collections.unmodifiableList(threads);
    }

    /** Regions by ID, in the order their events were read. */
    public Map<Long, RegionRecord> regions() {
        return Collections.unmodifiableMap(regions);
    }

    /** The region of a task (implicit tasks, explicit tasks that were recorded, initial tasks: 0); null if unknown. */
    public Long regionOfTask(long taskId) {
        return taskRegions.get(taskId);
    }

    /** The thread that ran a task (its implicit-task, task or initial-task event); null if unknown. */
    public ThreadRecord threadOfTask(long taskId) {
        return taskThreads.get(taskId);
    }

    /** Where the program entered a region ({@code ompt.Origin}); null if not recorded. */
    public Origin regionOrigin(long parallelId) {
        return regionOrigins.get(parallelId);
    }

    /** Where serial code created a task ({@code ompt.Origin}); null if not recorded. */
    public Origin taskOrigin(long taskId) {
        return taskOrigins.get(taskId);
    }

    /**
     * The task outside any region whose origin a task stands on: itself or its nearest recorded ancestor with
     * an origin (a stage triggered by a stage that serial code created); 0 if none.
     */
    public long originTask(long taskId) {
        for (long t = taskId; t != 0; ) {
            if (taskOrigins.containsKey(t)) {
                return t;
            }
            Long parent = taskParents.get(t);
            if (parent == null || parent == t) {
                return 0;
            }
            t = parent;
        }
        return 0;
    }

    /** Where a lock was created ({@code ompt.LockInit}), {@code null} if unknown. */
    public String lockSite(long waitId) {
        return lockSites.get(waitId);
    }

    public StackTable stacks() {
        return stacks;
    }

    /**
     * True if the recording left out the {@code ompt.SyncRegionWait} spans shorter than a threshold (its
     * {@code jdk.ActiveSetting}): their time is in the thread state samples only.
     */
    public boolean syncWaitsThresholded() {
        return syncWaitThreshold > 0;
    }

    /** True if the recording has {@code ompt.MutexAcquire} events: mutex waits are spans, not only samples. */
    public boolean hasMutexAcquires() {
        return mutexAcquires;
    }

    /**
     * True if the recording has any {@code ompt.*} event. Without them (a recording made without the agent) no
     * thread has an OpenMP state, region or task, and only the machine view says something true.
     */
    public boolean hasOmptEvents() {
        return omptEvents;
    }

    /** The source folding uses: the first of {@link SampleSource}'s order that has samples; null if none has. */
    public SampleSource source() {
        for (SampleSource s : SampleSource.values()) {
            if (samples.containsKey(s) && samples.get(s).size() > 0) {
                return s;
            }
        }
        return null;
    }

    /** A source's samples (empty if the recording has none). */
    public Samples samples(SampleSource source) {
        return samples.getOrDefault(source, new Samples());
    }

    /** The time one sample of the source stands for, nanoseconds. */
    public long interval(SampleSource source) {
        return intervals.getOrDefault(source, 0L);
    }

    /** The first instant any event read covers. */
    public long start() {
        return start == Long.MAX_VALUE ? 0 : start;
    }

    /** The last instant any event read covers. */
    public long end() {
        return end == Long.MIN_VALUE ? 0 : end;
    }
}
