package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.hooks.directives.RegionHooks;
import io.github.ompt4j.model.collector.CollectorApi;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the Collector API's START does to the runtime's tracking, asked as a collector written from the
 * white paper asks: one request buffer in native byte order, with the header's numbers. START turns
 * tracking on without an OMPT tool or any REGISTER, and it is "too late" (SEQUENCE_ERR) once the
 * directive library ran untracked.
 */
class CollectorStartTest {
    private static final int OMP_REQ_START = 0;
    private static final int OMP_REQ_STATE = 3;
    private static final int OMP_REQ_CURRENT_PRID = 4;
    private static final int OMP_REQ_STOP = 6;
    private static final int OMP_ERRCODE_OK = 0;
    private static final int OMP_ERRCODE_SEQUENCE_ERR = 4;
    private static final int THR_WORK_STATE = 2;

    @BeforeEach
    @AfterEach
    void reset() {
        CollectorApi.resetForTests();
        Ompt.resetForTests();
    }

    /** Sends one request whose {@code mem} has {@code memSize} bytes; returns the buffer, answered. */
    private static ByteBuffer request(int request, int memSize) {
        ByteBuffer b = ByteBuffer.allocate(16 + memSize + 4).order(ByteOrder.nativeOrder());
        b.putInt(0, 16 + memSize).putInt(4, request).putInt(8, -1).putInt(12, -1).putInt(16 + memSize, 0);
        assertEquals(0, CollectorApi.request(b));
        return b;
    }

    private static int ec(int request) {
        return request(request, 0).getInt(8);
    }

    @Test
    void startTracksWithoutAToolOrACallbackAndStopLeavesTrackingOn() throws Exception {
        assertFalse(OmptDispatch.tracking(), "no tool, no collector");
        assertEquals(OMP_ERRCODE_OK, ec(OMP_REQ_START));
        assertTrue(OmptDispatch.tracking());
        assertFalse(OmptDispatch.anyCallback(), "nothing registered: no event is dispatched");
        OnThread.run("initial", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                Object region = RegionHooks.parallelBegin(2, 1);
                assertNotNull(region, "the library's hooks report the region");
                assertTrue(RegionHooks.implicitTaskBegin(region, 0));
                ByteBuffer state = request(OMP_REQ_STATE, 16);
                assertEquals(OMP_ERRCODE_OK, state.getInt(8));
                assertEquals(THR_WORK_STATE, state.getInt(16));
                ByteBuffer prid = request(OMP_REQ_CURRENT_PRID, 8);
                assertEquals(OMP_ERRCODE_OK, prid.getInt(8));
                assertEquals(((OmptParallel) region).id(), prid.getLong(16));
                assertNotEquals(0, prid.getLong(16));
                RegionHooks.implicitTaskEnd(true);
                RegionHooks.parallelEnd(region);
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(OMP_ERRCODE_OK, ec(OMP_REQ_STOP));
        assertTrue(OmptDispatch.tracking(), "a new session will need the model as it is");
        assertEquals(OMP_ERRCODE_OK, ec(OMP_REQ_START));
    }

    @Test
    void startAfterTheLibraryRanARegionUntrackedIsTooLate() throws Exception {
        OnThread.run("initial", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                assertNull(RegionHooks.parallelBegin(2, 2), "no tool: the region runs untracked");
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(OMP_ERRCODE_SEQUENCE_ERR, ec(OMP_REQ_START));
        assertFalse(OmptDispatch.tracking(), "a START refused turns nothing on");
        assertEquals(OMP_ERRCODE_SEQUENCE_ERR, request(OMP_REQ_STATE, 16).getInt(8), "and opens no session");
    }

    @Test
    void withAToolTheRuntimeTracksFromTheStartAndStartIsNeverTooLate() throws Exception {
        Ompt.start(List.of(new Recorder(r -> r.register(OmptEvent.PARALLEL_BEGIN,
                (OmptCallback.ParallelBegin) (p, f, id, n, c, i) -> { }))));
        OnThread.run("initial", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                Object region = RegionHooks.parallelBegin(1, 1);
                assertNotNull(region);
                RegionHooks.parallelEnd(region);
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(OMP_ERRCODE_OK, ec(OMP_REQ_START));
    }

    @Test
    void anUntrackedRunAndTurningTrackingOnCannotBothGoAhead() {
        assertTrue(OmptRegistry.keepTracking(true));
        assertFalse(OmptRegistry.runsUntracked(), "a hook that looked before tracking turned on tracks after all");
        Ompt.resetForTests();
        assertTrue(OmptRegistry.runsUntracked());
        assertTrue(OmptRegistry.runsUntracked(), "recorded once, answered again without the lock");
        assertFalse(OmptRegistry.keepTracking(true));
        assertFalse(OmptDispatch.tracking());
        assertTrue(OmptRegistry.keepTracking(false), "turning it off always works");
    }
}
