package io.github.ompt4j.model.inspect;

import java.util.List;

/**
 * What the runtime knew at one moment: its threads, the regions and tasks they are in, who waits for whom,
 * and the cycles among those waits. Immutable values with plain components (numbers, strings, {@code long[]}
 * and lists of these records), so that the agent can turn them into JMX open data and JSON without knowing
 * each type. Threads are named in waits and deadlocks by their Java thread ID ({@code javaId}), because a
 * monitor's owner may be a thread the runtime never met; {@link ThreadView} gives both IDs.
 *
 * <p>Values the runtime does not keep are {@code -1} for numbers and {@code null} for text (OMPD's
 * "unavailable"); an ID of {@code 0} means none.
 */
public record Snapshot(long takenAtMillis, long tookMicros, boolean tracking, List<ThreadView> threads,
        List<RegionView> regions, List<TaskView> tasks, List<WaitView> waits, List<DeadlockView> deadlocks) {

    /**
     * A thread: its OMPT ID ({@code 0} for a thread only the JVM knows, met as a waiter or holder), type and
     * state, its wait ID, how long it has been in that state ({@code -1} for states that are not timed: work
     * and overhead), its current task with the chain of its parents (innermost first), the regions around that
     * task (innermost first) and its thread number in the innermost; {@code javaState} is what the JVM says;
     * {@code virtual}: a virtual thread (JDK 21+), named {@code virtual thread <javaId>} when it has no name.
     */
    public record ThreadView(long id, long javaId, String name, String type, String state, long waitId,
            long inStateMillis, String javaState, long taskId, int threadNum, long[] taskChain, long[] regionChain,
            boolean virtual) {
    }

    /**
     * A parallel region: where the program started it ({@code null}: unknown), its team, the threads that took
     * part so far (OMPT IDs), the members seen now, and how many of the team's thread numbers no thread holds
     * now (not started yet, or done).
     */
    public record RegionView(long id, String callSite, int requestedTeamSize, int teamSize, long enclosingId,
            long encounteringTaskId, long[] participants, List<MemberView> members, int membersUnseen) {
    }

    /** A thread running an implicit task of a region; {@code atBarrier}: it waits at the region's barrier. */
    public record MemberView(int threadNum, long thread, long javaId, String name, String state,
            boolean atBarrier) {
    }

    /**
     * A task on some thread's stack, or a parent of one: type, parent, region, and the thread that runs it
     * ({@code 0}: none seen; {@code current}: it is that thread's innermost task, not suspended below another).
     */
    public record TaskView(long id, String type, long parentId, long regionId, long thread, long javaId,
            boolean current) {
    }

    /**
     * One thread waiting: what for ({@code kind}: {@code barrier}, {@code taskwait}, {@code taskgroup},
     * {@code lock}, {@code critical}, {@code atomic}, {@code ordered}, {@code monitor}), the wait ID the runtime
     * gave it ({@code 0} for a monitor), the lock as the JVM names it, the threads it waits for (Java IDs; empty
     * when none can be named), and the whole wait in plain words.
     */
    public record WaitView(long waiter, String kind, long waitId, String lock, long[] waitsFor, String text) {
    }

    /** A cycle of waits, threads in order (Java IDs), each waiting for the next and the last for the first. */
    public record DeadlockView(long[] threads, String text) {
    }
}
