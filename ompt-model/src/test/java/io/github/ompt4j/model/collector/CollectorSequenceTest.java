package io.github.ompt4j.model.collector;

import static io.github.ompt4j.model.collector.CollectorErrorCode.ERROR;
import static io.github.ompt4j.model.collector.CollectorErrorCode.OK;
import static io.github.ompt4j.model.collector.CollectorErrorCode.SEQUENCE_ERR;
import static io.github.ompt4j.model.collector.CollectorErrorCode.UNKNOWN;
import static io.github.ompt4j.model.collector.CollectorErrorCode.UNSUPPORTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The session's sequence rules and the error codes of the typed requests. */
class CollectorSequenceTest {
    private final CollectorCallback ignore = event -> { };

    @BeforeEach
    @AfterEach
    void reset() {
        CollectorApi.resetForTests();
    }

    /** Every request but START, each made once. */
    private List<Supplier<CollectorErrorCode>> allButStart() {
        return List.of(
                () -> CollectorApi.register(CollectorEvent.FORK, ignore),
                () -> CollectorApi.unregister(CollectorEvent.FORK),
                () -> CollectorApi.state(new CollectorStateInfo()),
                () -> CollectorApi.currentPrid(new long[1]),
                () -> CollectorApi.parentPrid(new long[1]),
                CollectorApi::stop,
                CollectorApi::pause,
                CollectorApi::resume);
    }

    @Test
    void everyRequestBeforeStartIsASequenceError() {
        for (Supplier<CollectorErrorCode> request : allButStart()) {
            assertEquals(SEQUENCE_ERR, request.get());
        }
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_BEGIN), "a refused REGISTER attaches nothing");
    }

    @Test
    void aSecondStartIsASequenceErrorAndLeavesTheSessionAlone() {
        assertEquals(OK, CollectorApi.start());
        assertEquals(OK, CollectorApi.register(CollectorEvent.FORK, ignore));
        assertEquals(SEQUENCE_ERR, CollectorApi.start());
        assertTrue(OmptDispatch.enabled(OmptEvent.PARALLEL_BEGIN));
    }

    @Test
    void afterStopEverythingButStartIsASequenceError() {
        assertEquals(OK, CollectorApi.start());
        assertEquals(OK, CollectorApi.stop());
        for (Supplier<CollectorErrorCode> request : allButStart()) {
            assertEquals(SEQUENCE_ERR, request.get());
        }
    }

    @Test
    void startAfterStopOpensANewEmptySession() {
        assertEquals(OK, CollectorApi.start());
        assertEquals(OK, CollectorApi.register(CollectorEvent.JOIN, ignore));
        assertEquals(OK, CollectorApi.pause());
        assertEquals(OK, CollectorApi.stop());
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_END), "STOP cancels the callbacks");

        assertEquals(OK, CollectorApi.start());
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_END), "the old registration is gone");
        assertEquals(OK, CollectorApi.register(CollectorEvent.JOIN, ignore));
        assertTrue(OmptDispatch.enabled(OmptEvent.PARALLEL_END), "and the new session is not paused");
        assertEquals(OK, CollectorApi.state(new CollectorStateInfo()));
        assertEquals(OK, CollectorApi.currentPrid(new long[1]));
    }

    @Test
    void registerChecksTheEvent() {
        assertEquals(OK, CollectorApi.start());
        assertEquals(UNKNOWN, CollectorApi.register(0, ignore));
        assertEquals(UNKNOWN, CollectorApi.register(23, ignore));
        assertEquals(UNKNOWN, CollectorApi.register(-7, ignore));
        assertEquals(UNKNOWN, CollectorApi.register(4095, ignore));
        assertEquals(UNSUPPORTED, CollectorApi.register(CollectorEvent.FIRST_IMPLEMENTATION_CODE, ignore));
        assertEquals(UNSUPPORTED, CollectorApi.register(Integer.MAX_VALUE, ignore));
        assertEquals(ERROR, CollectorApi.register(CollectorEvent.FORK.code(), null));
        assertEquals(UNKNOWN, CollectorApi.unregister(99));
        assertEquals(UNSUPPORTED, CollectorApi.unregister(5000));
    }

    @Test
    void unregisteringAnEventWithoutCallbackIsIgnored() {
        assertEquals(OK, CollectorApi.start());
        assertEquals(OK, CollectorApi.unregister(CollectorEvent.THR_BEGIN_SINGLE));
        assertFalse(OmptDispatch.enabled(OmptEvent.WORKSHARING_BEGIN));
    }

    @Test
    void listenersAreAttachedOnlyWhileSomeCallbackNeedsThem() {
        assertEquals(OK, CollectorApi.start());
        assertFalse(OmptDispatch.enabled(OmptEvent.BARRIER_BEGIN), "started without callbacks costs nothing");

        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_IBAR, ignore));
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_EBAR, ignore));
        assertTrue(OmptDispatch.enabled(OmptEvent.BARRIER_BEGIN));
        assertFalse(OmptDispatch.enabled(OmptEvent.BARRIER_END));
        assertEquals(OK, CollectorApi.unregister(CollectorEvent.THR_BEGIN_IBAR));
        assertTrue(OmptDispatch.enabled(OmptEvent.BARRIER_BEGIN), "EBAR still needs barrier_begin");
        assertEquals(OK, CollectorApi.unregister(CollectorEvent.THR_BEGIN_EBAR));
        assertFalse(OmptDispatch.enabled(OmptEvent.BARRIER_BEGIN));

        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_LKWT, ignore));
        assertTrue(OmptDispatch.enabled(OmptEvent.WAIT_LOCK));
        assertTrue(OmptDispatch.enabled(OmptEvent.WAIT_NEST_LOCK));
    }

    @Test
    void everyEventCanBeRegisteredAndAttachesExactlyItsSources() {
        assertEquals(OK, CollectorApi.start());
        for (CollectorEvent event : CollectorEvent.values()) {
            assertEquals(OK, CollectorApi.register(event, ignore));
            for (OmptEvent source : event.sources()) {
                assertTrue(OmptDispatch.enabled(source), event + " listens to " + source);
            }
            assertEquals(OK, CollectorApi.unregister(event));
            for (OmptEvent source : event.sources()) {
                assertFalse(OmptDispatch.enabled(source), event + " let go of " + source);
            }
        }
    }

    @Test
    void pauseAndResumeAreIdempotentAndKeepRegistrations() {
        assertEquals(OK, CollectorApi.start());
        assertEquals(OK, CollectorApi.register(CollectorEvent.FORK, ignore));
        assertEquals(OK, CollectorApi.resume(), "RESUME while running is ignored");
        assertEquals(OK, CollectorApi.pause());
        assertEquals(OK, CollectorApi.pause(), "PAUSE while paused is ignored");
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_BEGIN), "a paused collector costs nothing");
        assertEquals(OK, CollectorApi.register(CollectorEvent.JOIN, ignore), "REGISTER works while paused");
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_END));
        assertEquals(OK, CollectorApi.resume());
        assertEquals(OK, CollectorApi.resume());
        assertTrue(OmptDispatch.enabled(OmptEvent.PARALLEL_BEGIN));
        assertTrue(OmptDispatch.enabled(OmptEvent.PARALLEL_END));
    }

    @Test
    void handlesAreStablePerCallbackAndNeverZero() {
        CollectorCallback other = event -> { };
        long h = CollectorApi.handle(ignore);
        assertTrue(h != 0);
        assertEquals(h, CollectorApi.handle(ignore));
        assertTrue(CollectorApi.handle(other) != h);
        assertEquals(ignore, CollectorApi.callback(h));
        assertEquals(null, CollectorApi.callback(0));
        assertEquals(null, CollectorApi.callback(-1));
    }
}
