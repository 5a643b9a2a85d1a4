package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.OmpNestLock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Sun Collector API under the real agent, used as a collector written from the white paper uses it
 * ({@link PaperCollector}): START as the first thing in {@code main}, without an OMPT tool; barrier
 * events on every member; wait events only for waits; and a START that comes too late.
 */
class CollectorIT {
    /** The agent with its defaults: no tool. */
    private static final String NO_TOOL = "";

    /**
     * The programs coordinate their threads with {@code CyclicBarrier}s, which the {@code barriers} adapter
     * would report as explicit barriers too, so only the directive library is woven.
     */
    private static AgentRun run(String options, Class<?> program) throws Exception {
        AgentRun run = AgentRun.run(options.isEmpty() ? "adapters=directives" : options + ",adapters=directives",
                Map.of(), program);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("ompt4j [warn]"), "the agent warned:\n" + run);
        return run;
    }

    /** The program's lines that start with {@code prefix}. */
    private static List<String> lines(AgentRun run, String prefix) {
        return run.out.stream().filter(l -> l.startsWith(prefix)).collect(Collectors.toList());
    }

    /** START, then a region whose members ask STATE and CURRENT_PRID. */
    public static final class StartFirst {
        public static void main(String[] args) {
            System.out.println("START ec=" + PaperCollector.start());
            Omp.parallel(2, () -> {
                String answer = PaperCollector.state() + " prid=" + PaperCollector.currentPrid();
                System.out.println("member " + Omp.threadNum() + ": " + answer);
            });
            System.out.println("after: " + PaperCollector.state() + " prid=" + PaperCollector.currentPrid());
        }
    }

    @Test
    void startFirstThingInMainTracksWithoutAnOmptTool() throws Exception {
        AgentRun run = run(NO_TOOL, StartFirst.class);
        assertEquals(List.of("START ec=0"), lines(run, "START"), run.toString());
        List<String> members = lines(run, "member ");
        assertEquals(2, members.size(), run.toString());
        Pattern inRegion = Pattern.compile("member [01]: ec=0 state=2 prid=(\\d+)");
        String region = null;
        for (String member : members) {
            Matcher m = inRegion.matcher(member);
            assertTrue(m.matches(), "THR_WORK_STATE in a region: " + member + "\n" + run);
            assertNotEquals("0", m.group(1), member);
            if (region != null) {
                assertEquals(region, m.group(1), "one region for the team:\n" + run);
            }
            region = m.group(1);
        }
        assertEquals(List.of("after: ec=0 state=6 prid=0"), lines(run, "after: "), run.toString());
    }

    /**
     * Two members. Member 0 alone takes a critical section, the atomic mutex, a lock (and tests it) and
     * a nest lock, which nobody else holds: no waits. Then member 1 takes a lock, a critical section and
     * the atomic mutex while member 0 holds them, until member 1 is seen waiting: three waits. Then an
     * explicit barrier, a loop's implicit barrier and the region's.
     */
    public static final class Events {
        public static void main(String[] args) {
            System.out.println("START ec=" + PaperCollector.start());
            PaperCollector collector = new PaperCollector();
            System.out.println("REGISTER ec=" + collector.register(5, 6, 7, 8, 9, 10, 11, 12, 21, 22));
            OmpLock alone = new OmpLock();
            OmpNestLock nest = new OmpNestLock();
            OmpLock shared = new OmpLock();
            CyclicBarrier pair = new CyclicBarrier(2);
            Thread[] members = new Thread[2];
            Omp.parallel(2, () -> {
                int me = Omp.threadNum();
                members[me] = Thread.currentThread();
                Probe.meet(pair);
                if (me == 0) {
                    Omp.critical("alone", () -> { });
                    Omp.atomic(() -> { });
                    alone.set();
                    alone.unset();
                    if (alone.test()) {
                        alone.unset();
                    }
                    nest.set();
                    nest.set();
                    nest.unset();
                    nest.unset();
                }
                Probe.meet(pair);
                if (me == 0) {
                    shared.set();
                    Probe.meet(pair);
                    awaitState(members[1], OmptState.WAIT_LOCK);
                    shared.unset();
                    Omp.critical("shared", () -> {
                        Probe.meet(pair);
                        awaitState(members[1], OmptState.WAIT_CRITICAL);
                    });
                    Omp.atomic(() -> {
                        Probe.meet(pair);
                        awaitState(members[1], OmptState.WAIT_ATOMIC);
                    });
                } else {
                    Probe.meet(pair);
                    shared.set();
                    shared.unset();
                    Probe.meet(pair);
                    Omp.critical("shared", () -> { });
                    Probe.meet(pair);
                    Omp.atomic(() -> { });
                }
                Omp.barrier();
                Omp.forLoop(0, 2, i -> { });
            });
            awaitState(members[1], OmptState.IDLE);
            for (int i = 0; i < 2; i++) {
                System.out.println("events of member " + i + ": " + collector.on(members[i]));
            }
        }

        /** Spins until {@code thread}'s OMPT state is {@code state}, as a sampler would see it, for 30 s at most. */
        private static void awaitState(Thread thread, OmptState state) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            OmptThread t = OmptThreads.of(thread);
            while ((t == null || t.state() != state) && System.nanoTime() < deadline) {
                Thread.onSpinWait();
                t = OmptThreads.of(thread);
            }
            if (t == null || t.state() != state) {
                throw new IllegalStateException(thread.getName() + " never reached " + state);
            }
        }
    }

    @Test
    void barriersReachEveryMemberAndWaitsOnlyThoseThatWaited() throws Exception {
        AgentRun run = run(NO_TOOL, Events.class);
        assertEquals(List.of("START ec=0"), lines(run, "START"), run.toString());
        assertEquals(List.of("REGISTER ec=0"), lines(run, "REGISTER"), run.toString());
        String barriers = "THR_BEGIN_EBAR THR_END_EBAR THR_BEGIN_IBAR THR_END_IBAR THR_BEGIN_IBAR THR_END_IBAR";
        String waits = "THR_BEGIN_LKWT THR_END_LKWT THR_BEGIN_CTWT THR_END_CTWT THR_BEGIN_ATWT THR_END_ATWT";
        assertEquals(List.of("events of member 0: " + barriers, "events of member 1: " + waits + " " + barriers),
                lines(run, "events of member "), run.toString());
    }

    /** A region, then START; then another region whose master asks STATE and CURRENT_PRID. */
    public static final class LateStart {
        public static void main(String[] args) {
            Omp.parallel(2, () -> { });
            System.out.println("START ec=" + PaperCollector.start());
            Omp.parallel(2, () -> {
                if (Omp.threadNum() == 0) {
                    System.out.println("member 0: " + PaperCollector.state() + " prid=" + PaperCollector.currentPrid());
                }
                Omp.critical(() -> { });
                Omp.forLoop(0, 4, i -> { });
            });
            System.out.println("done");
        }
    }

    @Test
    void aStartAfterTheLibraryRanUntrackedIsTooLate() throws Exception {
        AgentRun run = run(NO_TOOL, LateStart.class);
        assertEquals(List.of("START ec=4"), lines(run, "START"), "OMP_ERRCODE_SEQUENCE_ERR:\n" + run);
        assertEquals(List.of("member 0: ec=4 state=0 prid=-1"), lines(run, "member "), "no session:\n" + run);
        assertEquals(List.of("done"), lines(run, "done"), run.toString());
    }

    @Test
    void withAToolRegisteredAtStartUpStartIsNeverTooLate() throws Exception {
        AgentRun run = run("tool=print", LateStart.class);
        assertEquals(List.of("START ec=0"), lines(run, "START"), run.toString());
        List<String> member = lines(run, "member ");
        assertEquals(1, member.size(), run.toString());
        assertTrue(member.get(0).matches("member 0: ec=0 state=2 prid=[1-9]\\d*"), member + "\n" + run);
    }
}
