package io.github.ompt4j.model;

import io.github.ompt4j.model.OmptCallback.Control;
import io.github.ompt4j.model.OmptCallback.Dispatch;
import io.github.ompt4j.model.OmptCallback.ImplicitTask;
import io.github.ompt4j.model.OmptCallback.Lock;
import io.github.ompt4j.model.OmptCallback.Parallel;
import io.github.ompt4j.model.OmptCallback.ParallelBegin;
import io.github.ompt4j.model.OmptCallback.ParallelEnd;
import io.github.ompt4j.model.OmptCallback.Shutdown;
import io.github.ompt4j.model.OmptCallback.SyncRegion;
import io.github.ompt4j.model.OmptCallback.Target;
import io.github.ompt4j.model.OmptCallback.Task;
import io.github.ompt4j.model.OmptCallback.TaskBegin;
import io.github.ompt4j.model.OmptCallback.TaskDependences;
import io.github.ompt4j.model.OmptCallback.TaskPair;
import io.github.ompt4j.model.OmptCallback.TaskSwitch;
import io.github.ompt4j.model.OmptCallback.ThreadId;
import io.github.ompt4j.model.OmptCallback.ThreadType;
import io.github.ompt4j.model.OmptCallback.Wait;
import io.github.ompt4j.model.OmptCallback.Worksharing;

/**
 * The events a tool can register for, with the codes of TR2 Appendix A.2, the callback signature each
 * takes, and what {@code ompt_set_callback} answers for it. This enum is the one table of what the
 * runtime implements.
 *
 * <p>Codes 27 to 34, 60 and 64 are gaps in TR2's table and stay unused. Events from 128 on are
 * implementation-defined: the chunk dispatch of a loop and the reduction region, which OpenMP 5.x
 * added and the adapters report.
 */
public enum OmptEvent implements Codes.Coded {
    PARALLEL_BEGIN(1, ParallelBegin.class),
    PARALLEL_END(2, ParallelEnd.class),
    TASK_BEGIN(3, TaskBegin.class),
    TASK_END(4, Task.class),
    THREAD_BEGIN(5, ThreadType.class),
    THREAD_END(6, ThreadType.class),
    CONTROL(7, Control.class),
    RUNTIME_SHUTDOWN(8, Shutdown.class),
    IDLE_BEGIN(9, ThreadId.class),
    IDLE_END(10, ThreadId.class),
    WAIT_BARRIER_BEGIN(11, SyncRegion.class),
    WAIT_BARRIER_END(12, SyncRegion.class),
    WAIT_TASKWAIT_BEGIN(13, SyncRegion.class),
    WAIT_TASKWAIT_END(14, SyncRegion.class),
    WAIT_TASKGROUP_BEGIN(15, SyncRegion.class),
    WAIT_TASKGROUP_END(16, SyncRegion.class),
    RELEASE_LOCK(17, Wait.class),
    RELEASE_NEST_LOCK_LAST(18, Wait.class),
    RELEASE_CRITICAL(19, Wait.class),
    RELEASE_ATOMIC(20, Wait.class),
    RELEASE_ORDERED(21, Wait.class),
    IMPLICIT_TASK_BEGIN(22, ImplicitTask.class),
    IMPLICIT_TASK_END(23, ImplicitTask.class),
    INITIAL_TASK_BEGIN(24, Task.class),
    INITIAL_TASK_END(25, Task.class),
    TASK_SWITCH(26, TaskSwitch.class),
    WORKSHARING_BEGIN(35, Worksharing.class),
    WORKSHARING_END(36, Worksharing.class),
    MASTER_BEGIN(37, Parallel.class),
    MASTER_END(38, Parallel.class),
    BARRIER_BEGIN(39, SyncRegion.class),
    BARRIER_END(40, SyncRegion.class),
    TASKWAIT_BEGIN(41, SyncRegion.class),
    TASKWAIT_END(42, SyncRegion.class),
    TASKGROUP_BEGIN(43, SyncRegion.class),
    TASKGROUP_END(44, SyncRegion.class),
    RELEASE_NEST_LOCK_PREV(45, Wait.class),
    WAIT_LOCK(46, Lock.class),
    WAIT_NEST_LOCK(47, Lock.class),
    WAIT_CRITICAL(48, Lock.class),
    WAIT_ATOMIC(49, Lock.class),
    WAIT_ORDERED(50, Wait.class),
    ACQUIRED_LOCK(51, Wait.class),
    ACQUIRED_NEST_LOCK_FIRST(52, Wait.class),
    ACQUIRED_NEST_LOCK_NEXT(53, Wait.class),
    ACQUIRED_CRITICAL(54, Wait.class),
    ACQUIRED_ATOMIC(55, Wait.class),
    ACQUIRED_ORDERED(56, Wait.class),
    INIT_LOCK(57, Lock.class),
    INIT_NEST_LOCK(58, Lock.class),
    /** Reported before a lock or a nest lock is destroyed (TR2 has one event for both). */
    DESTROY_LOCK(59, Wait.class),
    /** Java has no flush construct: memory is ordered by the Java memory model, not by a runtime call. */
    FLUSH(61, ThreadId.class, OmptSetResult.NO_CALLBACK),
    TARGET_TASK_BEGIN(62, Target.class, OmptSetResult.NEVER),
    TARGET_TASK_END(63, Target.class, OmptSetResult.NEVER),
    TARGET_DATA_BEGIN(65, Target.class, OmptSetResult.NEVER),
    TARGET_DATA_END(66, Target.class, OmptSetResult.NEVER),
    TARGET_DATA_MAP_BEGIN(67, Target.class, OmptSetResult.NEVER),
    TARGET_DATA_MAP_END(68, Target.class, OmptSetResult.NEVER),
    TASK_DEPENDENCES(69, TaskDependences.class),
    /** Reported only for dependences that actually blocked a task, so "sometimes". */
    TASK_DEPENDENCE_PAIR(70, TaskPair.class, OmptSetResult.SOMETIMES),
    DISPATCH(128, Dispatch.class),
    REDUCTION_BEGIN(129, SyncRegion.class),
    REDUCTION_END(130, SyncRegion.class);

    private static final OmptEvent[] BY_CODE = Codes.index(values());

    /** One more than the largest code: the size of tables indexed by code. */
    public static final int TABLE_SIZE = BY_CODE.length;

    private final int code;
    private final Class<? extends OmptCallback> signature;
    private final OmptSetResult support;
    private final String ompName;

    OmptEvent(int code, Class<? extends OmptCallback> signature) {
        this(code, signature, OmptSetResult.ALWAYS);
    }

    OmptEvent(int code, Class<? extends OmptCallback> signature, OmptSetResult support) {
        this.code = code;
        this.signature = signature;
        this.support = support;
        this.ompName = "ompt_event_" + Codes.lowerName(this);
    }

    public int code() {
        return code;
    }

    /** The TR2 name, for example {@code ompt_event_parallel_begin}. */
    public String ompName() {
        return ompName;
    }

    /** The callback type a tool must register for this event. */
    public Class<? extends OmptCallback> signature() {
        return signature;
    }

    /** What {@code ompt_set_callback} answers for a well-typed registration of this event. */
    public OmptSetResult support() {
        return support;
    }

    /** Whether this is one of TR2's events (not an implementation-defined one). */
    public boolean isStandard() {
        return code < 128;
    }

    /** The event with this code, or {@code null} if there is none. */
    public static OmptEvent ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
