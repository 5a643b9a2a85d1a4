package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The print tool's trace of a conformance program run under the agent, with the questions the
 * conformance tests ask of it: the lines of one thread, the threads that saw an event, and orders
 * across threads that any correct runtime must show.
 */
final class Trace {
    /** A parallel or task ID. */
    static final String ID = "0x[0-9a-f]+";

    /**
     * The pattern of the master's {@code implicit_task_begin} in a team of {@code teamSize}, capturing the
     * thread as {@code [[thread]]}, the region as {@code [[P]]} and the implicit task as {@code [[T]]}.
     */
    static String masterImplicitTask(String thread, int teamSize) {
        return "[[" + thread + ":[0-9]+]]: ompt_event_implicit_task_begin: parallel_id=[[P:" + ID + "]], task_id=[[T:"
                + ID + "]], team_size=" + teamSize + ", thread_num=0";
    }
    private static final Pattern PREFIX = Pattern.compile("^(\\d+): ");

    final AgentRun run;

    private Trace(AgentRun run) {
        this.run = run;
    }

    /** Run {@code program} under the agent with the print tool and check that it ended well. */
    static Trace of(Class<?> program, String... args) throws Exception {
        return of(Map.of(), program, args);
    }

    static Trace of(Map<String, String> env, Class<?> program, String... args) throws Exception {
        return of("directives", List.of(), env, program, args);
    }

    /**
     * The same, weaving {@code adapters} only, with options for the forked JVM. The directive library's
     * conformance tests weave the library alone: their programs meet at {@code CyclicBarrier}s, which the
     * {@code barriers} adapter would report too.
     */
    static Trace of(String adapters, List<String> jvmOptions, Map<String, String> env, Class<?> program,
            String... args) throws Exception {
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), jvmOptions,
                "tool=print,adapters=" + adapters, env, program, args);
        assertEquals(0, run.exit, run.toString());
        assertTrue(!run.err.contains("ompt4j [warn]"), "the agent warned:\n" + run);
        return new Trace(run);
    }

    /** All output lines, in order. */
    List<String> lines() {
        return run.out;
    }

    /** The lines of one thread (events and probes), in order. */
    List<String> thread(String id) {
        return run.thread(id);
    }

    /** The threads that printed a line containing {@code text}, in order of first appearance. */
    List<String> threadsWith(String text) {
        Set<String> ids = new LinkedHashSet<>();
        for (String line : run.out) {
            Matcher m = PREFIX.matcher(line);
            if (m.find() && line.contains(text)) {
                ids.add(m.group(1));
            }
        }
        return new ArrayList<>(ids);
    }

    /** Check {@code check} over one thread's lines, with {@code vars} bound first. */
    FileCheck check(String thread, FileCheck check) {
        return check.match(thread(thread));
    }

    /** Index of the first line containing every one of {@code parts}, or -1. */
    int first(String... parts) {
        for (int i = 0; i < run.out.size(); i++) {
            if (containsAll(run.out.get(i), parts)) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the last line containing every one of {@code parts}, or -1. */
    int last(String... parts) {
        for (int i = run.out.size() - 1; i >= 0; i--) {
            if (containsAll(run.out.get(i), parts)) {
                return i;
            }
        }
        return -1;
    }

    /** How many lines contain every one of {@code parts}. */
    long count(String... parts) {
        return run.out.stream().filter(l -> containsAll(l, parts)).count();
    }

    private static boolean containsAll(String line, String[] parts) {
        for (String p : parts) {
            if (!line.contains(p)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Happens-before at a barrier: every member's {@code barrier_begin} of the region comes before any
     * member's {@code barrier_end} of it (nobody leaves before everybody arrived).
     */
    void assertBarrierOrder(String parallelId, String kind, int members) {
        String region = "parallel_id=" + parallelId + ",";
        assertEquals(members, count("ompt_event_barrier_begin", region, kind), run.toString());
        assertTrue(last("ompt_event_barrier_begin", region, kind) < first("ompt_event_barrier_end", region, kind),
                "a member left the " + kind + " barrier of " + parallelId + " before all arrived:\n" + run);
    }

    /** {@code before} is printed before {@code after} (both must be present). */
    void assertBefore(String[] before, String[] after) {
        int b = first(before);
        int a = first(after);
        assertTrue(b >= 0 && a >= 0 && b < a, String.join(" ", before) + " must come before "
                + String.join(" ", after) + ":\n" + run);
    }

    /**
     * Mutual exclusion: over the whole trace, lines containing {@code enter} and {@code leave} alternate,
     * starting with an {@code enter}, and each {@code leave} is on the thread of the {@code enter} before it
     * (nobody enters before the holder has left).
     */
    void assertExclusive(String enter, String leave, int times) {
        String holder = null;
        int entered = 0;
        for (String line : run.out) {
            Matcher m = PREFIX.matcher(line);
            if (!m.find()) {
                continue;
            }
            if (line.contains(enter)) {
                assertTrue(holder == null, "thread " + m.group(1) + " entered (" + enter + ") while thread " + holder
                        + " held it:\n" + run);
                holder = m.group(1);
                entered++;
            } else if (line.contains(leave)) {
                assertEquals(holder, m.group(1), "left (" + leave + ") by a thread that did not hold it:\n" + run);
                holder = null;
            }
        }
        assertEquals(times, entered, "entries (" + enter + "):\n" + run);
    }

    /** The thread that printed line {@code index}. */
    String threadAt(int index) {
        Matcher m = PREFIX.matcher(run.out.get(index));
        return m.find() ? m.group(1) : null;
    }

    /**
     * Every thread's task switches keep a stack: a switch with status {@code switch} starts a task on
     * top of the thread's current one (its prior task is the top, or 0 for none), a switch with status
     * {@code complete} ends the top task right after its {@code task_end} and resumes the one below;
     * implicit tasks push and pop too, without switches; a task withdrawn unrun (status {@code cancel}) is on no
     * stack. Returns how many tasks were started, over all threads.
     */
    int assertTaskStacks() {
        Pattern sw = Pattern.compile("^(\\d+): ompt_event_task_switch: first_task_id=(" + ID
                + "), prior_task_status=ompt_task_(\\w+)=\\d+, second_task_id=(" + ID + ")");
        Map<String, Deque<String>> stacks = new HashMap<>();
        Map<String, String> lastEnd = new HashMap<>();
        int started = 0;
        for (String line : run.out) {
            Matcher end = Pattern.compile("^(\\d+): ompt_event_task_end: task_id=(" + ID + ")").matcher(line);
            if (end.find()) {
                lastEnd.put(end.group(1), end.group(2));
            }
            Matcher implicit = Pattern.compile("^(\\d+): ompt_event_implicit_task_(begin|end): parallel_id=" + ID
                    + ", task_id=(" + ID + ")").matcher(line);
            if (implicit.find()) {
                Deque<String> stack = stacks.computeIfAbsent(implicit.group(1), k -> new ArrayDeque<>(List.of("?")));
                if (implicit.group(2).equals("begin")) {
                    stack.push(implicit.group(3));
                } else {
                    assertEquals(stack.pop(), implicit.group(3), "an implicit task ends on top: " + line + "\n" + run);
                }
                continue;
            }
            Matcher m = sw.matcher(line);
            if (!m.find()) {
                continue;
            }
            if (m.group(3).equals("cancel")) {
                // A task that never ran ends where it was withdrawn: it was on no stack, the thread goes on.
                Deque<String> stack = stacks.get(m.group(1));
                assertTrue(stack == null || stack.peek().equals(m.group(4)), "a cancel resumes the thread's current"
                        + " task: " + line + "\n" + run);
                continue;
            }
            // The bottom of each stack is the task the thread ran before switching (0x0: none); between
            // switches it may change (a new implicit task), so it is taken from each outermost switch.
            Deque<String> stack = stacks.computeIfAbsent(m.group(1), k -> new ArrayDeque<>(List.of(m.group(2))));
            if (m.group(3).equals("switch")) {
                if (stack.size() == 1) {
                    stack.pop();
                    stack.push(m.group(2));
                }
                assertEquals(stack.peek(), m.group(2), "the prior task of a switch is the thread's current one: " + line
                        + "\n" + run);
                stack.push(m.group(4));
                started++;
            } else {
                assertEquals("complete", m.group(3), line);
                assertEquals(stack.peek(), m.group(2), "a completed task is the thread's current one: " + line + "\n" + run);
                assertEquals(m.group(2), lastEnd.get(m.group(1)), "task_end comes right before its switch: " + line);
                stack.pop();
                assertEquals(stack.peek(), m.group(4), "resumes the task below: " + line + "\n" + run);
            }
        }
        for (Map.Entry<String, Deque<String>> e : stacks.entrySet()) {
            assertEquals(1, e.getValue().size(), "thread " + e.getKey() + " ended with tasks " + e.getValue() + "\n" + run);
        }
        return started;
    }

    /** The values of {@code key=} in the lines containing every one of {@code parts}, in order. */
    List<String> values(String key, String... parts) {
        List<String> values = new ArrayList<>();
        Pattern p = Pattern.compile("[ ,]" + Pattern.quote(key) + "=([^,]+)");
        for (String line : run.out) {
            if (containsAll(line, parts)) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    values.add(m.group(1).trim());
                }
            }
        }
        return values;
    }

    @Override
    public String toString() {
        return run.toString();
    }
}
