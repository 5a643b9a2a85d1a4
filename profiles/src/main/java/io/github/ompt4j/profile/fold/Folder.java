package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.SampleSource;
import io.github.ompt4j.profile.jfr.Samples;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.TimedSamples;
import io.github.ompt4j.profile.model.View;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Folds every sample into the view's stack, following the white paper's section 6 and the Analyzer:
 * <ol>
 *   <li>the thread's state, region and task at the sample's instant come from {@link RunStates};</li>
 *   <li>an idle thread's stack is the single frame {@code <OMP-idle>};</li>
 *   <li>inside a region, the frames above the innermost task entry (the task's own code) go onto the region's
 *       {@link Prefaces preface}, so that every member's sample stands on the encountering thread's stack; a
 *       sample of the encountering thread outside any task entry (forking, joining, waiting for the team
 *       without running a task) stands on what the region's preface stands on, the enclosing region's or task's
 *       (nothing for serial code, whose stack is whole), as one inside only the task it entered the region from does
 *       (a worker that began a nested region, waiting for its tasks): its frames above that task's entry continue
 *       it;</li>
 *   <li>runtime frames are removed ({@link StackShaper}); a thread in a wait state gets its state's artificial
 *       frame ({@code <OMP-implicit_barrier>} ...) at the leaf, as the Analyzer does, above the program's frames
 *       if the two clocks disagree at a state's edge; a thread in a work state with the runtime's own code at
 *       its leaf (or no frame of the program at all) gets {@code <OMP-overhead>} and is counted in the overhead
 *       state, so a work state's sample is never {@code <OMP-overhead>} and never empty; JDK code the runtime
 *       calls as the program's function is the program's; in a reduction the frame stands below the program's
 *       combiner that the runtime calls back; one in a work state whose leaf is inside a runtime's wait (a mutex
 *       acquisition, a barrier, a join; the JDK's locks, conditions, latch and barriers) or the JVM's monitor code
 *       is in that wait, whether or not a span of it was recorded. So a sample counts as OMP wait exactly when its
 *       leaf is an artificial wait frame, in every table (the definitions are in the note of
 *       {@code io.github.ompt4j.jfr});</li>
 *   <li>a sample in a task outside any region (a {@code CompletableFuture} stage) stands on the stack where
 *       serial code created it or its nearest ancestor, as a region's sample stands on its preface; one whose
 *       task no span or state sample names, on the stack where the method its lambda is written in created tasks,
 *       if there is one ({@link #lambdaOrigin});</li>
 *   <li>a member waiting at its region's implicit barrier after its body returned gets the body's frame below
 *       the barrier's, learnt from the region's working samples ({@link Fold}), once every sample is folded.</li>
 * </ol>
 * Serial code outside regions keeps its stack (without runtime frames). The machine view keeps every raw
 * frame and adds nothing; its weights still follow the states. The user and expert views leave out the
 * samples of threads the runtime does not know that ran none of the program's code (the JVM's own threads,
 * JFR's, the profiler's): they are the JVM's time, not the program's. A fold depends only on the stack, the region,
 * the state and whether the thread encountered the region, so each distinct combination is folded once.
 */
public final class Folder {
    private static final int HIDDEN = -1;
    /** What {@link #lambdaOrigins} holds for a stack not yet looked at: no origin is positive. */
    private static final long UNKNOWN = 1;
    /** A lambda's method as javac names it: {@code <class>.lambda$<method it is written in>$<n>}. */
    private static final Pattern LAMBDA = Pattern.compile("(.+)\\.lambda\\$(.+)\\$\\d+");
    /**
     * A method of the class the JDK generates for a lambda or method reference, named after the class it is written in:
     * {@code <class>$$Lambda$<n>/0x...} (JDK 17), {@code <class>$$Lambda/0x...} (21 and later).
     */
    private static final Pattern GENERATED = Pattern.compile("(.+?)\\$\\$Lambda[$./].*");

    private final RecordedRun run;
    private final RunStates states;
    private final View view;
    private final StackShaper shaper;
    private final Prefaces prefaces;
    private final OutFrames out;
    private final Map<FoldKey, Fold> folds = new HashMap<>();
    private final Map<Long, Long> taskOrigins = new HashMap<>();
    private final FoldedStacks interned;
    private final IntList scratch = new IntList();
    /** By raw stack: the wait or overhead at its leaf ({@link #stateAtLeaf}), once known. */
    private final OmpState[] leafWaits;
    private final boolean[] leafWaitKnown;
    /** By raw stack: how it waits for a Java monitor, if its leaf wait is one; valid once {@link #leafWaitKnown}. */
    private final MonitorWait[] leafMonitors;
    /** By raw stack: whether a task's code runs on it ({@link #runsTask}); 0 not yet known, 1 no, 2 yes. */
    private final byte[] taskRuns;
    /** By raw stack: the origin its task's lambda stands on ({@link #lambdaOrigin}), {@link #UNKNOWN} until asked. */
    private final long[] lambdaOrigins;
    private Map<String, Long> originsByMethod;
    private Map<String, Long> originsByClass;
    private final RegionTable regions;
    /** Made when a sample first needs it ({@link #openRegions}). */
    private OpenRegions openRegions;

    private Folder(RecordedRun run, RunStates states, RegionTable regions, View view) {
        this.run = run;
        this.states = states;
        this.view = view;
        FrameRoles roles = new FrameRoles(run.stacks().frames());
        this.out = new OutFrames(run.stacks().frames());
        this.interned = new FoldedStacks(out);
        this.shaper = new StackShaper(roles, out, view);
        this.prefaces = new Prefaces(run, regions, shaper, out);
        this.regions = regions;
        this.leafWaits = new OmpState[run.stacks().size()];
        this.leafWaitKnown = new boolean[run.stacks().size()];
        this.leafMonitors = new MonitorWait[run.stacks().size()];
        this.taskRuns = new byte[run.stacks().size()];
        this.lambdaOrigins = new long[run.stacks().size()];
        Arrays.fill(lambdaOrigins, UNKNOWN);
    }

    /** Per-region weights of the samples inside it (its own, not its nested regions'): samples, work, wait. */
    public static final class RegionWeights {
        public long samples;
        public long workNanos;
        public long waitNanos;
    }

    /** A profile, the region weights of its samples, and the samples one by one. */
    public static final class Result {
        public final Profile profile;
        /** By region ID; region 0 holds the samples outside any region. */
        public final Map<Long, RegionWeights> regions;
        /** Samples the view leaves out: threads of the JVM and of profilers, which ran no code of the program. */
        public final long hiddenSamples;
        /** The profile's samples at their instants, with the same weights, for the timeline's selection. */
        public final TimedSamples samples;
        /**
         * The samples of {@link #samples} (their indexes) that wait for a Java monitor, each folded as
         * {@code <OMP-lock_wait>}, and how ({@link #monitorWaits}): the report's Java monitor waits.
         */
        public final int[] monitorSamples;
        public final MonitorWait[] monitorWaits;

        Result(Profile profile, Map<Long, RegionWeights> regions, long hiddenSamples, TimedSamples samples,
                int[] monitorSamples, MonitorWait[] monitorWaits) {
            this.profile = profile;
            this.regions = regions;
            this.hiddenSamples = hiddenSamples;
            this.samples = samples;
            this.monitorSamples = monitorSamples;
            this.monitorWaits = monitorWaits;
        }
    }

    public static Result fold(RecordedRun run, RunStates states, RegionTable regions, View view) {
        return new Folder(run, states, regions, view).foldAll();
    }

    private Result foldAll() {
        SampleSource source = run.source();
        Samples samples = source == null ? new Samples() : run.samples(source);
        long interval = source == null ? 0 : run.interval(source);
        Map<Long, long[]> weights = new HashMap<>();
        Map<Long, RegionWeights> regionWeights = new LinkedHashMap<>();
        TimedSamples.Builder timed = new TimedSamples.Builder(samples.size());
        int timedCount = 0;
        IntList monitorSamples = new IntList();
        List<MonitorWait> monitorWaits = new ArrayList<>();
        long hidden = 0;
        for (int i = 0; i < samples.size(); i++) {
            int thread = samples.thread(i);
            Intervals intervals = states.of(thread);
            int at = intervals == null ? -1 : intervals.indexAt(samples.time(i));
            OmpState state = stateAtLeaf(samples.stack(i),
                    at < 0 ? OmpState.UNDEFINED : spanState(intervals, at, samples.stack(i)));
            long region = at < 0 ? 0 : intervals.region(at);
            long grafted = region != 0 || at < 0 ? region : taskOrigin(intervals.task(at));
            if (grafted == 0 && at >= 0 && state != OmpState.IDLE && runsTask(samples.stack(i))) {
                // A stage's code, working or waiting (for a monitor it takes, a future it joins), on its creator's stack.
                grafted = lambdaOrigin(samples.stack(i));
                if (grafted == 0 && intervals.decided(at) != Intervals.Decided.SPANS) {
                    // A task no span names, run while regions were open: theirs, if they tell which (OpenRegions).
                    region = openRegions().at(thread, samples.time(i));
                    grafted = region;
                    state = state == OmpState.WORK_SERIAL && region != 0 ? OmpState.WORK_PARALLEL : state;
                }
            }
            Fold fold = foldedStack(samples.stack(i), grafted, state, thread);
            if (fold.inRuntime) {
                state = OmpState.OVERHEAD;
            }
            int stack = fold.stack;
            long w = samples.weight(i);
            if (stack == HIDDEN) {
                hidden += w;
                continue;
            }
            fold.weight += w;
            long key = ((long) thread << 36) | ((long) state.ordinal() << 31) | stack;
            long nanos = samples.nanos(i);
            timed.add(samples.time(i), thread, state, stack, nanos, (int) w);
            MonitorWait monitor = state == OmpState.WAIT_LOCK ? monitorAtLeaf(samples.stack(i)) : null;
            if (monitor != null) {
                monitorSamples.add(timedCount);
                monitorWaits.add(monitor);
            }
            timedCount++;
            long[] sum = weights.computeIfAbsent(key, k -> new long[2]);
            sum[0] += w;
            sum[1] += nanos;
            RegionWeights r = regionWeights.computeIfAbsent(region, k -> new RegionWeights());
            r.samples += w;
            if (state.isWork()) {
                r.workNanos += nanos;
            } else {
                r.waitNanos += nanos;
            }
        }
        Map<Integer, Integer> grafted = bodyGrafts();
        Profile profile = profile(source, interval, regraft(weights, grafted));
        TimedSamples timedSamples = timed.build(t -> run.threads().get(t).thread(),
                s -> grafted.getOrDefault(s, s), interned::frames);
        return new Result(profile, regionWeights, hidden, timedSamples, monitorSamples.toArray(),
                monitorWaits.toArray(new MonitorWait[0]));
    }

    /**
     * The stack each barrier stack of a member whose body had returned ({@link Fold#afterBody}) becomes once
     * grafted with its region's body frame: the heaviest first frame above the same preface among working samples.
     */
    private Map<Integer, Integer> bodyGrafts() {
        Map<Long, Long> bodyWeights = new HashMap<>();
        for (Fold f : folds.values()) {
            if (f.body >= 0) {
                bodyWeights.merge(((long) f.preface << 32) | f.body, f.weight, Long::sum);
            }
        }
        Map<Integer, long[]> bodies = new HashMap<>();
        bodyWeights.forEach((key, w) -> {
            long[] best = bodies.computeIfAbsent((int) (key >>> 32), p -> new long[] {-1, 0});
            if (w > best[1]) {
                best[0] = (int) (long) key;
                best[1] = w;
            }
        });
        Map<Integer, Integer> grafted = new HashMap<>();
        for (Fold f : folds.values()) {
            long[] body = f.afterBody ? bodies.get(f.preface) : null;
            if (body != null && !grafted.containsKey(f.stack)) {
                int[] frames = interned.stack(f.stack);
                int[] withBody = Arrays.copyOf(frames, frames.length + 1);
                withBody[frames.length - 1] = (int) body[0];
                withBody[frames.length] = frames[frames.length - 1];
                grafted.put(f.stack, interned.intern(withBody));
            }
        }
        return grafted;
    }

    /** The weights with every stack {@code grafted} names moved to its grafted stack. */
    private static Map<Long, long[]> regraft(Map<Long, long[]> weights, Map<Integer, Integer> grafted) {
        if (grafted.isEmpty()) {
            return weights;
        }
        Map<Long, long[]> out = new HashMap<>();
        weights.forEach((key, sum) -> {
            Integer stack = grafted.get((int) (key & 0x7FFFFFFF));
            long[] to = out.computeIfAbsent(stack == null ? key : (key & ~0x7FFFFFFFL) | stack, k -> new long[2]);
            to[0] += sum[0];
            to[1] += sum[1];
        });
        return out;
    }

    private Profile profile(SampleSource source, long interval, Map<Long, long[]> weights) {
        List<FoldedStack> folded = new ArrayList<>();
        Map<Integer, ProfileThread> threads = new LinkedHashMap<>();
        OmpState[] allStates = OmpState.values();
        weights.forEach((key, sum) -> {
            ThreadRecord t = run.threads().get((int) (key >>> 36));
            OmpState state = allStates[(int) ((key >>> 31) & 0x1F)];
            List<Frame> frames = interned.frames((int) (key & 0x7FFFFFFF));
            threads.putIfAbsent(t.index, t.thread());
            folded.add(new FoldedStack(t.thread(), state, frames, sum[0], state.isWork() ? sum[1] : 0,
                    state.isWork() ? 0 : sum[1]));
        });
        folded.sort((a, b) -> Long.compare(b.samples(), a.samples()));
        return new Profile(view, source == null ? "no samples" : source.description(), interval,
                new ArrayList<>(threads.values()), folded);
    }

    /**
     * Interval {@code at}'s state as the spans have it, for a sample of raw stack {@code stack}. Where no span decided
     * the state, the stack sample knows better, so the fold takes the task's work state, and {@link #stateAtLeaf} the
     * wait the stack is in, if any:
     * <ul>
     *   <li>a barrier or task wait that only a state sample saw (the recording left out waits under its threshold)
     *       stands for the time around that sample, in which a thread of a fine-grained program has left that wait
     *       many times;</li>
     *   <li>so does a mutex wait that only a state sample saw (no settings file traces them): a thread that takes a
     *       lock every 0.2 ms is in its code between the waits, and a stack sample there was {@code <OMP-lock_wait>}
     *       under the program's own frame (the time the samples stand for is the mutex table's, not the fold's);</li>
     *   <li>a worker's overhead or idleness between its recorded spans, by the rule's default or a state sample, while
     *       the stack runs a task's code: a task under the recording's threshold (a {@code CompletableFuture} stage of
     *       0.3 ms, which has no span) ran there. Its work was {@code <OMP-overhead>}.</li>
     * </ul>
     */
    private OmpState spanState(Intervals intervals, int at, int stack) {
        OmpState state = intervals.state(at);
        Intervals.Decided decided = intervals.decided(at);
        boolean sampledWait = decided == Intervals.Decided.STATE_SAMPLE && (state.isSyncWait() || state.isMutexWait());
        boolean stackKnowsBetter = sampledWait || decided != Intervals.Decided.SPANS
                && (state == OmpState.OVERHEAD || state == OmpState.IDLE) && runsTask(stack);
        if (!stackKnowsBetter) {
            return state;
        }
        return intervals.region(at) != 0 ? OmpState.WORK_PARALLEL : OmpState.WORK_SERIAL;
    }

    /**
     * The origin a task's code on raw stack {@code stack} stands on when no span or state sample names its task (a
     * {@code CompletableFuture} stage under the recording's threshold): the one recorded where serial code created
     * tasks in the method that defines the task's lambda ({@code lambda$shortJoins$23} is defined in
     * {@code shortJoins}), if every origin recorded in that method has one stack; for a method reference, which names
     * only the class it is written in (its generated class's), the one recorded in that class's methods, if they all
     * have one stack; 0 otherwise (a method called from two places made tasks on two stacks).
     */
    private long lambdaOrigin(int stack) {
        if (lambdaOrigins[stack] == UNKNOWN) {
            lambdaOrigins[stack] = originOfLambda(run.stacks().stack(stack));
        }
        return lambdaOrigins[stack];
    }

    private long originOfLambda(int[] frames) {
        for (int i = shaper.innermostTaskEntry(frames) + 1; i < frames.length; i++) {
            String name = run.stacks().frames().name(frames[i]);
            Matcher lambda = LAMBDA.matcher(name);
            if (lambda.matches()) {
                indexOrigins();
                return originsByMethod.getOrDefault(lambda.group(1) + "." + lambda.group(2), 0L);
            }
            Matcher generated = GENERATED.matcher(name);
            boolean reference = generated.matches() && (i + 1 == frames.length
                    || !LAMBDA.matcher(run.stacks().frames().name(frames[i + 1])).matches());
            if (reference) {
                indexOrigins();
                return originsByClass.getOrDefault(generated.group(1), 0L);
            }
        }
        return 0;
    }

    /**
     * The origins of the tasks serial code created, by the method and by the class that created them (see
     * {@link #lambdaOrigin}): one of each key's, 0 where they stand on more than one stack. A recording may hold a
     * million origins on a few stacks: each stack is shaped once, for one task recorded on it.
     */
    private void indexOrigins() {
        if (originsByMethod == null) {
            Map<Integer, Long> byStack = new HashMap<>();
            run.forEachOriginTask(task -> byStack.putIfAbsent(run.taskOrigin(task).stack, task));
            originsByMethod = new HashMap<>();
            originsByClass = new HashMap<>();
            for (long task : byStack.values()) {
                int[] preface = prefaces.of(-task);
                if (preface.length > 0) {
                    String method = out.frame(preface[preface.length - 1]).name();
                    keepIfOneStack(originsByMethod, method, -task, preface);
                    keepIfOneStack(originsByClass, method.substring(0, Math.max(0, method.lastIndexOf('.'))), -task,
                            preface);
                }
            }
        }
    }

    /** {@code origin} under {@code key}, or 0 there once another origin of {@code key} stands on another preface. */
    private void keepIfOneStack(Map<String, Long> origins, String key, long origin, int[] preface) {
        Long seen = origins.putIfAbsent(key, origin);
        if (seen != null && seen != 0 && !Arrays.equals(prefaces.of(seen), preface)) {
            origins.put(key, 0L);
        }
    }

    /** Which regions were open when (see {@link OpenRegions}), made once. */
    private OpenRegions openRegions() {
        if (openRegions == null) {
            openRegions = OpenRegions.of(regions, run.threads(), prefaces);
        }
        return openRegions;
    }

    /** Whether a task's code runs on raw stack {@code stack}: a frame that starts one is on it. */
    private boolean runsTask(int stack) {
        if (stack < 0) {
            return false;
        }
        if (taskRuns[stack] == 0) {
            taskRuns[stack] = (byte) (shaper.innermostTaskEntry(run.stacks().stack(stack)) >= 0 ? 2 : 1);
        }
        return taskRuns[stack] == 2;
    }

    /**
     * The state of a thread in a work state whose stack is inside a runtime's wait or the JVM's monitor code at its
     * leaf: that wait. Recordings sample mutex waits instead of tracing them, and keep only the barrier and task
     * waits above a threshold, so between two state samples a waiting thread's interval may say work; the stack
     * says where it is. (A leaf in the runtime's own code is counted in {@code overhead} once the stack is
     * folded: {@link Fold#inRuntime}.) A thread the recording does not know (no event of it was recorded: a thread of
     * the program's that began before the recording did and reached no reported construct since, as a thread waiting
     * only in {@code Future.get}) is in that wait too if the program's code is on its stack; the JVM's own threads,
     * which wait in monitors with no program frame, stay undefined and are left out.
     */
    private OmpState stateAtLeaf(int stack, OmpState state) {
        OmpState wait = state.isWork() ? waitAtLeaf(stack) : null;
        if (wait == null || state == OmpState.UNDEFINED && !shaper.hasProgramFrame(run.stacks().stack(stack))) {
            return state;
        }
        return wait;
    }

    /** The runtime's or monitor's wait a raw stack's leaf is in, {@code null} if none. */
    private OmpState waitAtLeaf(int stack) {
        if (stack < 0) {
            return null;
        }
        if (!leafWaitKnown[stack]) {
            int[] frames = run.stacks().stack(stack);
            leafWaits[stack] = shaper.waitAtLeaf(frames);
            leafMonitors[stack] = leafWaits[stack] == OmpState.WAIT_LOCK ? shaper.monitorAtLeaf(frames) : null;
            leafWaitKnown[stack] = true;
        }
        return leafWaits[stack];
    }

    /**
     * How a raw stack waits for a Java monitor at its leaf, {@code null} if not; asked of a sample folded in
     * {@code wait_lock}, whose leaf wait {@link #stateAtLeaf} has looked up (a wait the spans or state samples
     * recorded, a directive lock's, has no monitor at its leaf).
     */
    private MonitorWait monitorAtLeaf(int stack) {
        return stack >= 0 && leafWaitKnown[stack] ? leafMonitors[stack] : null;
    }

    /**
     * For a task outside any region (a {@code CompletableFuture} stage): the negated ID of the task whose origin
     * it stands on ({@link Prefaces#of}), 0 if none.
     */
    private long taskOrigin(long task) {
        if (task == 0) {
            return 0;
        }
        return -taskOrigins.computeIfAbsent(task, run::originTask);
    }

    private Fold foldedStack(int stack, long region, OmpState state, int thread) {
        // A task's origin (a negative ID) is not a region its creator stays in: a sample in the task on the thread that
        // created it (an executor's thread running the stage it created, later) is the task's code, on its preface.
        ThreadRecord encountering = region <= 0 || view == View.MACHINE ? null : prefaces.encounteringThread(region);
        boolean encounters = encountering != null && encountering.index == thread;
        FoldKey key = new FoldKey(stack, view == View.MACHINE ? 0 : region, state, encounters);
        Fold fold = folds.get(key);
        if (fold == null) {
            int[] shaped = shape(stack, region, state, encounters);
            boolean inTask = region > 0 && stack >= 0 && shaper.innermostTaskEntry(run.stacks().stack(stack)) >= 0;
            fold = shaped == null ? new Fold(HIDDEN, -1, -1, false, false) : fold(shaped, region, state, inTask);
            folds.put(key, fold);
        }
        return fold;
    }

    /**
     * A fold of a region's sample, with what it says of the region's body (see {@link Fold}): only a sample
     * inside a task ({@code inTask}: above the runtime frame that runs one) can show the body; the encountering
     * thread's own frames above the preface are its serial code at a region's edge (a lambda's creation,
     * {@code Invokers$Holder.linkToTargetMethod} on JDK 25), not the body.
     */
    private Fold fold(int[] shaped, long region, OmpState state, boolean inTask) {
        // A working thread in the runtime's own code is the runtime's overhead, whatever state the spans said.
        boolean inRuntime = state.isWork() && view != View.MACHINE && shaped.length > 0
                && shaped[shaped.length - 1] == out.artificial(OmpState.OVERHEAD.artificialFrame());
        int[] preface = region > 0 && view != View.MACHINE ? prefaces.of(region) : null;
        int p = preface == null ? -1 : preface.length;
        if (p < 0 || shaped.length <= p || !Arrays.equals(shaped, 0, p, preface, 0, p)) {
            return new Fold(interned.intern(shaped), -1, -1, false, inRuntime);
        }
        boolean programFrame = out.frame(shaped[p]).kind() != FrameKind.ARTIFICIAL;
        int body = state.isWork() && programFrame && inTask ? shaped[p] : -1;
        boolean afterBody = state == OmpState.WAIT_BARRIER_IMPLICIT && shaped.length == p + 1 && !programFrame;
        int prefaceId = body >= 0 || afterBody ? interned.intern(preface) : -1;
        return new Fold(interned.intern(shaped), prefaceId, body, afterBody, inRuntime);
    }

    /** The view's frames, or {@code null} for a sample the view leaves out. */
    private int[] shape(int stackId, long region, OmpState state, boolean encounters) {
        int[] stack = stackId < 0 ? new int[0] : run.stacks().stack(stackId);
        scratch.clear();
        if (view == View.MACHINE) {
            shaper.shape(stack, 0, false, scratch);
            return scratch.toArray();
        }
        if (state == OmpState.IDLE) {
            return new int[] {out.artificial(state.artificialFrame())};
        }
        if (state == OmpState.UNDEFINED && !shaper.hasProgramFrame(stack) || shaper.inAgentStartup(stack)) {
            return null;
        }
        int from = 0;
        if (region != 0) {
            int entry = shaper.innermostTaskEntry(stack);
            if (encounters && prefaces.inEnclosingTask(region, stack)) {
                scratch.addAll(prefaces.enclosing(region));
                from = entry + 1;
            } else if (entry >= 0 || !encounters) {
                scratch.addAll(prefaces.of(region));
                from = entry + 1;
            }
        }
        int programFrom = scratch.size();
        int to = state.isWork() ? stack.length : Math.max(from, shaper.waitEndAtLeaf(stack));
        int runtimeAt = shaper.shape(stack, from, to, from > 0, scratch);
        // No frame of the program above the preface (the runtime's code, or no Java frame at all: a thread starting
        // or ending in the JVM's code, a sample the profiler could not walk) is not the program's work either.
        boolean leafInRuntime = runtimeAt == scratch.size() || scratch.size() == programFrom;
        String artificial = state.artificialFrame();
        if (state == OmpState.WORK_REDUCTION && runtimeAt >= 0) {
            // The runtime calls the program's combiner back: the reduction stands below it.
            scratch.insert(runtimeAt, out.artificial(artificial));
        } else if (!state.isWork() || leafInRuntime) {
            // A wait's frame goes at the leaf, above the program's frames if the two clocks disagree at a state's
            // edge (a monitor's wait is in the JVM's code under the program's frame); a working thread in the
            // runtime's own code is its overhead.
            scratch.add(out.artificial(artificial != null ? artificial : OmpState.OVERHEAD.artificialFrame()));
        }
        return scratch.toArray();
    }

    /**
     * One fold and its weight. Inside a region, its stack may say what the region's body is: a working thread's
     * first frame above the region's preface ({@code body}); or that the thread waits at the region's implicit
     * barrier with nothing above the preface ({@code afterBody}): its body returned, and the Analyzer draws
     * such a member below the body's frame ({@code main;foo;foo-OMP...;<OMP-implicit_barrier>}). Java has no
     * outlined function; the body's frame is the lambda passed to the construct, learnt from the samples.
     */
    private static final class Fold {
        final int stack;
        /** The interned preface the stack stands on, when {@code body} or {@code afterBody} says something. */
        final int preface;
        final int body;
        final boolean afterBody;
        /** A work state's sample with the runtime's code at its leaf: counted in {@code overhead}. */
        final boolean inRuntime;
        long weight;

        Fold(int stack, int preface, int body, boolean afterBody, boolean inRuntime) {
            this.stack = stack;
            this.preface = preface;
            this.body = body;
            this.afterBody = afterBody;
            this.inRuntime = inRuntime;
        }
    }

    /**
     * What folds samples together: the same stack, region, state and whether the thread encountered the region.
     * A class, not a record: a record's {@code hashCode} and {@code equals} are bootstrapped through
     * {@code java.lang.invoke} on first use, some 40 ms of the agent's exit, which folds once, cold. Package-private
     * for {@code FoldKeyTest}.
     */
    static final class FoldKey {
        private final int stack;
        private final long region;
        private final OmpState state;
        private final boolean encounters;

        FoldKey(int stack, long region, OmpState state, boolean encounters) {
            this.stack = stack;
            this.region = region;
            this.state = state;
            this.encounters = encounters;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof FoldKey)) {
                return false;
            }
            FoldKey k = (FoldKey) o;
            return stack == k.stack && region == k.region && state == k.state && encounters == k.encounters;
        }

        @Override
        public int hashCode() {
            return ((stack * 31 + Long.hashCode(region)) * 31 + state.ordinal()) * 2 + (encounters ? 1 : 0);
        }
    }
}
