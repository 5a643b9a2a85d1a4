package io.github.ompt4j.agent.it;

import static io.github.ompt4j.agent.it.Trace.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** LLVM's {@code ompt/worksharing/} tests, for the directive library under the agent. */
class WorksharingConformanceIT {
    private static final Pattern DISPATCH = Pattern.compile(
            "^(\\d+): ompt_event_dispatch: parallel_id=(" + ID + "), task_id=(" + ID + "), wstype=(\\w+), first=(\\d+), count=(\\d+)$");

    /** Loops of {@code 0..n-1} with a schedule, each iteration printing itself. */
    public static final class Loop {
        public static void main(String[] args) {
            int n = Integer.parseInt(args[1]);
            int chunk = args.length > 2 ? Integer.parseInt(args[2]) : 0;
            Schedule schedule;
            switch (args[0]) {
                case "static":
                    schedule = chunk == 0 ? Schedule.staticSchedule() : Schedule.staticChunked(chunk);
                    break;
                case "dynamic":
                    schedule = Schedule.dynamic(chunk);
                    break;
                case "guided":
                    schedule = Schedule.guided(chunk);
                    break;
                case "auto":
                    schedule = Schedule.auto();
                    break;
                default:
                    schedule = Schedule.runtime();
                    break;
            }
            Omp.parallel(2, () -> {
                Omp.forLoop(0, n, schedule, i -> Probe.say("iteration " + i));
                Probe.say("after the loop");
            });
        }
    }

    /**
     * The loop of a one-loop program, as LLVM's {@code worksharing/for/*.c} check it: every member
     * begins and ends the loop with {@code wstype} and the trip count, in its implicit task, at one call
     * site, then enters the loop's barrier; its dispatches fall between, name its task and {@code wstype};
     * the chunks cover every iteration exactly once; each iteration runs on the member that took its
     * chunk, after the dispatch. Returns the chunks as [first, count] in order of {@code first}.
     */
    static List<long[]> assertLoop(Trace trace, String wstype, int n) {
        String p = SynchronizationConformanceIT.region(trace);
        List<String> team = SynchronizationConformanceIT.team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        String ra = null;
        long[] owner = new long[n];
        List<long[]> chunks = new ArrayList<>();
        for (String w : team) {
            String t = SynchronizationConformanceIT.implicitTask(trace, w, p);
            FileCheck loop = new FileCheck().define("W", w).define("P", p).define("T", t)
                    .check("[[W]]: ompt_event_worksharing_begin: wstype=" + wstype + ", parallel_id=[[P]], task_id=[[T]],"
                            + " count=" + n + ", codeptr_ra=[[RA:" + ID + "]]")
                    .check("[[W]]: ompt_event_worksharing_end: wstype=" + wstype + ", parallel_id=[[P]], task_id=[[T]],"
                            + " count=" + n + ", codeptr_ra=[[RA]]")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                    .match(trace.thread(w));
            if (ra != null) {
                assertEquals(ra, loop.get("RA"), "one loop, one call site");
            }
            ra = loop.get("RA");
            boolean inLoop = false;
            long from = -1;
            long to = -1;
            for (String line : trace.thread(w)) {
                Matcher d = DISPATCH.matcher(line);
                if (line.contains("ompt_event_worksharing_begin")) {
                    inLoop = true;
                } else if (line.contains("ompt_event_worksharing_end")) {
                    inLoop = false;
                } else if (d.matches()) {
                    assertTrue(inLoop, "dispatch outside the loop: " + line + "\n" + trace);
                    assertEquals(List.of(p, t, wstype), List.of(d.group(2), d.group(3), d.group(4)), line);
                    from = Long.parseLong(d.group(5));
                    to = from + Long.parseLong(d.group(6));
                    assertTrue(from >= 0 && to <= n && from < to, "chunk out of range: " + line);
                    chunks.add(new long[] {from, to - from});
                    for (long i = from; i < to; i++) {
                        assertEquals(0, owner[(int) i], "iteration " + i + " dispatched twice:\n" + trace);
                        owner[(int) i] = Long.parseLong(w);
                    }
                } else if (line.startsWith(w + ": iteration ")) {
                    long i = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
                    assertTrue(inLoop && i >= from && i < to, "iteration " + i + " ran outside the chunk " + w
                            + " took last:\n" + trace);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            assertTrue(owner[i] != 0, "iteration " + i + " never dispatched:\n" + trace);
        }
        assertEquals(n, trace.count(": iteration "), trace.toString());
        trace.assertBarrierOrder(p, "barrier_implicit_workshare", 2);
        chunks.sort((a, b) -> Long.compare(a[0], b[0]));
        return chunks;
    }

    /** {@code worksharing/for/static.c}: one block per member, in member order. */
    @Test
    void staticSchedule() throws Exception {
        Trace trace = Trace.of(Loop.class, "static", "10");
        List<long[]> chunks = assertLoop(trace, "ompt_worksharing_loop_static", 10);
        assertEquals(2, chunks.size(), "one block per member");
        assertEquals(List.of(5L, 5L), List.of(chunks.get(0)[1], chunks.get(1)[1]), "blocks as even as possible");
        new FileCheck().check("1: ompt_event_dispatch: {{.*}}first=0, count=5").match(trace.lines());
    }

    /** {@code schedule(static, 2)}: round-robin chunks of two. */
    @Test
    void staticChunked() throws Exception {
        Trace trace = Trace.of(Loop.class, "static", "9", "2");
        List<long[]> chunks = assertLoop(trace, "ompt_worksharing_loop_static", 9);
        assertEquals(5, chunks.size(), trace.toString());
        for (int k = 0; k < chunks.size(); k++) {
            assertEquals(k * 2L, chunks.get(k)[0]);
            String taker = trace.threadAt(trace.first("ompt_event_dispatch", "first=" + (k * 2) + ","));
            String first = trace.threadAt(trace.first("ompt_event_dispatch", "first=" + (k % 2 * 2) + ","));
            assertEquals(first, taker, "chunk " + k + " goes to member k mod 2:\n" + trace);
        }
    }

    /** {@code worksharing/for/dynamic.c}. */
    @Test
    void dynamicSchedule() throws Exception {
        Trace trace = Trace.of(Loop.class, "dynamic", "10", "3");
        List<long[]> chunks = assertLoop(trace, "ompt_worksharing_loop_dynamic", 10);
        assertEquals(List.of(3L, 3L, 3L, 1L), chunks.stream().map(c -> c[1]).toList(), "chunks of 3, the last shorter");
    }

    /** {@code worksharing/for/guided.c}: chunks shrink, never below the minimum but for the last. */
    @Test
    void guidedSchedule() throws Exception {
        Trace trace = Trace.of(Loop.class, "guided", "20", "2");
        List<long[]> chunks = assertLoop(trace, "ompt_worksharing_loop_guided", 20);
        for (int k = 1; k < chunks.size(); k++) {
            assertTrue(chunks.get(k)[1] <= chunks.get(k - 1)[1], "guided chunks do not grow:\n" + trace);
            assertTrue(chunks.get(k)[1] >= 2 || k == chunks.size() - 1, "at least the minimum chunk:\n" + trace);
        }
        assertEquals(10, chunks.get(0)[1], "the first chunk is remaining / team size");
    }

    /** {@code worksharing/for/auto.c}: this runtime runs auto as the blocked static schedule, and says so. */
    @Test
    void autoSchedule() throws Exception {
        Trace trace = Trace.of(Loop.class, "auto", "6");
        assertEquals(2, assertLoop(trace, "ompt_worksharing_loop_static", 6).size(), trace.toString());
    }

    /** {@code worksharing/for/runtime.c}: {@code schedule(runtime)} reports the schedule of OMP_SCHEDULE. */
    @Test
    void runtimeSchedule() throws Exception {
        Trace trace = Trace.of(Map.of("OMP_SCHEDULE", "dynamic,2"), Loop.class, "runtime", "7");
        List<long[]> chunks = assertLoop(trace, "ompt_worksharing_loop_dynamic", 7);
        assertEquals(List.of(2L, 2L, 2L, 1L), chunks.stream().map(c -> c[1]).toList(), trace.toString());
    }

    /** A combined {@code parallel for}: the library runs the loop on every member for the program's one call. */
    public static final class CombinedLoop {
        public static void main(String[] args) {
            Omp.parallelFor(0, Integer.parseInt(args[0]), i -> Probe.say("iteration " + i));
        }
    }

    /**
     * Every member's loop of a combined construct names the program's call, the region's call site (the worker
     * reported none, after walking a stack that holds only the library's frames and the pool's).
     */
    @Test
    void aCombinedLoopNamesTheProgramsCallOnEveryMember() throws Exception {
        Trace trace = Trace.of(Map.of("OMP_NUM_THREADS", "2"), CombinedLoop.class, "10");
        FileCheck begin = new FileCheck()
                .check("ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]], {{.*}}codeptr_ra=[[RA:" + ID + "]],")
                .match(trace.lines());
        String p = begin.get("P");
        String ra = begin.get("RA");
        assertTrue(trace.first("legend: codeptr_ra=" + ra + " " + CombinedLoop.class.getName()
                + ".main(WorksharingConformanceIT.java:") >= 0, "the region's call site is the program's:\n" + trace);
        List<String> team = SynchronizationConformanceIT.team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        for (String w : team) {
            new FileCheck().define("W", w).define("P", p).define("RA", ra)
                    .check("[[W]]: ompt_event_worksharing_begin: wstype=ompt_worksharing_loop_static, parallel_id=[[P]],"
                            + " {{.*}}count=10, codeptr_ra=[[RA]]")
                    .check("[[W]]: ompt_event_worksharing_end: wstype=ompt_worksharing_loop_static, parallel_id=[[P]],"
                            + " {{.*}}count=10, codeptr_ra=[[RA]]")
                    .match(trace.thread(w));
        }
        assertEquals(10, trace.count(": iteration "), trace.toString());
    }

    /** {@code worksharing/sections.c}. */
    public static final class Sections {
        public static void main(String[] args) {
            Omp.parallel(2, () -> Omp.sections(
                    () -> Probe.say("section 0"),
                    () -> Probe.say("section 1"),
                    () -> Probe.say("section 2")));
        }
    }

    @Test
    void sections() throws Exception {
        Trace trace = Trace.of(Sections.class);
        String p = SynchronizationConformanceIT.region(trace);
        List<String> team = SynchronizationConformanceIT.team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        boolean[] ran = new boolean[3];
        for (String w : team) {
            String t = SynchronizationConformanceIT.implicitTask(trace, w, p);
            new FileCheck().define("W", w).define("P", p).define("T", t)
                    .check("[[W]]: ompt_event_worksharing_begin: wstype=ompt_worksharing_sections, parallel_id=[[P]],"
                            + " task_id=[[T]], count=3, codeptr_ra=[[RA:" + ID + "]]")
                    .not("ompt_event_worksharing_begin")
                    .check("[[W]]: ompt_event_worksharing_end: wstype=ompt_worksharing_sections, parallel_id=[[P]],"
                            + " task_id=[[T]], count=3, codeptr_ra=[[RA]]")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                    .match(trace.thread(w));
            List<String> lines = trace.thread(w);
            for (int i = 0; i < lines.size(); i++) {
                Matcher d = DISPATCH.matcher(lines.get(i));
                if (d.matches()) {
                    assertEquals(List.of(p, t, "ompt_worksharing_sections", "1"),
                            List.of(d.group(2), d.group(3), d.group(4), d.group(6)), lines.get(i));
                    int s = Integer.parseInt(d.group(5));
                    assertTrue(!ran[s], "section " + s + " dispatched twice:\n" + trace);
                    ran[s] = true;
                    assertEquals(w + ": section " + s, lines.get(i + 1), "the section runs where it was dispatched");
                }
            }
        }
        assertEquals(List.of(true, true, true), List.of(ran[0], ran[1], ran[2]), trace.toString());
        assertEquals(3, trace.count(": section "), trace.toString());
        trace.assertBarrierOrder(p, "barrier_implicit_workshare", 2);
    }

    /** {@code worksharing/single.c}: one executor, the others pass; then the barrier. */
    public static final class Single {
        public static void main(String[] args) {
            Omp.parallel(2, () -> {
                Omp.single(() -> Probe.say("the single block"));
                Omp.single(() -> Probe.say("the second single block"));
            });
        }
    }

    @Test
    void single() throws Exception {
        Trace trace = Trace.of(Single.class);
        String p = SynchronizationConformanceIT.region(trace);
        List<String> team = SynchronizationConformanceIT.team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        for (String block : List.of("the single block", "the second single block")) {
            assertEquals(1, trace.count(": " + block), trace.toString());
        }
        assertEquals(2, trace.count("wstype=ompt_worksharing_single,", "worksharing_begin"), "one executor per single");
        assertEquals(2, trace.count("wstype=ompt_worksharing_single_other,", "worksharing_begin"), "one other per single");
        for (String w : team) {
            String t = SynchronizationConformanceIT.implicitTask(trace, w, p);
            List<String> lines = trace.thread(w);
            for (int i = 0; i < lines.size(); i++) {
                if (!lines.get(i).contains("ompt_event_worksharing_begin")) {
                    continue;
                }
                boolean executor = lines.get(i).contains("wstype=ompt_worksharing_single,");
                FileCheck single = new FileCheck().define("W", w).define("P", p).define("T", t)
                        .check("[[W]]: ompt_event_worksharing_begin: wstype=[[TYPE:ompt_worksharing_single(_other)?]],"
                                + " parallel_id=[[P]], task_id=[[T]], count=1, codeptr_ra=[[RA:" + ID + "]]");
                if (executor) {
                    single.next("[[W]]: the {{(second )?}}single block");
                }
                single.next("[[W]]: ompt_event_worksharing_end: wstype=[[TYPE]], parallel_id=[[P]], task_id=[[T]], count=1,"
                        + " codeptr_ra=[[RA]]")
                        .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                                + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                        .match(lines.subList(i, lines.size()));
            }
        }
    }
}
