package io.github.ompt4j.model.collector;

import static io.github.ompt4j.model.collector.CollectorErrorCode.ERROR;
import static io.github.ompt4j.model.collector.CollectorErrorCode.MEM_TOO_SMALL;
import static io.github.ompt4j.model.collector.CollectorErrorCode.OK;
import static io.github.ompt4j.model.collector.CollectorErrorCode.SEQUENCE_ERR;
import static io.github.ompt4j.model.collector.CollectorErrorCode.THREAD_ERR;
import static io.github.ompt4j.model.collector.CollectorErrorCode.UNKNOWN;
import static io.github.ompt4j.model.collector.CollectorErrorCode.UNSUPPORTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The batched request format of {@code __omp_collector_api}: framing, mem checks, and batching. */
class CollectorBatchTest {

    @BeforeEach
    @AfterEach
    void reset() {
        CollectorApi.resetForTests();
    }

    @ParameterizedTest
    @ValueSource(strings = {"BIG_ENDIAN", "LITTLE_ENDIAN"})
    void aBatchIsAnsweredInOrderUpToTheTerminatingZero(String order) throws Exception {
        Threads.run("initial", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                Batch b = new Batch(256, order.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
                int start = b.entry(CollectorRequest.START, 0);
                int register = b.register(CollectorEvent.FORK.code(), CollectorApi.handle(event -> { }));
                int state = b.entry(CollectorRequest.STATE, 16);
                int current = b.entry(CollectorRequest.CURRENT_PRID, 8);
                int parent = b.entry(CollectorRequest.PARENT_PRID, 8);
                b.end();
                int afterEnd = b.entry(CollectorRequest.STOP, 0);

                assertEquals(0, b.send());

                assertEquals(OK, b.ec(start));
                assertEquals(0, b.rsz(start));
                assertEquals(OK, b.ec(register));
                assertEquals(0, b.rsz(register));
                assertTrue(OmptDispatch.enabled(OmptEvent.PARALLEL_BEGIN), "FORK was registered");
                assertEquals(OK, b.ec(state));
                assertEquals(16, b.rsz(state));
                assertEquals(CollectorState.THR_SERIAL_STATE.code(), b.memInt(state, 0));
                assertEquals(0, b.memLong(state, 8));
                assertEquals(OK, b.ec(current));
                assertEquals(8, b.rsz(current));
                assertEquals(0, b.memLong(current, 0), "serial: in no region");
                assertEquals(THREAD_ERR, b.ec(parent), "the initial thread outside regions masters no team");
                assertEquals(0, b.rsz(parent));
                assertNull(b.ec(afterEnd), "nothing after the terminator is read");
                assertTrue(CollectorApi.isStarted());
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
    }

    @Test
    void batchedRequestsFollowTheSameSequenceRulesAsSeparateOnes() {
        Batch b = new Batch(256);
        int early = b.entry(CollectorRequest.STATE, 16);
        int start = b.entry(CollectorRequest.START, 0);
        int again = b.entry(CollectorRequest.START, 0);
        int stop = b.entry(CollectorRequest.STOP, 0);
        int late = b.entry(CollectorRequest.PAUSE, 0);
        int restart = b.entry(CollectorRequest.START, 0);
        b.end();

        assertEquals(0, b.send(), "error codes in entries do not fail the request");
        assertEquals(List.of(SEQUENCE_ERR, OK, SEQUENCE_ERR, OK, SEQUENCE_ERR, OK),
                List.of(b.ec(early), b.ec(start), b.ec(again), b.ec(stop), b.ec(late), b.ec(restart)));
        assertEquals(0, b.rsz(early));
    }

    @Test
    void everyErrorCodeButObsoleteCanBeAnswered() {
        Batch b = new Batch(512);
        int sequence = b.entry(CollectorRequest.RESUME, 0);
        int ok = b.entry(CollectorRequest.START, 0);
        int error = b.register(CollectorEvent.JOIN.code(), 12345);
        int unknownRequest = b.entry(16, 42);
        int unknownEvent = b.register(50, CollectorApi.handle(event -> { }));
        int unsupported = b.register(CollectorEvent.FIRST_IMPLEMENTATION_CODE + 1, CollectorApi.handle(event -> { }));
        int thread = b.entry(CollectorRequest.PARENT_PRID, 8);
        int small = b.entry(CollectorRequest.STATE, 8);
        b.end();

        assertEquals(0, b.send());
        assertEquals(SEQUENCE_ERR, b.ec(sequence));
        assertEquals(OK, b.ec(ok));
        assertEquals(ERROR, b.ec(error), "a handle that was never given out");
        assertEquals(UNKNOWN, b.ec(unknownRequest));
        assertEquals(UNKNOWN, b.ec(unknownEvent));
        assertEquals(UNSUPPORTED, b.ec(unsupported));
        assertEquals(THREAD_ERR, b.ec(thread), "the test thread is not an OpenMP thread");
        assertEquals(MEM_TOO_SMALL, b.ec(small));
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_END));
    }

    @Test
    void unknownRequestNumbersAreUnknownEvenBeforeStart() {
        Batch b = new Batch(64);
        int nine = b.entry(16, 9);
        int negative = b.entry(16, -1);
        b.end();
        assertEquals(0, b.send());
        assertEquals(UNKNOWN, b.ec(nine));
        assertEquals(UNKNOWN, b.ec(negative));
        assertEquals(0, b.rsz(nine));
    }

    @Test
    void anSzThatIsNotAMultipleOfFourIgnoresTheRest() {
        Batch b = new Batch(128);
        int start = b.entry(CollectorRequest.START, 0);
        int odd = b.entry(18, CollectorRequest.STOP.code());
        b.at(odd + 20);
        int after = b.entry(CollectorRequest.STOP, 0);
        b.end();

        assertEquals(-1, b.send());
        assertEquals(OK, b.ec(start), "entries before the bad one keep their answers");
        assertNull(b.ec(odd));
        assertNull(b.ec(after));
        assertTrue(CollectorApi.isStarted(), "the STOP after the bad entry was not run");
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 12, -16, Integer.MIN_VALUE})
    void anSzBelowSixteenIgnoresTheRest(int sz) {
        Batch b = new Batch(64);
        int bad = b.entry(sz, CollectorRequest.START.code());
        b.at(16).end();
        assertEquals(-1, b.send());
        assertNull(b.ec(bad));
        assertFalse(CollectorApi.isStarted());
    }

    @Test
    void anEntryLongerThanTheBufferIgnoresTheRest() {
        Batch b = new Batch(64);
        int start = b.entry(CollectorRequest.START, 0);
        int overflowing = b.entry(CollectorRequest.STATE, 16);
        b.buffer.putInt(overflowing, 64);
        assertEquals(-1, b.send());
        assertEquals(OK, b.ec(start));
        assertNull(b.ec(overflowing));
    }

    @Test
    void aRequestWithoutItsTerminatorBeforeTheLimitFails() {
        Batch b = new Batch(32);
        int start = b.entry(CollectorRequest.START, 0);
        int stop = b.entry(CollectorRequest.STOP, 0);
        assertEquals(-1, b.send(), "the buffer ends where the terminator should be");
        assertEquals(OK, b.ec(start));
        assertEquals(OK, b.ec(stop));
    }

    @Test
    void aMisalignedEntryIgnoresTheRestAndTheBufferIsLeftAsItWas() {
        Batch b = new Batch(64);
        int entry = b.at(2).entry(CollectorRequest.START, 0);
        b.end();
        b.buffer.position(2).limit(40);
        assertEquals(-1, b.send());
        assertNull(b.ec(entry));
        assertFalse(CollectorApi.isStarted());
        assertEquals(2, b.buffer.position());
        assertEquals(40, b.buffer.limit());
    }

    @Test
    void theRequestStartsAtThePosition() {
        Batch b = new Batch(64);
        b.entry(CollectorRequest.STOP, 0);
        int start = b.entry(CollectorRequest.START, 0);
        b.end();
        b.buffer.position(start);
        assertEquals(0, b.send());
        assertEquals(OK, b.ec(start));
        assertTrue(CollectorApi.isStarted(), "the STOP before the position was not read");
    }

    @Test
    void aMemTooSmallAnswersTheSizeNeeded() {
        assertEquals(OK, CollectorApi.start());
        Batch b = new Batch(256);
        int state = b.entry(CollectorRequest.STATE, 8);
        int prid = b.entry(CollectorRequest.CURRENT_PRID, 0);
        int register = b.entry(CollectorRequest.REGISTER, 8);
        int unregister = b.entry(CollectorRequest.UNREGISTER, 0);
        int roomy = b.entry(CollectorRequest.STATE, 32);
        b.end();

        assertEquals(0, b.send());
        assertEquals(MEM_TOO_SMALL, b.ec(state));
        assertEquals(16, b.rsz(state));
        assertEquals(MEM_TOO_SMALL, b.ec(prid));
        assertEquals(8, b.rsz(prid));
        assertEquals(MEM_TOO_SMALL, b.ec(register));
        assertEquals(16, b.rsz(register));
        assertEquals(MEM_TOO_SMALL, b.ec(unregister));
        assertEquals(4, b.rsz(unregister));
        assertEquals(OK, b.ec(roomy), "a larger mem is fine");
        assertEquals(16, b.rsz(roomy), "rsz is the size of the data returned");
    }

    @Test
    void aMisalignedMemOfARequestHoldingALongIsAnErrorAndOnlyThatEntryIsSkipped() {
        assertEquals(OK, CollectorApi.start());
        Batch b = new Batch(256);
        int unregister = b.unregister(CollectorEvent.FORK.code());
        int state = b.entry(CollectorRequest.STATE, 16);
        int register = b.register(CollectorEvent.JOIN.code(), CollectorApi.handle(event -> { }));
        int pause = b.entry(CollectorRequest.PAUSE, 0);
        int realign = b.unregister(CollectorEvent.FORK.code());
        int prid = b.entry(CollectorRequest.CURRENT_PRID, 8);
        b.end();
        b.buffer.putLong(state + 24, 77);

        assertEquals(0, b.send());
        assertEquals(OK, b.ec(unregister));
        assertEquals(20, state, "this entry's mem is at 36");
        assertEquals(ERROR, b.ec(state));
        assertEquals(0, b.rsz(state));
        assertEquals(77, b.memLong(state, 8), "an ignored entry's mem is not written");
        assertEquals(ERROR, b.ec(register));
        assertEquals(OK, b.ec(pause), "a request without a long needs no alignment");
        assertEquals(OK, b.ec(realign));
        assertEquals(OK, b.ec(prid), "mem at " + (prid + 16) + " is aligned again");
        assertEquals(OK, CollectorApi.resume());
        assertFalse(OmptDispatch.enabled(OmptEvent.PARALLEL_END), "the misaligned REGISTER was not run");
    }

    @Test
    void aNullOrReadOnlyBufferCannotBeAnswered() {
        assertEquals(-1, CollectorApi.request(null));
        Batch b = new Batch(32);
        b.entry(CollectorRequest.START, 0);
        b.end();
        ByteBuffer readOnly = b.buffer.asReadOnlyBuffer();
        assertEquals(-1, CollectorApi.request(readOnly));
        assertFalse(CollectorApi.isStarted());
    }

    @Test
    void aCallbackRegisteredByHandleReceivesEventsUntilUnregistered() throws Exception {
        EventLog log = new EventLog();
        Batch b = new Batch(128);
        int start = b.entry(CollectorRequest.START, 0);
        int register = b.register(CollectorEvent.FORK.code(), CollectorApi.handle(log));
        b.end();
        assertEquals(0, b.send());
        assertEquals(List.of(OK, OK), List.of(b.ec(start), b.ec(register)));

        Threads.run("forker", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                OmptRuntime.parallelEnd(t, region);
                Batch u = new Batch(64);
                int unregister = u.unregister(CollectorEvent.FORK.code());
                u.end();
                assertEquals(0, u.send());
                assertEquals(OK, u.ec(unregister));
                OmptRuntime.parallelEnd(t, OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0));
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(List.of("forker: FORK"), log.lines());
    }
}
