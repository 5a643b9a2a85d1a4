package io.github.ompt4j.model.inspect;

import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.inspect.Snapshot.MemberView;
import io.github.ompt4j.model.inspect.Snapshot.RegionView;
import io.github.ompt4j.model.inspect.Snapshot.TaskView;
import io.github.ompt4j.model.inspect.Snapshot.ThreadView;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Takes a {@link Snapshot} of the runtime from the calling thread (the JMX connection's, never a program
 * thread): reads every known thread's published state and task stack ({@link ThreadReading}), the JVM's
 * lock owners ({@link JvmThreads}), and derives regions, tasks, waits ({@link Waits}) and deadlocks
 * ({@link Cycles}) from them. It takes no lock the program may hold: the reads are of fields the owners
 * publish, the JVM's lock owners come without stopping the world, and the only locks taken are the runtime's
 * own short ones (a region's participant list, the call-site table), never held across a wait.
 */
public final class Inspection {
    private Inspection() {
    }

    public static Snapshot take() {
        long began = System.nanoTime();
        long takenAt = System.currentTimeMillis();
        JvmThreads jvm = JvmThreads.read();
        List<ThreadReading> readings = new ArrayList<>();
        for (OmptThread t : OmptThreads.live()) {
            readings.add(new ThreadReading(t, t.javaThread()));
        }
        readings.sort((a, b) -> Long.compare(a.thread.id(), b.thread.id()));
        long now = System.nanoTime();
        Map<Long, OmptParallel> regions = new LinkedHashMap<>();
        Map<Long, TaskView> tasks = new LinkedHashMap<>();
        for (ThreadReading r : readings) {
            for (int i = 0; i < r.depth; i++) {
                OmptTask task = r.tasks[i];
                tasks.put(task.id(), taskView(task, r.thread.id(), r.javaId, i == r.depth - 1));
                for (OmptParallel p = task.parallel(); p != null; p = p.enclosing()) {
                    regions.putIfAbsent(p.id(), p);
                }
                for (OmptTask parent = task.parent(); parent != null; parent = parent.parent()) {
                    tasks.putIfAbsent(parent.id(), taskView(parent, 0, 0, false));
                }
            }
        }
        Waits waits = Waits.of(readings, jvm);
        List<ThreadView> threads = new ArrayList<>();
        for (ThreadReading r : readings) {
            threads.add(threadView(r, jvm.of(r.javaId), now));
        }
        for (ThreadInfo info : waits.jvmOnlyThreads()) {
            threads.add(new ThreadView(0, info.getThreadId(), info.getThreadName(), "unknown", "unknown", 0, -1,
                    info.getThreadState().name(), 0, 0, new long[0], new long[0], false));
        }
        List<RegionView> regionViews = new ArrayList<>();
        for (OmptParallel p : regions.values()) {
            regionViews.add(regionView(p, readings));
        }
        return new Snapshot(takenAt, (System.nanoTime() - began) / 1000, OmptDispatch.tracking(), threads,
                regionViews, new ArrayList<>(tasks.values()), waits.views(), Cycles.find(waits));
    }

    private static ThreadView threadView(ThreadReading r, ThreadInfo jvm, long now) {
        OmptTask current = r.current();
        List<Long> taskChain = new ArrayList<>();
        for (OmptTask t = current; t != null; t = t.parent()) {
            taskChain.add(t.id());
        }
        List<Long> regionChain = new ArrayList<>();
        for (OmptParallel p = r.region(); p != null; p = p.enclosing()) {
            regionChain.add(p.id());
        }
        String javaState = jvm != null ? jvm.getThreadState().name() : r.virtual ? r.virtualState.name() : null;
        return new ThreadView(r.thread.id(), r.javaId, r.name(), r.thread.type().ompName(), r.state.ompName(),
                r.state.isWait() ? r.waitId : 0, r.inStateMillis(now), javaState, current == null ? 0 : current.id(),
                r.threadNum(), longs(taskChain), longs(regionChain), r.virtual);
    }

    private static TaskView taskView(OmptTask task, long thread, long javaId, boolean current) {
        return new TaskView(task.id(), task.type().ompName(), task.parent() == null ? 0 : task.parent().id(),
                task.parallelId(), thread, javaId, current);
    }

    /** The threads running a task of {@code p} (the outermost one, with its thread number), sorted by thread number. */
    private static RegionView regionView(OmptParallel p, List<ThreadReading> readings) {
        List<MemberView> members = new ArrayList<>();
        for (ThreadReading r : readings) {
            int threadNum = r.threadNumIn(p);
            if (threadNum >= 0) {
                members.add(new MemberView(threadNum, r.thread.id(), r.javaId, r.name(), r.state.ompName(),
                        r.atBarrierOf(p)));
            }
        }
        members.sort((a, b) -> Integer.compare(a.threadNum(), b.threadNum()));
        OmptParallel enclosing = p.enclosing();
        return new RegionView(p.id(), callSite(p), p.requestedTeamSize(), p.teamSize(),
                enclosing == null ? 0 : enclosing.id(), p.encounteringTask() == null ? 0 : p.encounteringTask().id(),
                p.participants(), members, Math.max(0, p.teamSize() - members.size()));
    }

    /** Where the program started {@code p}: the call woven code marked, else its call-site token's place. */
    static String callSite(OmptParallel p) {
        long marked = p.markedCallSite();
        return CallSites.describe(marked != 0 ? marked : p.codeptr());
    }

    static long[] longs(List<Long> values) {
        long[] a = new long[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }
}
