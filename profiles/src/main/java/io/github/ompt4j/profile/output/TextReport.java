package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.fold.Folder;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.metrics.FunctionMetrics;
import io.github.ompt4j.profile.metrics.IdleBlame;
import io.github.ompt4j.profile.metrics.LockBlame;
import io.github.ompt4j.profile.metrics.MonitorBlame;
import io.github.ompt4j.profile.metrics.RegionMetrics;
import io.github.ompt4j.profile.metrics.WaitMetrics;
import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text report: what was sampled and how the time splits into OMP work and OMP wait; the regions by
 * construct with their work, wait and imbalance; waits by kind; mutex waits blamed on the holders' call sites;
 * Java monitor waits by class and call site, blamed on the threads that held the monitors; idle time blamed on the regions that ran; the functions with the most exclusive time. Sampled times are what
 * the samples stand for (see {@link io.github.ompt4j.profile.jfr.Samples#nanos}), and the summary says when the
 * sampler fell behind its interval; recorded times come from the {@code ompt.*} spans.
 */
public final class TextReport {
    private static final int TOP_FUNCTIONS = 15;
    private static final int TOP_HOLDERS = 3;
    private final PrintWriter out;

    private TextReport(PrintWriter out) {
        this.out = out;
    }

    public static void write(PrintWriter out, String recording, RecordedRun run, RunStates states,
            RegionTable regions, Folder.Result folded) {
        TextReport report = new TextReport(out);
        report.summary(recording, run, folded);
        report.regions(RegionMetrics.of(regions, folded), folded);
        report.waits(WaitMetrics.of(folded.profile, run, states));
        report.locks(LockBlame.of(run, states, LockBlame.sampledSites(run, states, folded)),
                RegionMetrics.teamNanos(regions));
        report.monitors(MonitorBlame.of(run, folded), folded.profile);
        report.idle(IdleBlame.of(run, states, regions));
        report.functions(FunctionMetrics.of(folded.profile));
        out.flush();
    }

    private void summary(String recording, RecordedRun run, Folder.Result folded) {
        Profile p = folded.profile;
        out.printf("OpenMP profile of %s (%s view)%n", recording, p.view().cliName());
        long samples = p.total(Metric.SAMPLES);
        out.printf("samples: %s, %s each; %d samples on %d threads", p.source(), interval(p.intervalNanos()), samples,
                p.threads().size());
        if (folded.hiddenSamples > 0) {
            out.printf(" (and %d of JVM and profiler threads and of agents' start-up, in the machine view only)",
                    folded.hiddenSamples);
        }
        out.println();
        if (!run.hasOmptEvents()) {
            out.println("no ompt.* events: recorded without the agent, so no thread has an OpenMP state, region or"
                    + " wait, and all sampled time counts as work");
        }
        sampling(p);
        long work = p.total(Metric.OMP_WORK);
        long wait = p.total(Metric.OMP_WAIT);
        out.printf("total thread time %s = OMP work %s (%s) + OMP wait %s (%s)%n%n", ms(work + wait), ms(work),
                percent(work, work + wait), ms(wait), percent(wait, work + wait));
    }

    /**
     * Whether the samples kept up with their interval: a wall-clock sampler that fell behind took fewer samples
     * than the time between them asks for, and each then stands for more than one interval.
     */
    private void sampling(Profile p) {
        long interval = p.intervalNanos();
        if (interval <= 0) {
            return;
        }
        long taken = p.total(Metric.SAMPLES);
        long time = p.total(Metric.TOTAL_TIME);
        long due = time / interval;
        if (due > taken + taken / 10) {
            out.printf("the sampler fell behind: %d samples stand for %s of thread time, %d intervals of %s (%s of the"
                    + " samples were not taken: more busy threads than processors, or the sampler's own thread"
                    + " starved); each stands for the time since its thread's previous sample%n", taken, ms(time), due,
                    interval(interval), percent(due - taken, due));
        }
    }

    private void regions(List<RegionMetrics.Construct> constructs, Folder.Result folded) {
        out.println("Parallel regions, by construct (work and wait: samples inside the region, not its nested"
                + " regions; imbalance: share of team time lost, from the recorded spans)");
        int width = "(outside any region)".length();
        for (RegionMetrics.Construct c : constructs) {
            width = Math.max(width, c.callSite.length());
        }
        String row = "  %-" + width + "s %6s %5s %12s %12s %12s %10s%n";
        out.printf(row, "call site", "runs", "team", "wall", "OMP work", "OMP wait", "imbalance");
        for (RegionMetrics.Construct c : constructs) {
            out.printf(row, c.callSite, c.instances, c.maxTeam, ms(c.wallNanos), ms(c.workNanos), ms(c.waitNanos),
                    c.teamNanos == 0 ? "-" : percent(c.lostNanos, c.teamNanos));
        }
        Folder.RegionWeights outside = folded.regions.get(0L);
        if (outside != null) {
            out.printf(row, "(outside any region)", "", "", "", ms(outside.workNanos), ms(outside.waitNanos), "");
        }
        out.println();
    }

    private void waits(List<WaitMetrics.Kind> kinds) {
        out.println("Waits by kind (sampled: from the stack samples; recorded: from the spans, with their count;");
        out.println("  state-sampled: seen only by ompt.ThreadState samples, with their count, which is not a count of waits)");
        out.printf("  %-30s %12s %12s %10s %14s %8s%n", "kind", "sampled", "recorded", "count", "state-sampled",
                "samples");
        for (WaitMetrics.Kind k : kinds) {
            out.printf("  %-30s %12s %12s %10d %14s %8d%n", k.state.artificialFrame(), ms(k.sampledNanos),
                    ms(k.recordedNanos), k.recordedCount, ms(k.stateSampledNanos), k.stateSamples);
        }
        out.println();
    }

    private void locks(List<LockBlame.Mutex> mutexes, long teamNanos) {
        out.println("Mutex waits by wait ID (contention: the share of the team time in parallel regions), blamed on the"
                + " holders' call sites");
        if (mutexes.isEmpty()) {
            out.println("  none recorded (mutex waits need ompt.MutexAcquire, or ompt.ThreadState samples in them)");
        }
        for (LockBlame.Mutex m : mutexes) {
            out.printf("  %s %d%s: %s waited (%s contention)%s%n", kind(m.kind), m.waitId,
                    m.site.isEmpty() ? "" : " (" + m.site + ")", ms(m.waitNanos), percent(m.waitNanos, teamNanos),
                    howSeen(m));
            int n = 0;
            for (Map.Entry<String, Long> h : m.holders.entrySet()) {
                if (n++ == TOP_HOLDERS) {
                    break;
                }
                out.printf("    %12s  while held at %s%n", ms(h.getValue()), h.getKey());
            }
        }
        out.println();
    }

    private void monitors(List<MonitorBlame.Monitor> monitors, Profile p) {
        out.println("Java monitor waits (synchronized, Object.wait), by class and call site (sampled, the share of all"
                + " thread time), blamed on the thread that held the monitor (JFR's, above its threshold)");
        if (monitors.isEmpty()) {
            out.println("  none sampled");
        }
        long total = p.total(Metric.OMP_WORK) + p.total(Metric.OMP_WAIT);
        for (MonitorBlame.Monitor m : monitors) {
            out.printf("  %s %s at %s: %s waited (%s), %d samples in %d recorded waits%n", m.how.phrase(),
                    m.monitorClass, m.site, ms(m.waitNanos), percent(m.waitNanos, total), m.samples, m.recordedWaits);
            int n = 0;
            long rest = 0;
            for (Map.Entry<String, Long> h : m.holders.entrySet()) {
                if (n++ < TOP_HOLDERS) {
                    out.printf("    %12s  %s %s%n", ms(h.getValue()), m.how.blame(), h.getKey());
                } else {
                    rest += h.getValue();
                }
            }
            if (n > TOP_HOLDERS) {
                out.printf("    %12s  %s %d more%n", ms(rest), m.how.blame(), n - TOP_HOLDERS);
            }
        }
        out.println();
    }

    /** How the waits were seen: traced ones are counted as waits, state-sampled ones only as samples. */
    private static String howSeen(LockBlame.Mutex m) {
        String traced = m.waits > 0 ? " in " + m.waits + " waits" : "";
        String sampled = m.stateSamples > 0 ? " seen by " + m.stateSamples + " state samples" : "";
        return traced.isEmpty() ? "," + sampled : sampled.isEmpty() ? traced : traced + " and" + sampled;
    }

    private void idle(Map<String, Long> blame) {
        out.println("Idle time of pool threads, blamed on the outermost regions running meanwhile");
        if (blame.isEmpty()) {
            out.println("  none");
        }
        blame.forEach((site, nanos) -> out.printf("  %12s  %s%n", ms(nanos), site));
        out.println();
    }

    private void functions(List<FunctionMetrics.Function> functions) {
        out.println("Functions by exclusive time (artificial <OMP-...> functions hold the waits)");
        out.printf("  %12s %12s %12s %12s  %s%n", "self work", "self wait", "total work", "total wait", "function");
        for (FunctionMetrics.Function f : functions.subList(0, Math.min(TOP_FUNCTIONS, functions.size()))) {
            out.printf("  %12s %12s %12s %12s  %s%n", ms(f.selfWorkNanos), ms(f.selfWaitNanos), ms(f.totalWorkNanos),
                    ms(f.totalWaitNanos), f.frame.name());
        }
    }

    private static String kind(OmpState wait) {
        switch (wait) {
            case WAIT_CRITICAL:
                return "critical";
            case WAIT_ATOMIC:
                return "atomic";
            case WAIT_ORDERED:
                return "ordered";
            default:
                return "lock";
        }
    }

    private static String interval(long nanos) {
        return nanos < 1_000_000 ? String.format(Locale.ROOT, "%d us", nanos / 1000) : ms(nanos);
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
