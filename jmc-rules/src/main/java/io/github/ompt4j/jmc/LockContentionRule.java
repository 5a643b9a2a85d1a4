package io.github.ompt4j.jmc;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.util.IPreferenceValueProvider;
import org.openjdk.jmc.flightrecorder.rules.IResult;
import org.openjdk.jmc.flightrecorder.rules.Severity;
import org.openjdk.jmc.flightrecorder.rules.util.JfrRuleTopics;
import org.openjdk.jmc.flightrecorder.rules.util.RulesToolkit.EventAvailability;

/**
 * Lock contention by wait ID: which mutex (lock, critical, atomic, ordered) threads waited for most, as a
 * share of their time in parallel regions, named by where the program created the lock (from
 * {@code ompt.LockInit}) or else where it was acquired. The wait time is the one the note of
 * {@code io.github.ompt4j.jfr} defines, and the report's mutex table shows: the {@code ompt.MutexAcquire} spans
 * when the recording traced them, else the {@code ompt.ThreadState} samples that saw a thread waiting, each
 * standing for the ticks it saw ({@link #sampledMutexes}), which is how the default and the profiling settings see
 * mutex waits.
 */
public final class LockContentionRule extends OmptRule {
    /** {@code ompt.jfc}'s period of {@code ompt.ThreadState}, for a thread sampled once. */
    private static final long DEFAULT_STATE_PERIOD = 20_000_000L;

    /** The waits for one mutex. */
    static final class Mutex {
        final long waitId;
        String kind;
        long total;
        /** Traced waits, or (from state samples) the samples that saw one, which is not a count of waits. */
        int count;
        boolean sampled;
        final Map<String, Long> bySite = new HashMap<>();

        Mutex(long waitId) {
            this.waitId = waitId;
        }

        String busiestSite() {
            return bySite.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
        }
    }

    public LockContentionRule() {
        super("OpenMpLockContention", "OpenMP Lock Contention", JfrRuleTopics.LOCK_INSTANCES,
                Map.of(OmptItems.IMPLICIT_TASK, EventAvailability.AVAILABLE), 2, 10,
                "share of time in parallel regions spent waiting for the most contended mutex");
    }

    /** The mutexes threads waited for, most waited-for first. */
    static List<Mutex> mutexes(List<OmptItems.Span> acquisitions) {
        Map<Long, Mutex> byId = new HashMap<>();
        for (OmptItems.Span a : acquisitions) {
            Mutex m = byId.computeIfAbsent(a.waitId, Mutex::new);
            m.kind = a.kind;
            m.total += a.duration();
            m.count++;
            if (a.callSite != null) {
                m.bySite.merge(a.callSite, a.duration(), Long::sum);
            }
        }
        List<Mutex> sorted = new ArrayList<>(byId.values());
        sorted.sort((x, y) -> Long.compare(y.total, x.total));
        return sorted;
    }

    /**
     * The mutexes threads waited for as state samples saw them, most first: each sample in a mutex wait stands for
     * the time from half a period before it to half a period before its thread's next sample, at most
     * {@link ThreadStateEvent#MAX_UNCHANGED_PERIODS} periods, within its thread's time in the recording
     * ({@code lives}): the ticks it saw, the sampler leaving unchanged ones unwritten. A sample inside a
     * {@code notWork} span (idle, a synchronization wait), or inside a task span of another region than its own,
     * counts for nothing: the spans say what the thread did then. The spans do not clip the rest: a wait that lands in
     * a short task often would be undercounted by a sample that stood for no more than its task. {@code period} is
     * the one the recording's settings name, 0 if they do not (then the median gap between a thread's samples).
     */
    static List<Mutex> sampledMutexes(List<OmptItems.StateSample> samples, List<OmptItems.Span> tasks,
            List<OmptItems.Span> notWork, long period, ThreadLives lives) {
        Map<Long, List<OmptItems.StateSample>> byThread = new HashMap<>();
        for (OmptItems.StateSample s : samples) {
            byThread.computeIfAbsent(s.threadId, k -> new ArrayList<>()).add(s);
        }
        Map<Long, ThreadSpans> spansByThread = ThreadSpans.byThread(tasks, notWork);
        Map<Long, Mutex> byId = new HashMap<>();
        byThread.forEach((thread, own) -> {
            own.sort((a, b) -> Long.compare(a.time, b.time));
            ThreadSpans spans = spansByThread.getOrDefault(thread, ThreadSpans.NONE);
            long p = period > 0 ? period : medianGap(own);
            long half = p / 2;
            for (int i = 0; i < own.size(); i++) {
                OmptItems.StateSample s = own.get(i);
                if (!s.inMutexWait() || spans.notWorkAt(s.time) || spans.inOtherRegion(s)) {
                    continue;
                }
                long next = i + 1 < own.size() ? own.get(i + 1).time : Long.MAX_VALUE;
                long from = Math.max(lives.begin(thread), s.time - half);
                long to = Math.min(lives.end(thread),
                        Math.min(next, s.time + ThreadStateEvent.MAX_UNCHANGED_PERIODS * p) - half);
                Mutex m = byId.computeIfAbsent(s.waitId, Mutex::new);
                m.kind = s.state.substring("wait_".length());
                m.total += Math.max(0, to - from);
                m.count++;
                m.sampled = true;
            }
        });
        List<Mutex> sorted = new ArrayList<>(byId.values());
        sorted.sort((x, y) -> Long.compare(y.total, x.total));
        return sorted;
    }

    /** One thread's idle and synchronization-wait spans, and its task spans, by start. */
    private static final class ThreadSpans {
        static final ThreadSpans NONE = new ThreadSpans(List.of(), List.of());
        /** The idle and synchronization-wait spans by start, and the furthest end so far: nested ones stay covered. */
        private final long[] notWorkStarts;
        private final long[] notWorkReach;
        /** The task spans by start, the furthest end so far, and each one's region. */
        private final List<OmptItems.Span> tasks;
        private final long[] taskStarts;
        private final long[] taskReach;

        private ThreadSpans(List<OmptItems.Span> tasks, List<OmptItems.Span> notWork) {
            this.tasks = tasks;
            taskStarts = starts(tasks);
            taskReach = reach(tasks);
            notWorkStarts = starts(notWork);
            notWorkReach = reach(notWork);
        }

        private static long[] starts(List<OmptItems.Span> sorted) {
            long[] starts = new long[sorted.size()];
            for (int i = 0; i < starts.length; i++) {
                starts[i] = sorted.get(i).start;
            }
            return starts;
        }

        private static long[] reach(List<OmptItems.Span> sorted) {
            long[] reach = new long[sorted.size()];
            long furthest = Long.MIN_VALUE;
            for (int i = 0; i < reach.length; i++) {
                furthest = Math.max(furthest, sorted.get(i).end);
                reach[i] = furthest;
            }
            return reach;
        }

        static Map<Long, ThreadSpans> byThread(List<OmptItems.Span> tasks, List<OmptItems.Span> notWork) {
            Map<Long, List<OmptItems.Span>> taskSpans = byThread(tasks);
            Map<Long, List<OmptItems.Span>> notWorkSpans = byThread(notWork);
            Set<Long> threads = new HashSet<>(taskSpans.keySet());
            threads.addAll(notWorkSpans.keySet());
            Map<Long, ThreadSpans> byThread = new HashMap<>();
            for (Long thread : threads) {
                byThread.put(thread, new ThreadSpans(taskSpans.getOrDefault(thread, List.of()),
                        notWorkSpans.getOrDefault(thread, List.of())));
            }
            return byThread;
        }

        /** {@code spans} by thread, each thread's by start. */
        private static Map<Long, List<OmptItems.Span>> byThread(List<OmptItems.Span> spans) {
            Map<Long, List<OmptItems.Span>> byThread = new HashMap<>();
            for (OmptItems.Span span : spans) {
                byThread.computeIfAbsent(span.threadId, k -> new ArrayList<>()).add(span);
            }
            byThread.values().forEach(l -> l.sort((a, b) -> Long.compare(a.start, b.start)));
            return byThread;
        }

        /** Whether an idle or synchronization-wait span holds {@code time}. */
        boolean notWorkAt(long time) {
            int i = upperBound(notWorkStarts, time) - 1;
            return i >= 0 && time < notWorkReach[i];
        }

        /**
         * Whether the task span {@code s} was taken in (the latest-starting that holds it, the current task by the
         * state rule) is of another region than the sample's.
         */
        boolean inOtherRegion(OmptItems.StateSample s) {
            for (int i = upperBound(taskStarts, s.time) - 1; i >= 0 && taskReach[i] > s.time; i--) {
                OmptItems.Span task = tasks.get(i);
                if (s.time < task.end) {
                    return task.parallelId != s.parallelId;
                }
            }
            return false;
        }

        /** The number of {@code sorted} values at or below {@code value}. */
        private static int upperBound(long[] sorted, long value) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] <= value) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /** The median gap between a thread's consecutive samples (sorted), for a recording that does not say its period. */
    private static long medianGap(List<OmptItems.StateSample> sorted) {
        if (sorted.size() < 2) {
            return DEFAULT_STATE_PERIOD;
        }
        long[] gaps = new long[sorted.size() - 1];
        for (int i = 1; i < sorted.size(); i++) {
            gaps[i - 1] = sorted.get(i).time - sorted.get(i - 1).time;
        }
        Arrays.sort(gaps);
        long median = gaps[gaps.length / 2];
        return median > 0 ? median : DEFAULT_STATE_PERIOD;
    }

    @Override
    IResult evaluate(IItemCollection items, IPreferenceValueProvider preferences) {
        List<OmptItems.Span> tasks = OmptItems.spans(items, OmptItems.IMPLICIT_TASK);
        List<OmptItems.Span> acquisitions = OmptItems.spans(items, OmptItems.MUTEX_ACQUIRE);
        List<Mutex> mutexes = acquisitions.isEmpty() ? sampledMutexes(OmptItems.stateSamples(items),
                OmptItems.taskSpans(items), OmptItems.notWorkSpans(items), OmptItems.statePeriod(items),
                ThreadLives.of(items))
                : mutexes(acquisitions);
        if (mutexes.isEmpty()) {
            return result(preferences, Severity.OK, "No thread was seen waiting for a mutex.",
                    "The rule adds up the ompt.MutexAcquire events by wait ID, or without them the ompt.ThreadState"
                            + " samples that saw a thread waiting for a mutex.", null);
        }
        long team = teamTime(tasks);
        Map<Long, String> created = new HashMap<>();
        for (OmptItems.Span init : OmptItems.spans(items, OmptItems.LOCK_INIT)) {
            if (init.callSite != null) {
                created.put(init.waitId, init.callSite);
            }
        }
        Mutex top = mutexes.get(0);
        double fraction = team == 0 ? 0 : (double) top.total / team;
        Severity severity = severity(fraction, preferences);
        String summary = "Threads waited " + OmptItems.millis(top.total) + " (" + OmptItems.percent(fraction)
                + " of their time in parallel regions) for " + describe(top, created) + ", " + howSeen(top) + ".";
        StringBuilder explanation = new StringBuilder("Mutexes by total wait, named by wait ID:<ul>");
        for (Mutex m : mutexes.subList(0, Math.min(3, mutexes.size()))) {
            explanation.append("<li>").append(OmptItems.html(describe(m, created))).append(": ")
                    .append(OmptItems.millis(m.total)).append(", ").append(howSeen(m)).append("</li>");
        }
        explanation.append("</ul>");
        return result(preferences, severity, OmptItems.html(summary), explanation.toString(), severity == Severity.OK
                ? null
                : "Hold the mutex for less time, split it into finer locks, or give each thread its own data and"
                        + " combine at the end (a reduction).");
    }

    private static String howSeen(Mutex m) {
        return m.sampled ? "seen by " + m.count + " state samples" : m.count + " times";
    }

    private static String describe(Mutex m, Map<Long, String> created) {
        String kind = m.kind == null ? "mutex" : m.kind;
        if (created.containsKey(m.waitId)) {
            return kind + " " + m.waitId + " created at " + created.get(m.waitId);
        }
        String site = m.busiestSite();
        return kind + " " + m.waitId + (site == null ? "" : " acquired at " + site);
    }
}
