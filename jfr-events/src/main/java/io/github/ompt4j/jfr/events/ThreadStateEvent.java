package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A sample of one thread's OMPT state ({@code ompt_get_state}) with its wait ID, current region and current
 * task. Every thread the runtime knows is read once per period, and its sample written when it differs from the
 * thread's last one or {@link #MAX_UNCHANGED_PERIODS} periods after it: a sample stands for the time from half a
 * period before it to half a period before its thread's next one, at most that many periods. JFR runs periodic
 * events on its own thread, so the event's thread is that one and the sampled thread is the {@code thread}
 * field. The samples
 * tell the state at instants no duration event covers: intervals below a threshold, events that are off,
 * and spans still open when the recording ends. A thread sampled waiting for a mutex names the thread that
 * held it at that instant and where that thread acquired it: blame for waits the recording did not trace.
 */
@Name(ThreadStateEvent.NAME)
@Label("OpenMP Thread State")
@Category({OmptCategories.ROOT, OmptCategories.THREADS})
@Description("A sample of an OpenMP thread's state, wait ID, current region and task, read every period and written when it"
        + " changed (or 50 periods later): it stands for the time until the thread's next sample. None of a program's"
        + " thread in serial work in its initial task, but the first, which ends the stretch before it.")
@StackTrace(false)
@Period("20 ms")
public final class ThreadStateEvent extends PerThreadEvent {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.ThreadState";
    /**
     * The most periods a sample stands for: a thread read unchanged is written again after this many, so that a
     * reader bounds a sample whose successor is lost (a chunk dropped, the recording cut) and a thread that
     * waits for an hour costs 3,600 events at the default period, not 180,000.
     */
    public static final int MAX_UNCHANGED_PERIODS = 50;

    @Label("Thread")
    @Description("The sampled thread.")
    public Thread thread;

    @Label("OMPT Thread ID")
    @Description("The sampled thread's OMPT ID.")
    @OmptThreadId
    @Unsigned
    public long ompThreadId;

    @Label("State")
    @Description("The OMPT state without its ompt_state_ prefix: work_serial, work_parallel, idle, wait_barrier_implicit ...")
    public String state;

    @Label("Wait ID")
    @Description("What the thread waits for in a wait state; 0 otherwise.")
    @WaitId
    @Unsigned
    public long waitId;

    @Label("Parallel Region ID")
    @Description("The region of the thread's current task; 0 outside any region and while idle.")
    @ParallelId
    @Unsigned
    public long parallelId;

    @Label("Task ID")
    @Description("The thread's current task; 0 if it has none.")
    @TaskId
    @Unsigned
    public long taskId;

    @Label("Origin Task ID")
    @Description("Outside any region, the task that serial code created and the current task descends from (itself, or"
            + " the stage whose completion triggered it): the task whose origin the current one stands on; 0 if none.")
    @TaskId
    @Unsigned
    public long originTaskId;

    @Label("Origin Parent Task ID")
    @Description("The serial code's task that created the origin task; 0 if none.")
    @TaskId
    @Unsigned
    public long originParentTaskId;

    @Label("Call Site")
    @Description("In a mutex wait: where the program entered the construct it waits in, as Class.method(File.java:line);"
            + " absent when unknown.")
    public String callSite;

    @Label("Holder")
    @Description("In a mutex wait: the thread that held the mutex at the sample; absent when none was seen.")
    public Thread holder;

    @Label("Holder Call Site")
    @Description("Where the holder acquired the mutex, as Class.method(File.java:line); absent when unknown.")
    public String holderCallSite;
}
