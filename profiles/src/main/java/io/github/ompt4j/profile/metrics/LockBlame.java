package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.fold.Folder;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.TimedSamples;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RunStates;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mutex waits per wait ID, blamed on whoever held the mutex meanwhile (blame shifting): every stretch of a
 * thread waiting for a lock, critical, atomic or ordered construct is split among the holds of other threads
 * on the same wait ID that overlap it, and each part charged to the holder's call site (where it acquired the
 * mutex). Holds are the {@code ompt.MutexHeld} spans when the recording timed them; otherwise each recorded
 * wait ({@code ompt.MutexAcquire}) names the holder it found when it began, which stands for the whole wait
 * (the reader turns it into a hold, see {@code RecordingReader}). What no hold covers goes, in shares by the time
 * each {@code ompt.ThreadState} sample of the waiter stands for inside the wait, to the holder each sample named.
 * In a recording that sampled its mutex waits instead of tracing them (the profiling settings), the samples are
 * the waits and the blame: each sample's whole time ({@link RunStates#deciding}) to the holder it named. What
 * neither explains (a wait whose holder had just released, a recording without holders) is charged to
 * {@link #NO_HOLDER}.
 */
public final class LockBlame {
    /** The holder of wait time no recorded hold explains. */
    public static final String NO_HOLDER = "(no holder seen: released as the wait began, or not recorded)";

    /** One mutex: its kind, where it was created or entered, the time waited for it, by holder call site. */
    public static final class Mutex {
        public final long waitId;
        public final OmpState kind;
        public String site = "";
        public long waitNanos;
        /** Waits the spans traced ({@code ompt.MutexAcquire}). */
        public long waits;
        /** The {@code ompt.ThreadState} samples that saw a wait no span traced: a count of samples, not of waits. */
        public long stateSamples;
        /** Holder call site to blamed nanoseconds, most first once {@link #of} returns. */
        public final Map<String, Long> holders = new LinkedHashMap<>();

        Mutex(long waitId, OmpState kind) {
            this.waitId = waitId;
            this.kind = kind;
        }
    }

    private LockBlame() {
    }

    /**
     * Mutexes by time waited for them, most first. A mutex the recording names no place of (a
     * {@code java.util.concurrent} lock: no creation event, no call site) is named by {@code sampledSites}
     * ({@link #sampledSites}).
     */
    public static List<Mutex> of(RecordedRun run, RunStates states, Map<Long, String> sampledSites) {
        Map<Long, List<Span>> holds = new HashMap<>();
        Map<Span, ThreadRecord> holders = new HashMap<>();
        Map<Long, String> acquireSites = new HashMap<>();
        for (ThreadRecord t : run.threads()) {
            for (Span s : t.spans()) {
                if (s.type == SpanType.MUTEX_HELD) {
                    holds.computeIfAbsent(s.waitId, k -> new ArrayList<>()).add(s);
                    holders.put(s, t);
                } else if (s.type == SpanType.MUTEX_ACQUIRE && s.callSite != null) {
                    acquireSites.putIfAbsent(s.waitId, s.callSite);
                }
            }
        }
        holds.values().forEach(l -> l.sort(Comparator.comparingLong(s -> s.start)));
        Map<Long, Mutex> mutexes = new HashMap<>();
        for (ThreadRecord t : run.threads()) {
            for (StateSample s : t.stateSamples()) {
                if (s.callSite != null && s.state.isMutexWait()) {
                    acquireSites.putIfAbsent(s.waitId, s.callSite);
                }
            }
            StateSamplesInTime samples = StateSamplesInTime.of(t);
            Intervals intervals = states.of(t.index);
            for (int i = 0; intervals != null && i < intervals.size(); i++) {
                OmpState state = intervals.state(i);
                if (!state.isMutexWait() || intervals.decided(i) == Intervals.Decided.STATE_SAMPLE) {
                    continue;
                }
                long id = intervals.waitId(i);
                Mutex m = mutexes.computeIfAbsent(id, k -> new Mutex(k, state));
                m.waits++;
                m.waitNanos += intervals.end(i) - intervals.start(i);
                blame(m, t, intervals.start(i), intervals.end(i), holds.getOrDefault(id, List.of()), holders,
                        samples.waiting(intervals.start(i), intervals.end(i), id));
            }
            for (StateSample s : states.deciding(t.index)) {
                if (s.state.isMutexWait()) {
                    Mutex m = mutexes.computeIfAbsent(s.waitId, k -> new Mutex(k, s.state));
                    m.stateSamples++;
                    m.waitNanos += s.nanos();
                    m.holders.merge(heldBy(s, t), s.nanos(), Long::sum);
                }
            }
        }
        List<Mutex> list = new ArrayList<>(mutexes.values());
        for (Mutex m : list) {
            String created = run.lockSite(m.waitId);
            m.site = created != null ? created
                    : acquireSites.getOrDefault(m.waitId, sampledSites.getOrDefault(m.waitId, ""));
            List<Map.Entry<String, Long>> sorted = new ArrayList<>(m.holders.entrySet());
            sorted.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
            m.holders.clear();
            sorted.forEach(e -> m.holders.put(e.getKey(), e.getValue()));
        }
        list.sort((a, b) -> Long.compare(b.waitNanos, a.waitNanos));
        return list;
    }

    /**
     * Where the program waited for each mutex, by wait ID, as the stack samples show it: the samples folded in a mutex
     * wait (not a Java monitor's) at an instant the thread's state names a wait ID give the JDK method the program
     * called and the program's frame that called it ({@code "java.util.concurrent.locks.ReentrantLock.lock in
     * App.post"}); the heaviest per wait ID.
     */
    public static Map<Long, String> sampledSites(RecordedRun run, RunStates states, Folder.Result folded) {
        TimedSamples samples = folded.samples;
        Map<ProfileThread, ThreadRecord> records = new IdentityHashMap<>();
        for (ThreadRecord t : run.threads()) {
            records.put(t.thread(), t);
        }
        boolean[] monitor = new boolean[samples.size()];
        for (int i : folded.monitorSamples) {
            monitor[i] = true;
        }
        Map<Long, Map<String, Long>> weights = new HashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            ThreadRecord t = records.get(samples.threads().get(samples.thread(i)));
            Intervals intervals = t == null ? null : states.of(t.index);
            int at = intervals == null || monitor[i] || !samples.state(i).isMutexWait() ? -1
                    : intervals.indexAt(samples.time(i));
            if (at >= 0 && intervals.state(at).isMutexWait() && intervals.waitId(at) != 0) {
                weights.computeIfAbsent(intervals.waitId(at), k -> new HashMap<>())
                        .merge(ProgramFrames.calledFrom(samples.stacks().get(samples.stack(i))), samples.nanos(i),
                                Long::sum);
            }
        }
        Map<Long, String> sites = new HashMap<>();
        weights.forEach((id, bySite) -> sites.put(id, Collections.max(bySite.entrySet(), Map.Entry.comparingByValue())
                .getKey()));
        return sites;
    }

    private static void blame(Mutex m, ThreadRecord waiter, long from, long to, List<Span> holds,
            Map<Span, ThreadRecord> holders, List<StateSample> seen) {
        // Holds are taken in time order and never counted twice: a release is recorded after the unlock
        // returns, so one holder's span may overlap the next holder's.
        long explained = 0;
        long cursor = from;
        for (Span h : holds) {
            if (h.start >= to) {
                break;
            }
            long end = Math.min(to, h.end);
            long start = Math.max(cursor, h.start);
            if (end <= start || holders.get(h) == waiter) {
                continue;
            }
            m.holders.merge(siteName(h.callSite, holders.get(h)), end - start, Long::sum);
            explained += end - start;
            cursor = end;
        }
        long rest = to - from - explained;
        if (rest > 0) {
            blameSampledHolders(m, waiter, from, to, rest, seen);
        }
    }

    /**
     * {@code rest} of the wait {@code [from, to)} in shares by the time each sample seen in it stands for there:
     * to the holder's call site where the sample named a holder other than the waiter, to {@link #NO_HOLDER} where
     * it did not.
     */
    private static void blameSampledHolders(Mutex m, ThreadRecord waiter, long from, long to, long rest,
            List<StateSample> seen) {
        long[] overlaps = new long[seen.size()];
        long total = 0;
        for (int i = 0; i < overlaps.length; i++) {
            StateSample s = seen.get(i);
            overlaps[i] = Math.max(0, Math.min(to, s.until()) - Math.max(from, s.from()));
            total += overlaps[i];
        }
        if (total == 0) {
            m.holders.merge(NO_HOLDER, rest, Long::sum);
            return;
        }
        long left = rest;
        for (int i = 0; i < overlaps.length; i++) {
            long share = i == overlaps.length - 1 ? left : (long) ((double) rest * overlaps[i] / total);
            m.holders.merge(heldBy(seen.get(i), waiter), share, Long::sum);
            left -= share;
        }
    }

    /** Whom the sample {@code s} of {@code waiter} blames: the holder's call site, or {@link #NO_HOLDER}. */
    private static String heldBy(StateSample s, ThreadRecord waiter) {
        return s.holder != null && s.holder != waiter ? siteName(s.holderCallSite, s.holder) : NO_HOLDER;
    }

    /**
     * Where the holder took the mutex; when the recording does not say (a {@code java.util.concurrent} lock's
     * operations report no call site: a stack walk each would cost the program's critical path), which thread held it.
     */
    private static String siteName(String callSite, ThreadRecord holder) {
        if (callSite != null && !callSite.isEmpty()) {
            return callSite;
        }
        return holder == null ? "(unknown call site)" : "(unknown call site) by " + holder.name;
    }
}
