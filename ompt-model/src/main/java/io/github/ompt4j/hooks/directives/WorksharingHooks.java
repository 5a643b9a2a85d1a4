package io.github.ompt4j.hooks.directives;

import static io.github.ompt4j.hooks.directives.Directives.HEALTH;
import static io.github.ompt4j.hooks.directives.Directives.begins;
import static io.github.ompt4j.hooks.directives.Directives.callSite;
import static io.github.ompt4j.hooks.directives.Directives.thread;

import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptWorkType;

/**
 * The directive library's worksharing: loops and sections ({@code LoopScheduler}) with their chunks,
 * single ({@code Worksharing}) and masked ({@code Masked}).
 */
public final class WorksharingHooks {
    private WorksharingHooks() {
    }

    /** The OMPT work type of the library's {@code WorkKind} and resolved schedule ({@code omp_sched_t} code). */
    static OmptWorkType workType(Object work, int scheduleCode) {
        if ("SECTIONS".equals(((Enum<?>) work).name())) {
            return OmptWorkType.SECTIONS;
        }
        switch (scheduleCode) {
            case 1:
                return OmptWorkType.LOOP_STATIC;
            case 2:
                return OmptWorkType.LOOP_DYNAMIC;
            case 3:
                return OmptWorkType.LOOP_GUIDED;
            default:
                return OmptWorkType.LOOP_AUTO;
        }
    }

    /** {@code LoopScheduler.begin} returned: a loop or sections construct of {@code count} iterations begins. */
    public static void loopBegin(Object work, int scheduleCode, long count) {
        if (begins()) {
            OmptThread t = thread();
            OmptRuntime.worksharingBegin(t, workType(work, scheduleCode), count,
                    callSite(t, OmptEvent.WORKSHARING_BEGIN));
        }
    }

    /** {@code LoopScheduler.end}: the construct ends. */
    public static void loopEnd(Object work, int scheduleCode, long count) {
        if (HEALTH.active()) {
            OmptRuntime.worksharingEnd(thread(), workType(work, scheduleCode), count);
        }
    }

    /** {@code LoopScheduler.nextChunk} returned {@code taken}: the chunk {@code [start, end)} or a section. */
    public static void dispatch(boolean taken, Object work, int scheduleCode, long start, long end) {
        if (taken && HEALTH.active() && OmptDispatch.enabled(OmptEvent.DISPATCH)) {
            OmptRuntime.dispatch(thread(), workType(work, scheduleCode), start, end - start);
        }
    }

    /** A chunk {@code [start, end)} that the loop computed inline begins. */
    public static void dispatchedInline(Object work, int scheduleCode, long start, long end) {
        dispatch(true, work, scheduleCode, start, end);
    }

    /** {@code Worksharing.singleEnter} returned: this thread executes the single block or skips it. */
    public static void singleBegin(boolean executor) {
        if (begins()) {
            OmptThread t = thread();
            OmptRuntime.worksharingBegin(t, executor ? OmptWorkType.SINGLE : OmptWorkType.SINGLE_OTHER, 1,
                    callSite(t, OmptEvent.WORKSHARING_BEGIN));
        }
    }

    /** {@code Worksharing.singleExit(state, executor)}. */
    public static void singleEnd(boolean executor) {
        if (HEALTH.active()) {
            OmptRuntime.worksharingEnd(thread(), executor ? OmptWorkType.SINGLE : OmptWorkType.SINGLE_OTHER, 1);
        }
    }

    /** {@code Masked.run}. */
    public static boolean masterBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.masterBegin(t, callSite(t, OmptEvent.MASTER_BEGIN));
            return true;
        }
        return false;
    }

    public static void masterEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.masterEnd(thread());
        }
    }
}
