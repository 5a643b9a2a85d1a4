package io.github.ompt4j.benchmarks.overhead;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptDependence;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTaskStatus;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptTool;
import io.github.ompt4j.model.OmptWorkType;

/**
 * A tool that registers every event the runtime can call back and does nothing in any callback: the
 * cost of OMPT itself with all of its events on. One object implements every signature, so each
 * dispatch site sees one receiver class. Named by {@code agent-overhead.sh} with
 * {@code -javaagent:ompt-agent.jar=tool=io.github.ompt4j.benchmarks.overhead.NoopTool}.
 */
public final class NoopTool implements OmptTool, OmptCallback.ThreadType, OmptCallback.ThreadId,
        OmptCallback.ParallelBegin, OmptCallback.ParallelEnd, OmptCallback.ImplicitTask, OmptCallback.Parallel,
        OmptCallback.TaskBegin, OmptCallback.Task, OmptCallback.TaskSwitch, OmptCallback.TaskPair,
        OmptCallback.TaskDependences, OmptCallback.SyncRegion, OmptCallback.Worksharing, OmptCallback.Dispatch,
        OmptCallback.Lock, OmptCallback.Wait, OmptCallback.Control, OmptCallback.Shutdown {

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        for (OmptEvent event : OmptEvent.values()) {
            if (event.support().registers() && event.signature().isInstance(this)) {
                set.setCallback(event, this);
            }
        }
    }

    @Override
    public void onThread(OmptThreadType type, long threadId) {
    }

    @Override
    public void onThread(long threadId) {
    }

    @Override
    public void onParallelBegin(long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize,
            long codeptr, OmptInvoker invoker) {
    }

    @Override
    public void onParallelEnd(long parallelId, long taskId, OmptInvoker invoker, long codeptr) {
    }

    @Override
    public void onImplicitTask(long parallelId, long taskId, int teamSize, int threadNum) {
    }

    @Override
    public void onParallel(long parallelId, long taskId, long codeptr) {
    }

    @Override
    public void onTaskBegin(long parentTaskId, OmptFrame parentFrame, long newTaskId, int flags, long codeptr) {
    }

    @Override
    public void onTask(long taskId) {
    }

    @Override
    public void onTaskSwitch(long priorTaskId, OmptTaskStatus priorStatus, long nextTaskId) {
    }

    @Override
    public void onTaskPair(long firstTaskId, long secondTaskId) {
    }

    @Override
    public void onTaskDependences(long taskId, OmptDependence[] dependences, int count) {
    }

    @Override
    public void onSyncRegion(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
    }

    @Override
    public void onWorksharing(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
    }

    @Override
    public void onDispatch(long parallelId, long taskId, OmptWorkType type, long first, long count) {
    }

    @Override
    public void onLock(long waitId, int hint, int impl, long codeptr) {
    }

    @Override
    public void onWait(long waitId, long codeptr) {
    }

    @Override
    public void onControl(long command, long modifier) {
    }

    @Override
    public void onShutdown() {
    }
}
