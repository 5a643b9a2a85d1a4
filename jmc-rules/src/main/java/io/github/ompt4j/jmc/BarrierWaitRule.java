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
 * Barrier waits: the share of the threads' time in parallel regions spent waiting at barriers (explicit,
 * and the implicit ones that end regions and worksharing constructs), the barrier call sites that cost most,
 * and the longest single wait.
 */
public final class BarrierWaitRule extends OmptRule {

    /** What the barrier waits of a recording add up to. */
    static final class Waits {
        long total;
        OmptItems.Span longest;
        final Map<String, Long> bySite = new HashMap<>();
    }

    public BarrierWaitRule() {
        super("OpenMpBarrierWait", "OpenMP Barrier Waits", JfrRuleTopics.THREADS,
                Map.of(OmptItems.IMPLICIT_TASK, EventAvailability.AVAILABLE,
                        OmptItems.SYNC_REGION_WAIT, EventAvailability.ENABLED),
                5, 20, "share of time in parallel regions spent waiting at barriers");
    }

    static Waits barrierWaits(List<OmptItems.Span> waits) {
        Waits result = new Waits();
        for (OmptItems.Span w : waits) {
            if (w.kind == null || !w.kind.startsWith("barrier")) {
                continue;
            }
            result.total += w.duration();
            result.bySite.merge(w.callSite == null ? "(no call site)" : w.callSite, w.duration(), Long::sum);
            if (result.longest == null || w.duration() > result.longest.duration()) {
                result.longest = w;
            }
        }
        return result;
    }

    @Override
    IResult evaluate(IItemCollection items, IPreferenceValueProvider preferences) {
        long team = teamTime(OmptItems.spans(items, OmptItems.IMPLICIT_TASK));
        Waits waits = barrierWaits(OmptItems.spans(items, OmptItems.SYNC_REGION_WAIT));
        if (team == 0 || waits.longest == null) {
            return result(preferences, Severity.OK, "No thread waited at a barrier.",
                    "The rule adds up the ompt.SyncRegionWait events of barriers.", null);
        }
        double fraction = (double) waits.total / team;
        Severity severity = severity(fraction, preferences);
        OmptItems.Span longest = waits.longest;
        String summary = "Threads waited at barriers for " + OmptItems.percent(fraction) + " of their time in"
                + " parallel regions (" + OmptItems.millis(waits.total) + "); the longest wait was "
                + OmptItems.millis(longest.duration()) + " on " + longest.threadName + " at a " + longest.kind + ".";
        StringBuilder explanation = new StringBuilder("A thread waits at a barrier until the last thread of its"
                + " team arrives. Barrier call sites by total wait:<ul>");
        waits.bySite.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(3)
                .forEach(e -> explanation.append("<li>").append(OmptItems.html(e.getKey())).append(": ")
                        .append(OmptItems.millis(e.getValue())).append("</li>"));
        explanation.append("</ul>");
        return result(preferences, severity, OmptItems.html(summary), explanation.toString(), severity == Severity.OK
                ? null
                : "Waiting at a barrier is time lost to whatever made the others late: see the OpenMP Load"
                        + " Imbalance rule, balance the work before the barrier, or drop barriers that are not"
                        + " needed (nowait).");
    }
}
