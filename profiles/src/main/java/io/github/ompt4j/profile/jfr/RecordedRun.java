package io.github.ompt4j.profile.jfr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * What {@link RecordingReader} keeps of a recording: threads with their spans, regions, the task-to-region
 * map, lock creation sites, stacks and samples, and the sampling intervals. Times are nanoseconds since the
 * epoch.
 */
public final class RecordedRun {
    /** What {@link LongLongMap#get} answers here for an ID the recording does not name. */
    private static final long MISSING = Long.MIN_VALUE;
    final List<ThreadRecord> threads = new ArrayList<>();
    /** Regions in the order their events were read. */
    final List<RegionRecord> regions = new ArrayList<>();
    /** Region and task to {@link Origin}, packed: the thread's index in the high half, the stack's in the low. */
    private final LongLongMap regionOrigins = new LongLongMap();
    private final LongLongMap taskOrigins = new LongLongMap();
    /** The parents of the tasks outside any region that the recording names: each task's creator. */
    private final LongLongMap taskParents = new LongLongMap();
    /**
     * For a task a state sample saw whose parent the recording does not name, the ancestor serial code created, which
     * the sampler names (all {@link #originTask} needs when the tasks between had no events).
     */
    private final LongLongMap originAncestors = new LongLongMap();
    /**
     * Per creating task (serial code's, or a task outside regions), the tasks it created whose origins it recorded:
     * each stands for those it created after it,
     * until the next (serial code shares one stack among the stages it creates from one method in a row). Sorted on the
     * first look-up into {@link #originsByCreatorSorted}.
     */
    private final Map<Long, List<Long>> originsByCreator = new HashMap<>();
    private Map<Long, long[]> originsByCreatorSorted;
    final Map<Long, String> lockSites = new HashMap<>();
    final StackTable stacks = new StackTable(new FrameTable());
    final Map<SampleSource, Samples> samples = new EnumMap<>(SampleSource.class);
    final Map<SampleSource, Long> intervals = new EnumMap<>(SampleSource.class);
    boolean mutexAcquires;
    /** The threshold of {@code ompt.SyncRegionWait}, nanoseconds; -1 if the recording does not say. */
    long syncWaitThreshold = -1;
    /** The period of {@code ompt.ThreadState}, nanoseconds; 0 if the recording does not say. */
    long statePeriod;
    boolean omptEvents;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;

    /** Threads by {@link ThreadRecord#index}. */
    public List<ThreadRecord> threads() {
        return Collections.unmodifiableList(threads);
    }

    /** Regions in the order their events were read (a region recorded twice keeps its first place). */
    public List<RegionRecord> regions() {
        return Collections.unmodifiableList(regions);
    }

    void addTaskParent(long taskId, long parentTaskId) {
        taskParents.put(taskId, parentTaskId);
    }

    /**
     * A state sample saw {@code taskId}, outside any region, descending from {@code originTaskId}, which serial code's
     * task {@code creator} created.
     */
    void addOriginAncestor(long taskId, long originTaskId, long creator) {
        taskParents.put(originTaskId, creator);
        if (taskId != originTaskId) {
            originAncestors.putIfAbsent(taskId, originTaskId);
        }
    }

    /**
     * An {@code ompt.Origin}: of a region if {@code parallelId} is not 0, else of the task, which task {@code creator}
     * (serial code's, or a task outside regions) created (0 if the recording does not say).
     */
    void addOrigin(long parallelId, long taskId, long creator, ThreadRecord thread, int stack) {
        long packed = ((long) thread.index << 32) | (stack & 0xFFFF_FFFFL);
        if (parallelId != 0) {
            regionOrigins.put(parallelId, packed);
        } else {
            taskOrigins.put(taskId, packed);
            if (creator != 0) {
                taskParents.put(taskId, creator);
                originsByCreator.computeIfAbsent(creator, c -> new ArrayList<>()).add(taskId);
                originsByCreatorSorted = null;
            }
        }
    }

    /** Where the program entered a region ({@code ompt.Origin}); null if not recorded. */
    public Origin regionOrigin(long parallelId) {
        return origin(regionOrigins.get(parallelId, MISSING));
    }

    /** Where serial code created a task ({@code ompt.Origin}); null if not recorded. */
    public Origin taskOrigin(long taskId) {
        return origin(taskOrigins.get(taskId, MISSING));
    }

    /** Every task whose origin was recorded, in no particular order. */
    public void forEachOriginTask(LongConsumer action) {
        taskOrigins.forEachKey(action);
    }

    private Origin origin(long packed) {
        return packed == MISSING ? null : new Origin(threads.get((int) (packed >>> 32)), (int) packed);
    }

    /**
     * The task outside any region whose origin a task stands on: itself or its nearest recorded ancestor with
     * an origin (a stage triggered by a stage that serial code created), or, for one that its creator created
     * without recording its origin, the latest origin that creator recorded before it; 0 if none. Past a task whose
     * parent the recording does not name, the ancestor the sampler named: that one created it or an ancestor of it,
     * so the origins it recorded need not be this task's.
     */
    public long originTask(long taskId) {
        for (long t = taskId; t != 0; ) {
            if (taskOrigins.containsKey(t)) {
                return t;
            }
            long parent = taskParents.get(t, MISSING);
            if (parent == MISSING) {
                long ancestor = originAncestors.get(t, MISSING);
                if (ancestor == MISSING || ancestor == t) {
                    return 0;
                }
                t = ancestor;
                continue;
            }
            if (parent == t) {
                return 0;
            }
            long shared = sharedOrigin(parent, t);
            if (shared != 0) {
                return shared;
            }
            t = parent;
        }
        return 0;
    }

    /**
     * The task whose origin the origin of {@code originTask} stands on: the origin task of its creator, when a task
     * outside regions created it (a request's code an executor runs); 0 when serial code did.
     */
    public long enclosingOriginTask(long originTask) {
        long creator = taskParents.get(originTask, MISSING);
        return creator == MISSING || creator == originTask ? 0 : originTask(creator);
    }

    /** The latest origin {@code creator} recorded at or before its task {@code taskId} (IDs grow on a thread); 0 if none. */
    private long sharedOrigin(long creator, long taskId) {
        if (originsByCreatorSorted == null) {
            originsByCreatorSorted = new HashMap<>();
            originsByCreator.forEach((c, ids) -> originsByCreatorSorted.put(c,
                    ids.stream().mapToLong(Long::longValue).sorted().toArray()));
        }
        long[] ids = originsByCreatorSorted.get(creator);
        if (ids == null) {
            return 0;
        }
        int i = Arrays.binarySearch(ids, taskId);
        return i >= 0 ? ids[i] : i == -1 ? 0 : ids[-i - 2];
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

    /**
     * The period at which {@code ompt.ThreadState} sampled (its {@code jdk.ActiveSetting}), nanoseconds; 0 if the
     * recording does not say. A thread's samples are not evenly spaced: the sampler leaves out those that would
     * repeat the spans (serial work in the initial task).
     */
    public long statePeriod() {
        return statePeriod;
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

    /** Where {@code t}'s time in the recording begins: its {@code ompt.ThreadBegin}, else the recording's start. */
    public long from(ThreadRecord t) {
        return t.begin() == Long.MIN_VALUE ? start() : t.begin();
    }

    /**
     * Where {@code t}'s time in the recording ends (exclusive): its {@code ompt.ThreadEnd}, else after the last
     * instant.
     */
    public long to(ThreadRecord t) {
        return t.end() == Long.MAX_VALUE ? end() + 1 : t.end();
    }
}
