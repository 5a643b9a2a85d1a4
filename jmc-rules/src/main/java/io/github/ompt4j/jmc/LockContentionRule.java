package io.github.ompt4j.jmc;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.util.IPreferenceValueProvider;
import org.openjdk.jmc.flightrecorder.rules.IResult;
import org.openjdk.jmc.flightrecorder.rules.Severity;
import org.openjdk.jmc.flightrecorder.rules.util.JfrRuleTopics;
import org.openjdk.jmc.flightrecorder.rules.util.RulesToolkit.EventAvailability;

/**
 * Lock contention by wait ID: which mutex (lock, critical, atomic, ordered) threads waited for most, as a
 * share of their time in parallel regions, named by where the program created the lock (from
 * {@code ompt.LockInit}) or else where it was acquired. Needs {@code ompt.MutexAcquire}, which the default
 * settings leave off; JMC says so when it is missing.
 */
public final class LockContentionRule extends OmptRule {

    /** The waits for one mutex. */
    static final class Mutex {
        final long waitId;
        String kind;
        long total;
        int count;
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
                Map.of(OmptItems.MUTEX_ACQUIRE, EventAvailability.ENABLED), 2, 10,
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
        List<Mutex> sorted = new java.util.ArrayList<>(byId.values());
        sorted.sort((x, y) -> Long.compare(y.total, x.total));
        return sorted;
    }

    @Override
    IResult evaluate(IItemCollection items, IPreferenceValueProvider preferences) {
        List<Mutex> mutexes = mutexes(OmptItems.spans(items, OmptItems.MUTEX_ACQUIRE));
        if (mutexes.isEmpty()) {
            return result(preferences, Severity.OK, "No thread waited for a mutex above the recording's threshold.",
                    "The rule adds up the ompt.MutexAcquire events by wait ID.", null);
        }
        List<OmptItems.Span> tasks = OmptItems.spans(items, OmptItems.IMPLICIT_TASK);
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
                + " of their time in parallel regions) for " + describe(top, created) + ", " + top.count + " times.";
        StringBuilder explanation = new StringBuilder("Mutexes by total wait, named by wait ID:<ul>");
        for (Mutex m : mutexes.subList(0, Math.min(3, mutexes.size()))) {
            explanation.append("<li>").append(OmptItems.html(describe(m, created))).append(": ")
                    .append(OmptItems.millis(m.total)).append(" in ").append(m.count).append(" waits</li>");
        }
        explanation.append("</ul>");
        return result(preferences, severity, OmptItems.html(summary), explanation.toString(), severity == Severity.OK
                ? null
                : "Hold the mutex for less time, split it into finer locks, or give each thread its own data and"
                        + " combine at the end (a reduction).");
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
