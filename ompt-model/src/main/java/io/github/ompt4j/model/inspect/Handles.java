package io.github.ompt4j.model.inspect;

import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.inspect.Snapshot.RegionView;
import io.github.ompt4j.model.inspect.Snapshot.TaskView;
import io.github.ompt4j.model.inspect.Snapshot.WaitView;
import java.util.ArrayList;
import java.util.List;

/**
 * A second query that names a region or a task by the ID an earlier answer gave, as OMPD's handles do. The
 * answer's {@code status} is OMPD's return code: {@code ok}; {@code stale_handle}: the runtime issued the ID
 * but nothing live has it now (the region ended, the task completed); {@code unavailable}: the task is live
 * (some thread waits for it) but no thread runs it, and the runtime keeps no queue of tasks not started;
 * {@code bad_input}: this runtime never issued the ID.
 */
public final class Handles {
    private Handles() {
    }

    /**
     * An answer: status, the whole answer in plain words, the region or task with its enclosing regions or
     * parent chain (innermost first), and the waits that concern it.
     */
    public record Answer(String status, String text, List<RegionView> regions, List<TaskView> tasks,
            List<WaitView> waits) {
    }

    public static Answer region(long id) {
        Snapshot s = Inspection.take();
        List<RegionView> chain = new ArrayList<>();
        for (RegionView r = findRegion(s.regions(), id); r != null; r = findRegion(s.regions(), r.enclosingId())) {
            chain.add(r);
        }
        if (chain.isEmpty()) {
            return missing("region", id, List.of());
        }
        RegionView region = chain.get(0);
        List<WaitView> waits = new ArrayList<>();
        List<TaskView> tasks = new ArrayList<>();
        for (TaskView t : s.tasks()) {
            if (t.regionId() == id) {
                tasks.add(t);
            }
        }
        for (WaitView w : s.waits()) {
            for (Snapshot.MemberView m : region.members()) {
                if (m.javaId() == w.waiter()) {
                    waits.add(w);
                }
            }
        }
        return new Answer("ok", "region " + id + ": " + region.teamSize() + " threads, " + region.members().size()
                + " running its tasks now, started at " + (region.callSite() == null ? "an unknown place"
                        : region.callSite()), chain, tasks, waits);
    }

    public static Answer task(long id) {
        Snapshot s = Inspection.take();
        List<WaitView> waits = new ArrayList<>();
        for (WaitView w : s.waits()) {
            if (w.waitId() == id && (w.kind().equals("taskwait") || w.kind().equals("taskgroup"))) {
                waits.add(w);
            }
        }
        List<TaskView> chain = new ArrayList<>();
        for (TaskView t = findTask(s.tasks(), id); t != null; t = findTask(s.tasks(), t.parentId())) {
            chain.add(t);
        }
        if (chain.isEmpty()) {
            return missing("task", id, waits);
        }
        TaskView task = chain.get(0);
        String where = task.thread() == 0 ? "no thread runs it now (it waits for its children, or is suspended)"
                : "thread " + task.thread() + (task.current() ? " runs it" : " runs it, suspended below another task");
        return new Answer("ok", "task " + id + " (" + task.type() + ", region " + task.regionId() + "): " + where,
                List.of(), chain, waits);
    }

    private static Answer missing(String what, long id, List<WaitView> waits) {
        if (!OmptRuntime.idIssued(id)) {
            return new Answer("bad_input", "no " + what + " ever had ID " + id + " in this JVM", List.of(), List.of(),
                    List.of());
        }
        if (!waits.isEmpty()) {
            return new Answer("unavailable", what + " " + id + " has not started: threads wait for it, but no thread"
                    + " runs it, and the runtime keeps no queue of tasks", List.of(), List.of(), waits);
        }
        return new Answer("stale_handle", what + " " + id + " has ended: nothing in the runtime has this ID now",
                List.of(), List.of(), List.of());
    }

    private static RegionView findRegion(List<RegionView> regions, long id) {
        for (RegionView r : regions) {
            if (r.id() == id) {
                return r;
            }
        }
        return null;
    }

    private static TaskView findTask(List<TaskView> tasks, long id) {
        for (TaskView t : tasks) {
            if (t.id() == id) {
                return t;
            }
        }
        return null;
    }
}
