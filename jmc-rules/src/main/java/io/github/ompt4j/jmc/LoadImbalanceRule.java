package io.github.ompt4j.jmc;

import java.util.ArrayList;
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
 * Load imbalance inside parallel regions: the members of a team did very different amounts of work, so the
 * faster ones waited for the slowest at the region's barriers.
 *
 * <p>A member's work is its implicit task's duration minus the time it waited (barrier, taskwait, taskgroup)
 * in that region. A region loses {@code sum(max - work_i)} of the team's {@code n * max}; the rule reports
 * the loss over all regions, {@code 1 - mean/max} weighted by region size, and names the regions that lost
 * the most.
 */
public final class LoadImbalanceRule extends OmptRule {

    /** One region's members, as work done. */
    static final class Region {
        final long parallelId;
        final int members;
        final long maxWork;
        final long minWork;
        final long lost;
        final int slowest;
        final int fastest;

        Region(long parallelId, int members, long maxWork, long minWork, long lost, int slowest, int fastest) {
            this.parallelId = parallelId;
            this.members = members;
            this.maxWork = maxWork;
            this.minWork = minWork;
            this.lost = lost;
            this.slowest = slowest;
            this.fastest = fastest;
        }

        long teamTime() {
            return members * maxWork;
        }
    }

    public LoadImbalanceRule() {
        super("OpenMpLoadImbalance", "OpenMP Load Imbalance", JfrRuleTopics.THREADS,
                Map.of(OmptItems.IMPLICIT_TASK, EventAvailability.AVAILABLE,
                        OmptItems.SYNC_REGION_WAIT, EventAvailability.ENABLED),
                10, 25, "share of team time lost to imbalance");
    }

    /** Every region with two or more recorded members, with what its members did. */
    static List<Region> regions(List<OmptItems.Span> implicitTasks, List<OmptItems.Span> waits) {
        Map<String, List<OmptItems.Span>> waitsByMember = new HashMap<>();
        for (OmptItems.Span w : waits) {
            waitsByMember.computeIfAbsent(w.threadId + "/" + w.parallelId, k -> new ArrayList<>()).add(w);
        }
        Map<Long, List<long[]>> work = new HashMap<>();
        for (OmptItems.Span task : implicitTasks) {
            long waited = 0;
            for (OmptItems.Span w : waitsByMember.getOrDefault(task.threadId + "/" + task.parallelId, List.of())) {
                if (task.contains(w)) {
                    waited += w.duration();
                }
            }
            work.computeIfAbsent(task.parallelId, k -> new ArrayList<>())
                    .add(new long[] {task.duration() - waited, task.threadNum});
        }
        List<Region> regions = new ArrayList<>();
        work.forEach((id, members) -> {
            if (members.size() < 2) {
                return;
            }
            long[] max = members.get(0);
            long[] min = members.get(0);
            for (long[] m : members) {
                max = m[0] > max[0] ? m : max;
                min = m[0] < min[0] ? m : min;
            }
            long lost = 0;
            for (long[] m : members) {
                lost += max[0] - m[0];
            }
            regions.add(new Region(id, members.size(), max[0], min[0], lost, (int) max[1], (int) min[1]));
        });
        regions.sort((a, b) -> Long.compare(b.lost, a.lost));
        return regions;
    }

    @Override
    IResult evaluate(IItemCollection items, IPreferenceValueProvider preferences) {
        List<Region> regions = regions(OmptItems.spans(items, OmptItems.IMPLICIT_TASK),
                OmptItems.spans(items, OmptItems.SYNC_REGION_WAIT));
        long lost = 0;
        long team = 0;
        for (Region r : regions) {
            lost += r.lost;
            team += r.teamTime();
        }
        if (team == 0) {
            return result(preferences, Severity.OK, "No parallel region with two or more threads was recorded.",
                    "The rule compares the work of the members of each team.", null);
        }
        double fraction = (double) lost / team;
        Severity severity = severity(fraction, preferences);
        Map<Long, String> sites = callSites(items);
        Region worst = regions.get(0);
        String where = sites.containsKey(worst.parallelId) ? " at " + sites.get(worst.parallelId) : "";
        String summary = "Teams lost " + OmptItems.percent(fraction) + " of their time in parallel regions to load"
                + " imbalance; the worst region" + where + " lost " + OmptItems.millis(worst.lost) + ".";
        StringBuilder explanation = new StringBuilder("A member's work is its implicit task minus its waits in the"
                + " region; a region loses what its members waited for the slowest. The regions that lost most:<ul>");
        for (Region r : regions.subList(0, Math.min(3, regions.size()))) {
            explanation.append("<li>region ").append(r.parallelId)
                    .append(sites.containsKey(r.parallelId) ? " at " + OmptItems.html(sites.get(r.parallelId)) : "")
                    .append(": ").append(r.members).append(" threads, ").append(OmptItems.millis(r.lost))
                    .append(" lost; thread ").append(r.slowest).append(" worked ").append(OmptItems.millis(r.maxWork))
                    .append(", thread ").append(r.fastest).append(" ").append(OmptItems.millis(r.minWork))
                    .append("</li>");
        }
        explanation.append("</ul>");
        return result(preferences, severity, OmptItems.html(summary), explanation.toString(), severity == Severity.OK
                ? null
                : "Spread the work more evenly: a dynamic or guided schedule with smaller chunks, or tasks, let"
                        + " fast threads take over work from slow ones.");
    }

    static Map<Long, String> callSites(IItemCollection items) {
        Map<Long, String> sites = new HashMap<>();
        for (OmptItems.Span region : OmptItems.spans(items, OmptItems.PARALLEL_REGION)) {
            if (region.callSite != null) {
                sites.put(region.parallelId, region.callSite);
            }
        }
        return sites;
    }
}
