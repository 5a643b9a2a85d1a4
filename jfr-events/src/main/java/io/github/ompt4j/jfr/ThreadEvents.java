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
    final EventStack<TaskEvent> tasks = new EventStack<>(TaskEvent::new, new TaskEvent[8]);
    final EventStack<SyncRegionEvent> syncRegions = new EventStack<>(SyncRegionEvent::new, new SyncRegionEvent[2]);
    final EventStack<SyncRegionWaitEvent> syncWaits = new EventStack<>(SyncRegionWaitEvent::new, new SyncRegionWaitEvent[2]);
    final EventStack<WorkEvent> works = new EventStack<>(WorkEvent::new, new WorkEvent[2]);
    /** One level per open worksharing construct: the chunk the thread runs in it. */
    final EventStack<DispatchEvent> chunks = new EventStack<>(DispatchEvent::new, new DispatchEvent[2]);
    final EventStack<MasterEvent> masters = new EventStack<>(MasterEvent::new, new MasterEvent[1]);
    final EventStack<IdleEvent> idle = new EventStack<>(IdleEvent::new, new IdleEvent[1]);
    /**
     * This thread began a region (and recorded its origin) and has started neither its implicit task nor a task
     * since: a task it creates now is the region's root (a pool submission), not serial code's task.
     */
    boolean regionBegun;
    /** The origin this thread's serial code recorded last, which the stages it creates next may stand on. */
    final LastOrigin lastOrigin = new LastOrigin();
    /** The thread's OMPT thread ID, once {@link PerThread} has seen it: the key of its slot there. */
    long ompThreadId;

    /**
     * The acquisition in progress. One slot, not a stack: a thread waits for one mutex at a time, and a new
     * wait replaces an acquisition that never completed, so nothing piles up.
     */
    final MutexAcquireEvent acquire = new MutexAcquireEvent();
    boolean acquiring;

    /**
     * Mutexes held, in acquisition order (locks may be released in any order, so found by wait ID), when holds
     * are timed: their wait IDs and held spans.
     */
    private long[] heldWaitIds = new long[2];
    private MutexHeldEvent[] held = new MutexHeldEvent[2];
    private boolean[] heldBegun = new boolean[2];
    private int heldCount;

    /**
     * Out-parameters of {@code ompt_get_task_info} (the creating task's at a task creation, the next task's parent at a
     * task switch: each keeps the task it was last filled with, and stores a new one only when it differs, which a
     * creator making several tasks does not) and of {@code ompt_get_state}.
     */
    final OmptTaskInfo taskInfo = new OmptTaskInfo();
    final OmptTaskInfo parentInfo = new OmptTaskInfo();
    final long[] waitId = new long[1];

    /**
     * The thread now holds {@code waitId}; if {@code timed}, a held span is begun, and returned (the caller
     * fills it in), else {@code null}.
     */
    MutexHeldEvent hold(long waitId, boolean timed) {
        if (heldCount == held.length) {
            int n = heldCount * 2;
            heldWaitIds = Arrays.copyOf(heldWaitIds, n);
            held = Arrays.copyOf(held, n);
            heldBegun = Arrays.copyOf(heldBegun, n);
        }
        int i = heldCount;
        heldWaitIds[i] = waitId;
        boolean begin = timed && heldEvent(i).isEnabled();
        heldBegun[i] = begin;
        heldCount = i + 1;
        if (!begin) {
            return null;
        }
        MutexHeldEvent e = held[i];
        e.waitId = waitId;
        e.begin();
        return e;
    }

    private MutexHeldEvent heldEvent(int i) {
        MutexHeldEvent e = held[i];
        if (e == null) {
            e = new MutexHeldEvent();
            held[i] = e;
        }
        return e;
    }

    /**
     * The thread no longer holds the innermost {@code waitId}. Returns its held span, ended, when it is to be
     * committed; the caller must commit it before the next {@link #hold}, which may reuse the object.
     */
    MutexHeldEvent release(long waitId) {
        for (int i = heldCount - 1; i >= 0; i--) {
            if (heldWaitIds[i] == waitId) {
                MutexHeldEvent e = held[i];
                boolean begun = heldBegun[i];
                int after = heldCount - 1 - i;
                System.arraycopy(heldWaitIds, i + 1, heldWaitIds, i, after);
                // Keep the event object: move the later ones down and park this one in the freed last slot.
                System.arraycopy(held, i + 1, held, i, after);
                System.arraycopy(heldBegun, i + 1, heldBegun, i, after);
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
