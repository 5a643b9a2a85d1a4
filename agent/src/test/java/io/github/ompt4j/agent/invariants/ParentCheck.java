package io.github.ompt4j.agent.invariants;

import java.util.HashSet;
import java.util.Set;

/**
 * {@link Invariant#UNANNOUNCED_PARENT}: a task ID that a region or a task names as its parent, or that a
 * thread switches away from to start a task, was announced before by an {@code initial_task_begin},
 * {@code implicit_task_begin} or {@code task_begin}. {@code 0x0} is no task (a pool worker outside any
 * task) and needs no announcement.
 */
final class ParentCheck implements Check {
    private final Reporter reporter;
    private final Set<Long> announced = new HashSet<>();

    ParentCheck(Reporter reporter) {
        this.reporter = reporter;
    }

    @Override
    public void event(TraceEvent e) {
        switch (e.name) {
            case "initial_task_begin", "implicit_task_begin" -> announced.add(e.id("task_id"));
            case "parallel_begin" -> require(e, "parent_task_id");
            case "task_begin" -> {
                require(e, "parent_task_id");
                announced.add(e.id("new_task_id"));
            }
            case "task_switch" -> {
                if (e.text("prior_task_status").startsWith("ompt_task_switch=")) {
                    require(e, "first_task_id");
                }
            }
            default -> {
            }
        }
    }

    private void require(TraceEvent e, String field) {
        long task = e.id(field);
        if (task != 0 && !announced.contains(task)) {
            reporter.report(e, field + " 0x" + Long.toHexString(task) + " was never announced");
        }
    }

    @Override
    public void finish() {
        // Nothing is pending: each event is checked as it comes.
    }
}
