package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.fold.Folder;
import io.github.ompt4j.profile.fold.MonitorWait;
import io.github.ompt4j.profile.jfr.MonitorEvent;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.TimedSamples;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Java monitor waits ({@code synchronized}, {@code Object.wait}), which no runtime event reports: the samples folded
 * as {@code <OMP-lock_wait>} because their leaf is in the JVM's monitor code ({@link Folder.Result#monitorSamples}),
 * by how they wait, the monitor's class and the program's frame that waits, each weighing what it weighs in the
 * profile, so that these times add up to the flame graph's. JFR names the class and the thread that held the
 * monitor before ({@code jdk.JavaMonitorEnter}'s previous owner; for {@code jdk.JavaMonitorWait}, the notifier)
 * for waits above its threshold: a sample inside such a wait is blamed on that thread, at the program's frame it
 * ran at its sample nearest to that instant within the wait (where it held the monitor). A sample in no recorded
 * wait has neither ({@link #UNKNOWN_CLASS}, {@link #NO_HOLDER}).
 */
public final class MonitorBlame {
    /** The class of a monitor whose waits JFR did not record (shorter than its threshold, or not enabled). */
    public static final String UNKNOWN_CLASS = "(class not recorded: jdk.JavaMonitorEnter and jdk.JavaMonitorWait keep"
            + " waits above their thresholds)";
    /** The holder of a wait JFR did not record, or recorded without one. */
    public static final String NO_HOLDER = "(no holder recorded)";

    /** The waits of one kind for monitors of one class at one frame of the program. */
    public static final class Monitor {
        public final MonitorWait how;
        public final String monitorClass;
        /**
         * The program's innermost frame in the waiting samples' folded stacks: its own code, not the JDK's it called
         * ({@code Object.wait}'s caller; every wait was at {@code Object.wait}, on JDK 25 at {@code wait0} as well).
         */
        public final String site;
        public long waitNanos;
        public long samples;
        /** The recorded waits ({@code jdk.JavaMonitorEnter}, {@code jdk.JavaMonitorWait}) the samples fell in. */
        public long recordedWaits;
        /** "thread at frame" of the previous owner (or notifier) to blamed nanoseconds, most first. */
        public final Map<String, Long> holders = new LinkedHashMap<>();

        Monitor(MonitorWait how, String monitorClass, String site) {
            this.how = how;
            this.monitorClass = monitorClass;
            this.site = site;
        }
    }

    private final TimedSamples samples;
    private final Map<ProfileThread, ThreadRecord> records = new IdentityHashMap<>();
    private final Map<ThreadRecord, Integer> sampledThreads = new IdentityHashMap<>();
    /** By sampled thread: its samples' indexes in time order, made when a holder's frame is asked. */
    private final Map<Integer, int[]> byThread = new HashMap<>();
    /** By waiting thread: its recorded monitor waits in order of start (a thread waits for one monitor at a time). */
    private final Map<ThreadRecord, MonitorEvent[]> waitsByThread = new IdentityHashMap<>();

    private MonitorBlame(RecordedRun run, TimedSamples samples) {
        this.samples = samples;
        for (ThreadRecord t : run.threads()) {
            records.put(t.thread(), t);
        }
        for (int i = 0; i < samples.threads().size(); i++) {
            sampledThreads.put(records.get(samples.threads().get(i)), i);
        }
    }

    /** The monitors waited for, most waited first. */
    public static List<Monitor> of(RecordedRun run, Folder.Result folded) {
        return new MonitorBlame(run, folded.samples).blame(folded.monitorSamples, folded.monitorWaits);
    }

    private List<Monitor> blame(int[] waiting, MonitorWait[] how) {
        Map<String, Monitor> monitors = new LinkedHashMap<>();
        Map<MonitorEvent, Boolean> counted = new IdentityHashMap<>();
        for (int k = 0; k < waiting.length; k++) {
            int i = waiting[k];
            long time = samples.time(i);
            ThreadRecord waiter = records.get(samples.threads().get(samples.thread(i)));
            MonitorEvent recorded = waiter == null ? null : recordedAt(waiter, time);
            String monitorClass = recorded == null || recorded.monitorClass == null ? UNKNOWN_CLASS
                    : recorded.monitorClass;
            String site = innermostProgramFrame(samples.stack(i));
            MonitorWait kind = how[k];
            Monitor m = monitors.computeIfAbsent(kind + "\n" + monitorClass + "\n" + site,
                    key -> new Monitor(kind, monitorClass, site));
            m.waitNanos += samples.nanos(i);
            m.samples += samples.count(i);
            if (recorded != null && counted.put(recorded, Boolean.TRUE) == null) {
                m.recordedWaits++;
            }
            m.holders.merge(holder(recorded, waiter, time), samples.nanos(i), Long::sum);
        }
        List<Monitor> list = new ArrayList<>(monitors.values());
        for (Monitor m : list) {
            List<Map.Entry<String, Long>> sorted = new ArrayList<>(m.holders.entrySet());
            sorted.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
            m.holders.clear();
            sorted.forEach(e -> m.holders.put(e.getKey(), e.getValue()));
        }
        list.sort((a, b) -> Long.compare(b.waitNanos, a.waitNanos));
        return list;
    }

    /** The wait JFR recorded on {@code thread} around {@code time}, or null. */
    private MonitorEvent recordedAt(ThreadRecord thread, long time) {
        MonitorEvent[] waits = waitsByThread.computeIfAbsent(thread, t -> t.monitorEvents().stream()
                .sorted(Comparator.comparingLong(e -> e.start)).toArray(MonitorEvent[]::new));
        int lo = 0;
        int hi = waits.length - 1;
        int last = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (waits[mid].start <= time) {
                last = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return last >= 0 && time <= waits[last].end ? waits[last] : null;
    }

    /** "thread at frame" of the thread that held the monitor during {@code recorded}, at {@code time}. */
    private String holder(MonitorEvent recorded, ThreadRecord waiter, long time) {
        if (recorded == null || recorded.previousOwner == null || recorded.previousOwner == waiter) {
            return NO_HOLDER;
        }
        ThreadRecord owner = recorded.previousOwner;
        Integer sampled = sampledThreads.get(owner);
        int nearest = sampled == null ? -1 : nearest(sampled, time, recorded.start, recorded.end);
        String name = owner.thread().name();
        return nearest < 0 ? name : name + " at " + innermostProgramFrame(samples.stack(nearest));
    }

    /**
     * The sample of {@code thread} nearest to {@code time} within {@code [from, to]}, -1 if none; of two as near, the
     * earlier. Found by halving the thread's samples in time order: the first at or after {@code time} (held within
     * the range) and the one before it are the only candidates. A scan from the thread's first sample made a report
     * quadratic in the samples of a run whose waits JFR records at every length (2.9 million {@code Object.wait}s
     * against 250,000 samples: 6.5 s of 9.3 in this method).
     */
    private int nearest(int thread, long time, long from, long to) {
        int[] ordered = byThread.computeIfAbsent(thread, this::inTimeOrder);
        int after = firstAtOrAfter(ordered, Math.max(from, Math.min(to, time)));
        int best = after < ordered.length && samples.time(ordered[after]) <= to ? ordered[after] : -1;
        if (after > 0 && samples.time(ordered[after - 1]) >= from) {
            int before = firstAtOrAfter(ordered, samples.time(ordered[after - 1]));
            if (best < 0 || time - samples.time(ordered[before]) <= samples.time(best) - time) {
                best = ordered[before];
            }
        }
        return best;
    }

    /** The index of the first of {@code ordered} (samples in time order) at or after {@code time}. */
    private int firstAtOrAfter(int[] ordered, long time) {
        int lo = 0;
        int hi = ordered.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (samples.time(ordered[mid]) < time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private int[] inTimeOrder(int thread) {
        return IntStream.range(0, samples.size()).filter(i -> samples.thread(i) == thread)
                .boxed().sorted((a, b) -> Long.compare(samples.time(a), samples.time(b)))
                .mapToInt(Integer::intValue).toArray();
    }

    /** The innermost Java frame of the program's own code; the innermost Java frame on a stack with none of it. */
    private String innermostProgramFrame(int stack) {
        return ProgramFrames.innermostName(samples.stacks().get(stack));
    }
}
