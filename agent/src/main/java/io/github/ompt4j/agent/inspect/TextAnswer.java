package io.github.ompt4j.agent.inspect;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.openmbean.CompositeData;

/**
 * The MXBean's answers in plain words, for a person at a terminal: threads with their state and how long they
 * have been in it, regions with their members (and who has arrived at a barrier), then who waits for whom and
 * any deadlock; virtual threads that are alike, and their waits that are alike, one line for each kind, with how
 * many (the JSON lists every one). Reads open data by item name, so it needs none of the model's classes.
 */
final class TextAnswer {
    private TextAnswer() {
    }

    static String snapshot(String pid, CompositeData s) {
        StringBuilder out = new StringBuilder();
        out.append("JVM ").append(pid).append(" at ").append(Instant.ofEpochMilli((Long) s.get("takenAtMillis")))
                .append(" (read in ").append((Long) s.get("tookMicros") / 1000.0).append(" ms)\n");
        if (!(Boolean) s.get("tracking")) {
            out.append("the runtime is not tracking (no tool, no recording, inspect=off): it knows no states or regions\n");
        }
        CompositeData[] threads = (CompositeData[]) s.get("threads");
        Groups virtual = new Groups();
        Set<Long> virtualIds = new HashSet<>();
        StringBuilder platform = new StringBuilder();
        for (CompositeData t : threads) {
            if ((Boolean) t.get("virtual")) {
                virtualIds.add((Long) t.get("javaId"));
                virtual.add(alike(t), "thread " + t.get("id") + " \"" + t.get("name") + "\"", thread(t));
            } else {
                platform.append("  ").append(thread(t)).append('\n');
            }
        }
        out.append("\nthreads (").append(threads.length).append(virtualIds.isEmpty() ? "" : ", " + virtualIds.size()
                + " of them virtual").append("):\n").append(platform);
        virtual.print(out, "virtual threads ", ": ");
        CompositeData[] regions = (CompositeData[]) s.get("regions");
        out.append("\nregions (").append(regions.length).append("):\n");
        for (CompositeData r : regions) {
            region(out, r);
        }
        CompositeData[] waits = (CompositeData[]) s.get("waits");
        out.append("\nwho waits for whom:\n");
        if (waits.length == 0) {
            out.append("  nobody waits\n");
        }
        Groups virtualWaits = new Groups();
        for (CompositeData w : waits) {
            String text = (String) w.get("text");
            int at = text.indexOf(" waits ");
            if (virtualIds.contains((Long) w.get("waiter")) && at > 0) {
                virtualWaits.add(text.substring(at + " waits ".length()), text.substring(0, at), text);
            } else {
                out.append("  ").append(text).append('\n');
            }
        }
        virtualWaits.print(out, "virtual threads ", " wait ");
        CompositeData[] deadlocks = (CompositeData[]) s.get("deadlocks");
        out.append(deadlocks.length == 0 ? "\nno deadlock\n" : "\n");
        for (CompositeData d : deadlocks) {
            out.append(d.get("text")).append('\n');
        }
        return out.toString();
    }

    /**
     * What a virtual thread's line says apart from its IDs, name, task and time in its state: a server's virtual
     * threads are thousands, most of them alike (parked in the same call, queued on the same lock).
     */
    private static String alike(CompositeData t) {
        long waitId = (Long) t.get("waitId");
        return t.get("type") + ": " + t.get("state") + (waitId == 0 ? "" : ", wait ID " + waitId) + ", in a task of "
                + ids((long[]) t.get("taskChain"), 1, " < ") + " [JVM: " + t.get("javaState") + "]";
    }

    /**
     * Virtual threads' lines that say the same thing, in the order first seen: one line for each such group, with
     * how many and the first few of them; a thread alike to no other keeps its own line.
     */
    private static final class Groups {
        private static final int NAMED = 3;
        private final Map<String, List<String>> names = new LinkedHashMap<>();
        private final Map<String, String> lines = new HashMap<>();

        void add(String key, String name, String line) {
            names.computeIfAbsent(key, k -> new ArrayList<>()).add(name);
            lines.putIfAbsent(key, line);
        }

        void print(StringBuilder out, String what, String joiner) {
            for (Map.Entry<String, List<String>> group : names.entrySet()) {
                List<String> members = group.getValue();
                if (members.size() == 1) {
                    out.append("  ").append(lines.get(group.getKey())).append('\n');
                    continue;
                }
                out.append("  ").append(members.size()).append(' ').append(what).append('(')
                        .append(String.join(", ", members.subList(0, Math.min(NAMED, members.size()))))
                        .append(members.size() > NAMED ? " and " + (members.size() - NAMED) + " more" : "").append(')')
                        .append(joiner).append(group.getKey()).append('\n');
            }
        }
    }

    private static String thread(CompositeData t) {
        long id = (Long) t.get("id");
        StringBuilder s = new StringBuilder();
        s.append(id == 0 ? "java thread " + t.get("javaId") : "thread " + id).append(" \"").append(t.get("name"))
                .append("\" ").append(t.get("type")).append(": ").append(t.get("state"));
        long inState = (Long) t.get("inStateMillis");
        if (inState >= 0) {
            s.append(" for ").append(inState >= 1000 ? inState / 1000.0 + " s" : inState + " ms");
        }
        long waitId = (Long) t.get("waitId");
        if (waitId != 0) {
            s.append(", wait ID ").append(waitId);
        }
        long task = (Long) t.get("taskId");
        if (task != 0) {
            s.append(", task ").append(task).append(" (parents ").append(ids((long[]) t.get("taskChain"), 1, " < "))
                    .append(")");
        }
        long[] regions = (long[]) t.get("regionChain");
        if (regions.length > 0) {
            s.append(", thread number ").append(t.get("threadNum")).append(" in region ").append(ids(regions, 0, " < "));
        }
        s.append(" [JVM: ").append(t.get("javaState")).append(']');
        return s.toString();
    }

    private static void region(StringBuilder out, CompositeData r) {
        Object site = r.get("callSite");
        out.append("  region ").append(r.get("id")).append(" started at ").append(site == null ? "(unknown)" : site)
                .append(": team of ").append(r.get("teamSize")).append(" (requested ").append(r.get("requestedTeamSize"))
                .append("), participants so far: threads ").append(ids((long[]) r.get("participants"), 0, " "));
        long enclosing = (Long) r.get("enclosingId");
        out.append(enclosing == 0 ? "" : ", inside region " + enclosing).append('\n');
        for (CompositeData m : (CompositeData[]) r.get("members")) {
            out.append("    ").append(m.get("threadNum")).append(": thread ").append(m.get("thread")).append(" \"")
                    .append(m.get("name")).append("\" ").append(m.get("state"))
                    .append((Boolean) m.get("atBarrier") ? ", arrived at the barrier" : "").append('\n');
        }
        int unseen = (Integer) r.get("membersUnseen");
        if (unseen > 0) {
            out.append("    ").append(unseen).append(" thread number(s) run no task of it now\n");
        }
    }

    /** An answer about one handle: its status word first, then what it found. */
    static String answer(CompositeData a) {
        StringBuilder out = new StringBuilder();
        out.append(a.get("status")).append(": ").append(a.get("text")).append('\n');
        for (CompositeData r : (CompositeData[]) a.get("regions")) {
            region(out, r);
        }
        for (CompositeData t : (CompositeData[]) a.get("tasks")) {
            long thread = (Long) t.get("thread");
            out.append("  task ").append(t.get("id")).append(' ').append(t.get("type")).append(", parent ")
                    .append(t.get("parentId")).append(", region ").append(t.get("regionId"))
                    .append(thread == 0 ? "" : ", on thread " + thread).append('\n');
        }
        for (CompositeData w : (CompositeData[]) a.get("waits")) {
            out.append("  ").append(w.get("text")).append('\n');
        }
        return out.toString();
    }

    private static String ids(long[] ids, int from, String separator) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < ids.length; i++) {
            s.append(i == from ? "" : separator).append(ids[i]);
        }
        return s.length() == 0 ? "none" : s.toString();
    }
}
