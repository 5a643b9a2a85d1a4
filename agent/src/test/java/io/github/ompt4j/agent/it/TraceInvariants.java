package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every print-tool trace must keep, whatever the program did: the README's promises read as invariants.
 * <ul>
 * <li>Every task a tool is shown was announced: parents of tasks and regions, the tasks a switch names, the
 * tasks that end (by {@code initial_task_begin}, {@code implicit_task_begin} or {@code task_begin}), and each
 * is announced once.</li>
 * <li>Every explicit task is started once ({@code task_switch} to it) or cancelled once (a switch from it with
 * status cancel, never having started), and ends once ({@code task_end}).</li>
 * <li>Every region ends once, on any thread, naming the task that encountered it.</li>
 * <li>Per thread, begin and end events balance (implicit and initial tasks, sync regions and their waits,
 * idle): none ends that did not begin; a thread that ends ({@code thread_end}) has ended all it began and
 * reports nothing after; at the end of the trace, only the initial thread's initial task and a worker's idle
 * may still be open.</li>
 * <li>Every thread that began ends, except the main thread (TR2 makes its end optional) and pool workers.</li>
 * </ul>
 */
final class TraceInvariants {
    private static final Pattern EVENT = Pattern.compile("^(\\d+): ompt_event_(\\w+)(?:: (.*))?$");
    private static final Pattern FIELD = Pattern.compile("(\\w+(?:\\.\\w+)?)=([^,]*)");
    private static final String NONE = "0x0";
    /** Events that open or close something on their thread, by the name both share. */
    private static final List<String> PAIRED = List.of("implicit_task", "initial_task", "taskwait", "wait_taskwait",
            "taskgroup", "wait_taskgroup", "barrier", "wait_barrier", "idle", "master", "worksharing", "reduction");

    private final List<String> violations = new ArrayList<>();
    private final Map<String, String> announced = new HashMap<>();
    private final Map<String, Integer> started = new HashMap<>();
    private final Map<String, Integer> cancelled = new HashMap<>();
    private final Map<String, Integer> ended = new HashMap<>();
    private final Map<String, String> regions = new LinkedHashMap<>();
    private final Map<String, Integer> regionEnds = new HashMap<>();
    private final Map<String, Map<String, Integer>> open = new LinkedHashMap<>();
    private final Map<String, String> threadTypes = new LinkedHashMap<>();
    private final Map<String, Boolean> threadEnded = new HashMap<>();

    private TraceInvariants() {
    }

    /** Fails with every violation found in {@code trace}, each with its line. */
    static void assertHold(Trace trace) {
        assertHold(trace.lines(), trace.run.toString());
    }

    /** Fails with every violation found in the print tool's {@code lines}, then {@code context}. */
    static void assertHold(List<String> lines, String context) {
        TraceInvariants check = new TraceInvariants();
        for (String line : lines) {
            Matcher m = EVENT.matcher(line);
            if (m.find()) {
                check.event(m.group(1), m.group(2), fields(m.group(3)), line);
            }
        }
        check.atEnd();
        if (!check.violations.isEmpty()) {
            fail(check.violations.size() + " violations:\n  " + String.join("\n  ",
                    check.violations.subList(0, Math.min(40, check.violations.size()))) + "\n" + context);
        }
    }

    private static Map<String, String> fields(String text) {
        Map<String, String> fields = new HashMap<>();
        if (text != null) {
            Matcher f = FIELD.matcher(text);
            while (f.find()) {
                fields.put(f.group(1), f.group(2).trim());
            }
        }
        return fields;
    }

    private void event(String thread, String name, Map<String, String> f, String line) {
        if (Boolean.TRUE.equals(threadEnded.get(thread))) {
            violations.add("an event after the thread ended: " + line);
        }
        switch (name) {
            case "thread_begin" -> threadTypes.put(thread, f.get("thread_type"));
            case "thread_end" -> {
                threadEnded.put(thread, true);
                open.getOrDefault(thread, Map.of()).forEach((what, n) -> {
                    if (n != 0) {
                        violations.add("thread ends with " + n + " " + what + " open: " + line);
                    }
                });
            }
            case "initial_task_begin" -> announce(f.get("task_id"), "initial", line);
            case "implicit_task_begin" -> announce(f.get("task_id"), "implicit", line);
            case "task_begin" -> {
                requireAnnounced(f.get("parent_task_id"), "the parent", line);
                announce(f.get("new_task_id"), "explicit", line);
            }
            case "parallel_begin" -> {
                requireAnnounced(f.get("parent_task_id"), "the encountering task", line);
                if (regions.put(f.get("parallel_id"), f.get("parent_task_id")) != null) {
                    violations.add("a region begins twice: " + line);
                }
            }
            case "parallel_end" -> {
                String encountering = regions.get(f.get("parallel_id"));
                if (encountering == null) {
                    violations.add("a region that never began ends: " + line);
                } else if (!encountering.equals(f.get("task_id"))) {
                    violations.add("a region ends naming another task than its encountering " + encountering + ": " + line);
                }
                regionEnds.merge(f.get("parallel_id"), 1, Integer::sum);
            }
            case "task_switch" -> taskSwitch(f, line);
            case "task_end" -> {
                requireExplicit(f.get("task_id"), line);
                ended.merge(f.get("task_id"), 1, Integer::sum);
            }
            default -> {
            }
        }
        balance(thread, name, line);
    }

    private void taskSwitch(Map<String, String> f, String line) {
        String first = f.get("first_task_id");
        String second = f.get("second_task_id");
        String status = f.get("prior_task_status");
        if (!first.equals(NONE)) {
            requireAnnounced(first, "the first task", line);
        }
        if (status.startsWith("ompt_task_switch")) {
            requireExplicit(second, line);
            started.merge(second, 1, Integer::sum);
        } else {
            if (!second.equals(NONE)) {
                requireAnnounced(second, "the resumed task", line);
            }
            if (status.startsWith("ompt_task_cancel")) {
                requireExplicit(first, line);
                cancelled.merge(first, 1, Integer::sum);
            }
        }
    }

    private void balance(String thread, String name, String line) {
        for (String what : PAIRED) {
            if (name.equals(what + "_begin") || name.equals(what + "_end")) {
                Map<String, Integer> counts = open.computeIfAbsent(thread, k -> new LinkedHashMap<>());
                int n = counts.merge(what, name.endsWith("_begin") ? 1 : -1, Integer::sum);
                if (n < 0) {
                    violations.add("ends what it did not begin: " + line);
                    counts.put(what, 0);
                }
            }
        }
    }

    private void announce(String task, String type, String line) {
        if (announced.put(task, type) != null) {
            violations.add("task " + task + " announced twice: " + line);
        }
    }

    private void requireAnnounced(String task, String role, String line) {
        if (!announced.containsKey(task)) {
            violations.add(role + " " + task + " was never announced: " + line);
        }
    }

    private void requireExplicit(String task, String line) {
        if (!"explicit".equals(announced.get(task))) {
            violations.add("task " + task + " was not announced by task_begin: " + line);
        }
    }

    private void atEnd() {
        announced.forEach((task, type) -> {
            if (type.equals("explicit")) {
                int runs = started.getOrDefault(task, 0);
                int cancels = cancelled.getOrDefault(task, 0);
                if (runs + cancels != 1 || ended.getOrDefault(task, 0) != 1) {
                    violations.add("task " + task + " started " + runs + " times, cancelled " + cancels + " times, ended "
                            + ended.getOrDefault(task, 0) + " times");
                }
            }
        });
        regions.keySet().forEach(region -> {
            if (regionEnds.getOrDefault(region, 0) != 1) {
                violations.add("region " + region + " ended " + regionEnds.getOrDefault(region, 0) + " times");
            }
        });
        open.forEach((thread, counts) -> counts.forEach((what, n) -> {
            boolean mayStayOpen = what.equals("idle") || (what.equals("initial_task") && thread.equals("1"));
            if (n != 0 && !mayStayOpen) {
                violations.add("thread " + thread + " left " + n + " " + what + " open");
            }
        }));
        threadTypes.forEach((thread, type) -> {
            if (!thread.equals("1") && !type.startsWith("ompt_thread_worker") && !threadEnded.containsKey(thread)) {
                violations.add("thread " + thread + " (" + type + ") began and never ended");
            }
        });
    }
}
