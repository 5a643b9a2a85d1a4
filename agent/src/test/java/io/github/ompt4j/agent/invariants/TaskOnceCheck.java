package io.github.ompt4j.agent.invariants;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link Invariant#TASK_ONCE}: each explicit task's life, from {@code task_begin} (announced) to the task
 * switch that starts it (status {@code switch}) and its {@code task_end}. A task cancelled before it runs
 * still has to start and end once (OpenMP reports it completing with status {@code cancel}).
 */
final class TaskOnceCheck implements Check {
    /** What happened to one task; only the first event that named it is kept, for the report. */
    private static final class Task {
        final TraceEvent first;
        boolean announced;
        boolean started;
        boolean ended;

        Task(TraceEvent first) {
            this.first = first;
        }
    }

    private final Reporter reporter;
    private final Map<Long, Task> tasks = new HashMap<>();

    TaskOnceCheck(Reporter reporter) {
        this.reporter = reporter;
    }

    @Override
    public void event(TraceEvent e) {
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
        } else if (!task.announced) {
            reporter.report(e, "starts a task never announced");
        }
        task.started = true;
    }

    private void end(TraceEvent e) {
        Task task = task(e.id("task_id"), e);
        if (task.ended) {
            reporter.report(e, "ends again");
        } else if (!task.started) {
            reporter.report(e, task.announced ? "ends a task that never started" : "ends a task never announced");
        }
        task.ended = true;
    }

    private Task task(long id, TraceEvent e) {
        return tasks.computeIfAbsent(id, k -> new Task(e));
    }

    @Override
    public void finish() {
        for (Task task : tasks.values()) {
            if (!task.started && !task.ended) {
                reporter.report(task.first, "announced, never started or ended");
            } else if (!task.ended) {
                reporter.report(task.first, "started, never ended");
            }
        }
    }
}
