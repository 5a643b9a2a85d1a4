package io.github.ompt4j.agent.invariants;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link Invariant#TASK_ONCE}: each explicit task's life, from {@code task_begin} (announced) to the task
 * switch that starts it (status {@code switch}) and its {@code task_end}; or, for a task withdrawn before
 * it started (the README's fork/join table), its {@code task_end} followed on that thread by a switch from
 * it with status {@code cancel}. A task is started or withdrawn, never both.
 */
final class TaskOnceCheck implements Check {
    /** What happened to one task; only the first event that named it is kept, for the report. */
    private static final class Task {
        final TraceEvent first;
        boolean announced;
        boolean started;
        boolean ended;
        boolean withdrawn;

        Task(TraceEvent first) {
            this.first = first;
        }
    }

    private final Reporter reporter;
    private final Map<Long, Task> tasks = new HashMap<>();
    /** Per thread, a task it ended without starting: its next event must withdraw it. */
    private final Map<Long, TraceEvent> endedUnstarted = new HashMap<>();

    TaskOnceCheck(Reporter reporter) {
        this.reporter = reporter;
    }

    @Override
    public void event(TraceEvent e) {
        TraceEvent unstarted = endedUnstarted.remove(e.thread);
        if (unstarted != null && !withdraws(e, unstarted)) {
            reporter.report(unstarted, "ends a task that never started, and does not withdraw it");
        }
        switch (e.name) {
            case "task_begin" -> announce(e);
            case "task_switch" -> {
                if (e.text("prior_task_status").startsWith("ompt_task_switch=")) {
                    start(e);
                }
            }
            case "task_end" -> end(e);
            default -> {
            }
        }
    }

    private void announce(TraceEvent e) {
        Task task = task(e.id("new_task_id"), e);
        if (task.announced) {
            reporter.report(e, "announced again (first: " + task.first.line + ")");
        } else if (task.started || task.ended) {
            reporter.report(e, "announced after it started (" + task.first.line + ")");
        }
        task.announced = true;
    }

    private void start(TraceEvent e) {
        Task task = task(e.id("second_task_id"), e);
        if (task.started) {
            reporter.report(e, "starts again");
        } else if (task.withdrawn) {
            reporter.report(e, "starts after it was withdrawn");
        } else if (!task.announced) {
            reporter.report(e, "starts a task never announced");
        }
        task.started = true;
    }

    private void end(TraceEvent e) {
        Task task = task(e.id("task_id"), e);
        if (task.ended) {
            reporter.report(e, "ends again");
        } else if (!task.started && !task.announced) {
            reporter.report(e, "ends a task never announced");
        } else if (!task.started) {
            endedUnstarted.put(e.thread, e);
        }
        task.ended = true;
    }

    /** {@code e} is the switch from the task that {@code end} ended, with status {@code cancel}. */
    private boolean withdraws(TraceEvent e, TraceEvent end) {
        if (!e.name.equals("task_switch") || !e.text("prior_task_status").startsWith("ompt_task_cancel=")
                || e.id("first_task_id") != end.id("task_id")) {
            return false;
        }
        tasks.get(end.id("task_id")).withdrawn = true;
        return true;
    }

    private Task task(long id, TraceEvent e) {
        return tasks.computeIfAbsent(id, k -> new Task(e));
    }

    @Override
    public void finish() {
        for (TraceEvent unstarted : endedUnstarted.values()) {
            reporter.report(unstarted, "ends a task that never started, and does not withdraw it");
        }
        for (Task task : tasks.values()) {
            if (!task.started && !task.ended) {
                reporter.report(task.first, "announced, never started or ended");
            } else if (!task.ended) {
                reporter.report(task.first, "started, never ended");
            }
        }
    }
}
