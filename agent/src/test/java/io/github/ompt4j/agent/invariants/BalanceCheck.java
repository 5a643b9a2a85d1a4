package io.github.ompt4j.agent.invariants;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link Invariant#BALANCE}: each thread's spans, as a stack. A {@code _begin} of a span kind opens one
 * keyed by the IDs it names (task, sync kind, worksharing type, thread); its {@code _end} must close the
 * innermost open span; a task switch with status {@code switch} opens the task it switches to and any
 * other status closes the task it switches from, but for a task withdrawn before it started (a switch from
 * it with status {@code cancel} that opened nothing). At the end of the trace, a thread blocked in a wait or
 * idle is left alone (the JVM exits with such threads alive); any other may be in its thread and initial
 * task only. Regions and task creation are not spans of one thread
 * (other checks watch them), nor are mutex waits, which a timed acquisition leaves without an event.
 */
final class BalanceCheck implements Check {
    private static final Set<String> SPANS = Set.of("thread", "initial_task", "implicit_task", "idle", "master",
            "worksharing", "taskwait", "wait_taskwait", "taskgroup", "wait_taskgroup", "barrier", "wait_barrier",
            "reduction");
    /** The fields that identify a span, where its kind has them. */
    private static final List<String> KEYS = List.of("task_id", "kind", "wstype", "thread_id");
    /** What a thread may still be in when the trace ends: the JVM exits with live threads. */
    private static final Set<String> OPEN_AT_EXIT = Set.of("thread", "initial_task");
    /**
     * Where a live thread may be blocked for good when the JVM exits (a pool's idle worker, a daemon in a
     * condition or barrier wait), with whatever it had open beneath.
     */
    private static final Set<String> BLOCKED = Set.of("idle", "wait_barrier", "wait_taskwait", "wait_taskgroup");
    private static final String SWITCH = "ompt_task_switch";
    /** A switch from a task that never started, with this status, withdraws it (checked as {@link Invariant#TASK_ONCE}). */
    private static final String CANCEL = "ompt_task_cancel";

    private record Span(String kind, String key, TraceEvent begin) {
    }

    private final Reporter reporter;
    private final Map<Long, Deque<Span>> threads = new HashMap<>();

    BalanceCheck(Reporter reporter) {
        this.reporter = reporter;
    }

    @Override
    public void event(TraceEvent e) {
        Deque<Span> stack = threads.computeIfAbsent(e.thread, t -> new ArrayDeque<>());
        if (e.name.equals("task_switch")) {
            String status = e.text("prior_task_status");
            if (status.startsWith(SWITCH + "=")) {
                stack.push(new Span("task", e.text("second_task_id"), e));
            } else if (!(status.startsWith(CANCEL + "=") && !isOpen(stack, "task", e.text("first_task_id")))) {
                close(stack, "task", e.text("first_task_id"), e);
            }
            return;
        }
        int underscore = e.name.lastIndexOf('_');
        String kind = e.name.substring(0, Math.max(underscore, 0));
        if (!SPANS.contains(kind)) {
            return;
        }
        String key = key(e);
        if (e.name.endsWith("_begin")) {
            if (kind.equals("thread") && !stack.isEmpty()) {
                reporter.report(e, "a thread begins again, inside " + stack.peek().begin.name);
            }
            stack.push(new Span(kind, key, e));
        } else if (e.name.endsWith("_end")) {
            if (kind.equals("thread")) {
                endThread(stack, e);
            } else {
                close(stack, kind, key, e);
            }
        }
    }

    private static String key(TraceEvent e) {
        StringBuilder key = new StringBuilder();
        for (String field : KEYS) {
            if (e.has(field)) {
                key.append(field).append('=').append(e.text(field)).append(' ');
            }
        }
        return key.toString();
    }

    private static boolean isOpen(Deque<Span> stack, String kind, String key) {
        for (Span open : stack) {
            if (open.kind.equals(kind) && open.key.equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** The end {@code e} closes the innermost open span; reported if that is another one, or none is open. */
    private void close(Deque<Span> stack, String kind, String key, TraceEvent e) {
        Span top = stack.peek();
        if (top != null && top.kind.equals(kind) && top.key.equals(key)) {
            stack.pop();
            return;
        }
        for (Iterator<Span> it = stack.iterator(); it.hasNext();) {
            Span open = it.next();
            if (open.kind.equals(kind) && open.key.equals(key)) {
                it.remove();
                reporter.report(e, "ends across a span still open inside it (" + top.begin.line + ")");
                return;
            }
        }
        reporter.report(e, "ends a span that is not open on this thread");
    }

    private void endThread(Deque<Span> stack, TraceEvent e) {
        while (stack.size() > 1) {
            reporter.report(stack.pop().begin, "still open as its thread ends (" + e.line + ")");
        }
        if (stack.isEmpty() || !stack.pop().kind.equals("thread")) {
            reporter.report(e, "a thread ends that never began");
        }
    }

    @Override
    public void finish() {
        for (Deque<Span> stack : threads.values()) {
            if (!stack.isEmpty() && BLOCKED.contains(stack.peek().kind)) {
                continue;
            }
            for (Span open : stack) {
                if (!OPEN_AT_EXIT.contains(open.kind)) {
                    reporter.report(open.begin, "never ended");
                }
            }
        }
    }
}
