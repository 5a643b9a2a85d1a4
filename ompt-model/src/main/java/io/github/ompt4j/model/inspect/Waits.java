package io.github.ompt4j.model.inspect;

import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.inspect.Snapshot.WaitView;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Who waits for whom, each wait in plain words. A thread the runtime knows waits as its state and wait ID
 * say: at its team's barrier for the members that have not arrived; in a join for the thread that runs the
 * awaited task (or its subtasks); in a taskwait or taskgroup for the threads running its children; for a
 * mutex, for its holder. The holder is read from the lock where the JVM can (a monitor's owner, a JDK lock's
 * exclusive owner), else asked of the runtime ({@link OmptThreads#holderOf}, the directive library's locks).
 * Any other thread the JVM sees blocked on a monitor or a JDK lock waits for that lock's owner: monitors
 * are not woven, and a thread may wait for a lock the runtime never saw taken.
 */
final class Waits {
    /** A thread's wait: the view, and the short phrase a deadlock's text uses for it. */
    record Wait(WaitView view, String phrase) {
    }

    private final Map<Long, Wait> byWaiter = new LinkedHashMap<>();
    private final Map<Long, String> labels = new LinkedHashMap<>();
    private final Map<Long, ThreadReading> readings = new LinkedHashMap<>();
    private final JvmThreads jvm;
    /** How many threads wait at each barrier wait ID. */
    private final Map<Long, Integer> atBarrier = new HashMap<>();
    private final Map<OmptParallel, List<ThreadReading>> members = new HashMap<>();
    /** How many threads a wait's text names before it says how many more there are. */
    private static final int NAMED = 8;

    private Waits(List<ThreadReading> readings, JvmThreads jvm) {
        this.jvm = jvm;
        for (ThreadReading r : readings) {
            this.readings.put(r.javaId, r);
            labels.put(r.javaId, "\"" + r.name() + "\" (thread " + r.thread.id() + ")");
            if (r.isBarrierWait()) {
                atBarrier.merge(r.waitId, 1, Integer::sum);
            }
        }
        for (ThreadInfo info : jvm.all()) {
            labels.putIfAbsent(info.getThreadId(), "\"" + info.getThreadName() + "\" (java thread " + info.getThreadId()
                    + ", unknown to the runtime)");
        }
    }

    static Waits of(List<ThreadReading> readings, JvmThreads jvm) {
        Waits w = new Waits(readings, jvm);
        for (ThreadReading r : readings) {
            if (r.state.isWait()) {
                w.modelWait(r);
            }
        }
        for (ThreadInfo info : jvm.all()) {
            if (!w.byWaiter.containsKey(info.getThreadId())) {
                w.jvmWait(info);
            }
        }
        return w;
    }

    private void modelWait(ThreadReading r) {
        if (r.state.isMutexWait()) {
            mutexWait(r);
        } else if (r.isBarrierWait()) {
            barrierWait(r);
        } else if (r.state == OmptState.WAIT_TASKWAIT || r.state == OmptState.WAIT_TASKGROUP) {
            taskWait(r);
        }
    }

    private void mutexWait(ThreadReading r) {
        String kind = r.state == OmptState.WAIT_LOCK ? "lock" : r.state.ompName().substring("ompt_state_wait_".length());
        ThreadInfo info = jvm.of(r.javaId);
        long owner = info == null ? -1 : JvmThreads.owner(info);
        String site = null;
        if (owner < 0) {
            OmptThread holder = OmptThreads.holderOf(r.waitId, r.thread);
            Thread java = holder == null ? null : holder.javaThread();
            owner = java == null ? -1 : javaId(java);
        }
        ThreadReading holder = readings.get(owner);
        if (holder != null) {
            site = holder.thread.heldCallSite(r.waitId);
        }
        Object blocker = r.virtualBlocker;
        String lock = info != null ? info.getLockName() : blocker == null ? null
                : blocker.getClass().getName() + '@' + Integer.toHexString(System.identityHashCode(blocker));
        String what = kind + " (wait ID " + r.waitId + (lock == null ? "" : ", " + lock) + ")";
        String text = label(r.javaId) + " waits for " + what + (owner < 0 ? ", whose holder neither the runtime nor"
                + " the JVM can name" : ", held by " + label(owner) + (site == null ? "" : ", taken at " + site));
        add(r.javaId, kind, r.waitId, lock, owner < 0 ? new long[0] : new long[] {owner}, text, "for " + what);
    }

    private void barrierWait(ThreadReading r) {
        OmptParallel region = r.region();
        if (region != null && region.id() == r.waitId) {
            teamBarrierWait(r, region);
            return;
        }
        int others = atBarrier.getOrDefault(r.waitId, 1) - 1;
        add(r.javaId, "barrier", r.waitId, null, new long[0], label(r.javaId) + " waits at barrier (wait ID " + r.waitId
                + ") with " + others + " other thread(s); the runtime does not know which threads the barrier still"
                + " expects", "at barrier " + r.waitId);
    }

    private void teamBarrierWait(ThreadReading r, OmptParallel region) {
        List<Long> waitsFor = new ArrayList<>();
        List<String> arrived = new ArrayList<>();
        List<String> notArrived = new ArrayList<>();
        List<ThreadReading> members = members(region);
        for (ThreadReading member : members) {
            String who = member.threadNumIn(region) + " " + label(member.javaId);
            if (member.atBarrierOf(region)) {
                arrived.add(who);
            } else {
                notArrived.add(who + " (" + member.state.ompName() + ")");
                waitsFor.add(member.javaId);
            }
        }
        int unseen = Math.max(0, region.teamSize() - members.size());
        String site = Inspection.callSite(region);
        String text = label(r.javaId) + ", thread number " + r.threadNum() + ", waits at the barrier of region "
                + region.id() + (site == null ? "" : " (" + site + ")") + " of " + region.teamSize()
                + " threads; arrived: " + some(arrived) + "; not arrived: "
                + (notArrived.isEmpty() && unseen == 0 ? "none" : some(notArrived))
                + (unseen == 0 ? "" : (notArrived.isEmpty() ? "" : ", and ") + unseen
                        + " thread number(s) no thread runs now");
        add(r.javaId, "barrier", r.waitId, null, Inspection.longs(waitsFor), text, "at the barrier of region "
                + region.id());
    }

    /** The threads running a task of {@code region}, found once per region. */
    private List<ThreadReading> members(OmptParallel region) {
        return members.computeIfAbsent(region, p -> {
            List<ThreadReading> found = new ArrayList<>();
            for (ThreadReading r : readings.values()) {
                if (r.threadNumIn(p) >= 0) {
                    found.add(r);
                }
            }
            return found;
        });
    }

    /** The first few of {@code names}, and how many more: a wait's text stays short in a team of thousands. */
    private static String some(List<String> names) {
        return names.size() <= NAMED ? String.join(", ", names)
                : String.join(", ", names.subList(0, NAMED)) + " and " + (names.size() - NAMED) + " more";
    }

    private void taskWait(ThreadReading r) {
        boolean children = r.current() != null && r.current().id() == r.waitId;
        List<Long> waitsFor = new ArrayList<>();
        List<String> runners = new ArrayList<>();
        for (ThreadReading other : readings.values()) {
            if (other != r && r.waitId != 0 && other.runsTaskOrDescendantOf(r.waitId)) {
                waitsFor.add(other.javaId);
                runners.add(label(other.javaId) + (other.runs(r.waitId) ? "" : " (a subtask)"));
            }
        }
        String kind = r.state == OmptState.WAIT_TASKGROUP ? "taskgroup" : "taskwait";
        String what = r.waitId == 0 ? "a task the runtime does not know (created before tracking began)"
                : children ? "the " + (kind.equals("taskgroup") ? "tasks of the group of" : "child tasks of") + " task "
                        + r.waitId : "task " + r.waitId;
        String text = label(r.javaId) + " waits for " + what + (runners.isEmpty()
                ? r.waitId == 0 ? "" : "; no thread runs " + (children ? "them" : "it") + " now (queued, or not started)"
                : ", run by " + String.join(", ", runners));
        add(r.javaId, kind, r.waitId, null, Inspection.longs(waitsFor), text, "for " + what);
    }

    private void jvmWait(ThreadInfo info) {
        long owner = JvmThreads.owner(info);
        if (owner < 0) {
            return;
        }
        boolean monitor = info.getThreadState() == Thread.State.BLOCKED;
        String site = monitor ? jvm.monitorSite(info) : null;
        String what = (monitor ? "monitor " : "lock ") + info.getLockName();
        add(info.getThreadId(), monitor ? "monitor" : "lock", 0, info.getLockName(), new long[] {owner},
                label(info.getThreadId()) + " is blocked on " + what + ", held by " + label(owner)
                        + (site == null ? "" : ", taken at " + site), "for " + what);
    }

    private void add(long waiter, String kind, long waitId, String lock, long[] waitsFor, String text, String phrase) {
        byWaiter.put(waiter, new Wait(new WaitView(waiter, kind.toLowerCase(Locale.ROOT), waitId, lock, waitsFor, text),
                phrase));
    }

    String label(long javaId) {
        String label = labels.get(javaId);
        return label != null ? label : "java thread " + javaId;
    }

    Map<Long, Wait> byWaiter() {
        return byWaiter;
    }

    List<WaitView> views() {
        List<WaitView> views = new ArrayList<>();
        for (Wait w : byWaiter.values()) {
            views.add(w.view());
        }
        return views;
    }

    /** Threads in some wait, as waiter or awaited, that the runtime does not know: the JVM's view of them. */
    List<ThreadInfo> jvmOnlyThreads() {
        Map<Long, ThreadInfo> found = new LinkedHashMap<>();
        for (Wait w : byWaiter.values()) {
            addUnknown(found, w.view().waiter());
            for (long t : w.view().waitsFor()) {
                addUnknown(found, t);
            }
        }
        return new ArrayList<>(found.values());
    }

    private void addUnknown(Map<Long, ThreadInfo> found, long javaId) {
        ThreadInfo info = jvm.of(javaId);
        if (!readings.containsKey(javaId) && info != null) {
            found.putIfAbsent(javaId, info);
        }
    }

    @SuppressWarnings("deprecation") // Thread.getId: threadId() is JDK 19+, and this runs on 17
    private static long javaId(Thread t) {
        return t.getId();
    }
}
