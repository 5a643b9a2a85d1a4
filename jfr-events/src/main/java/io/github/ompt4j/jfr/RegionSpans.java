package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;

/**
 * {@code ompt.ParallelRegion}: a region's span lives in {@link OpenRegions}, keyed by region ID, not in a thread,
 * because a region may end on another thread than the one that began it.
 */
final class RegionSpans {
    /** A probe for {@code isEnabled()}, which reads only the type's static state. */
    private static final ParallelRegionEvent PROBE = new ParallelRegionEvent();

    private final JfrContext context;
    private final OpenRegions regions = new OpenRegions();

    RegionSpans(JfrContext context) {
        this.context = context;
    }

    /** Regions begun and not ended; the no-leak contract says 0 once every region has ended. */
    int open() {
        return regions.size();
    }

    void parallelBegin(long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize,
            long codeptr, OmptInvoker invoker) {
        if (context.recording() && PROBE.isEnabled()) {
            // The encountering task is still the thread's current one: level 0 is the region it runs in.
            regions.open(parallelId, parentTaskId, context.getParallelId.getParallelId(0), requestedTeamSize,
                    Names.invoker(invoker), context.callSites.of(codeptr));
        }
    }

    void parallelEnd(long parallelId, long taskId, OmptInvoker invoker, long codeptr) {
        ParallelRegionEvent e = regions.close(parallelId);
        if (e != null) {
            e.end();
            if (e.shouldCommit()) {
                e.participants = context.getParticipants.getParallelParticipants().length;
                e.commit();
            }
            regions.recycle(e);
        }
    }

    /** The master's implicit task tells the region its team size. */
    void implicitTaskBegin(long parallelId, long taskId, int teamSize, int threadNum) {
        if (threadNum == 0 && PROBE.isEnabled()) {
            regions.teamSize(parallelId, teamSize);
        }
    }
}
