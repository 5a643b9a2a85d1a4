package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.model.OmptTaskInfo;
import java.util.Arrays;

/**
 * One thread's open spans, by event type, and the scratch objects its callbacks pass to inquiry
 * functions. Everything here belongs to one thread: callbacks run on the thread the event describes, and
 * every span below begins and ends on one thread (unlike regions, see {@link OpenRegions}).
 */
final class ThreadEvents {
    final EventStack<ImplicitTaskEvent> implicitTasks = new EventStack<>(ImplicitTaskEvent::new, new ImplicitTaskEvent[2]);
    final EventStack<TaskEvent> tasks = new EventStack<>(TaskEvent::new, new TaskEvent[4]);
    final EventStack<SyncRegionEvent> syncRegions = new EventStack<>(SyncRegionEvent::new, new SyncRegionEvent[2]);
    final EventStack<SyncRegionWaitEvent> syncWaits = new EventStack<>(SyncRegionWaitEvent::new, new SyncRegionWaitEvent[2]);
    final EventStack<WorkEvent> works = new EventStack<>(WorkEvent::new, new WorkEvent[2]);
    /** One level per open worksharing construct: the chunk the thread runs in it. */
    final EventStack<DispatchEvent> chunks = new EventStack<>(DispatchEvent::new, new DispatchEvent[2]);
    final EventStack<MasterEvent> masters = new EventStack<>(MasterEvent::new, new MasterEvent[1]);
    final EventStack<IdleEvent> idle = new EventStack<>(IdleEvent::new, new IdleEvent[1]);

    /**
     * The acquisition in progress. One slot, not a stack: a thread waits for one mutex at a time, and a new
     * wait replaces an acquisition that never completed, so nothing piles up.
     */
    final MutexAcquireEvent acquire = new MutexAcquireEvent();
    boolean acquiring;

    /** Mutexes held, in acquisition order; locks may be released in any order, so found by wait ID. */
    private MutexHeldEvent[] held = new MutexHeldEvent[2];
    private boolean[] heldBegun = new boolean[2];
    private int heldCount;

    /** Out-parameters of {@code ompt_get_task_info} and {@code ompt_get_state}. */
    final OmptTaskInfo taskInfo = new OmptTaskInfo();
    final long[] waitId = new long[1];

    /** Open a held span for {@code waitId}; returns the event begun, or {@code null} if off or not allowed. */
    MutexHeldEvent hold(long waitId, boolean allowed) {
        if (heldCount == held.length) {
            held = Arrays.copyOf(held, heldCount * 2);
            heldBegun = Arrays.copyOf(heldBegun, heldCount * 2);
        }
        MutexHeldEvent e = held[heldCount];
        if (e == null) {
            e = new MutexHeldEvent();
            held[heldCount] = e;
        }
        e.waitId = waitId;
        boolean on = allowed && e.isEnabled();
        heldBegun[heldCount++] = on;
        if (on) {
            e.begin();
            return e;
        }
        return null;
    }

    /**
     * Close the innermost held span of {@code waitId}. Returns its event, ended, when it is to be committed;
     * the caller must commit it before the next {@link #hold}, which may reuse the object.
     */
    MutexHeldEvent release(long waitId) {
        for (int i = heldCount - 1; i >= 0; i--) {
            MutexHeldEvent e = held[i];
            if (e.waitId == waitId) {
                boolean begun = heldBegun[i];
                // Keep the object: move the later spans down and park this one in the freed last slot.
                System.arraycopy(held, i + 1, held, i, heldCount - 1 - i);
                System.arraycopy(heldBegun, i + 1, heldBegun, i, heldCount - 1 - i);
                held[--heldCount] = e;
                heldBegun[heldCount] = false;
                if (!begun) {
                    return null;
                }
                e.end();
                return e.shouldCommit() ? e : null;
            }
        }
        return null;
    }
}
