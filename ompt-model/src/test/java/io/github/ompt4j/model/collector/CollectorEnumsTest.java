package io.github.ompt4j.model.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptState;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The enums carry the header's numbers, and OMPT states map onto Collector states as documented. */
class CollectorEnumsTest {

    @Test
    void requestCodesAreTheHeaders() {
        String[] header = {"START", "REGISTER", "UNREGISTER", "STATE", "CURRENT_PRID", "PARENT_PRID", "STOP", "PAUSE",
            "RESUME"};
        assertEquals(header.length, CollectorRequest.values().length);
        for (int code = 0; code < header.length; code++) {
            assertEquals(header[code], CollectorRequest.ofCode(code).name());
            assertEquals(code, CollectorRequest.ofCode(code).code());
        }
        assertNull(CollectorRequest.ofCode(-1));
        assertNull(CollectorRequest.ofCode(9));
    }

    @Test
    void errorCodesAreTheHeaders() {
        String[] header = {"OK", "ERROR", "UNKNOWN", "UNSUPPORTED", "SEQUENCE_ERR", "OBSOLETE", "THREAD_ERR",
            "MEM_TOO_SMALL"};
        assertEquals(header.length, CollectorErrorCode.values().length);
        for (int code = 0; code < header.length; code++) {
            assertEquals(header[code], CollectorErrorCode.ofCode(code).name());
            assertEquals(code, CollectorErrorCode.ofCode(code).code());
        }
        assertNull(CollectorErrorCode.ofCode(8));
    }

    @Test
    void eventCodesAreTheHeaders() {
        String[] header = {"FORK", "JOIN", "THR_BEGIN_IDLE", "THR_END_IDLE", "THR_BEGIN_IBAR", "THR_END_IBAR",
            "THR_BEGIN_EBAR", "THR_END_EBAR", "THR_BEGIN_LKWT", "THR_END_LKWT", "THR_BEGIN_CTWT", "THR_END_CTWT",
            "THR_BEGIN_ODWT", "THR_END_ODWT", "THR_BEGIN_MASTER", "THR_END_MASTER", "THR_BEGIN_SINGLE",
            "THR_END_SINGLE", "THR_BEGIN_ORDERED", "THR_END_ORDERED", "THR_BEGIN_ATWT", "THR_END_ATWT"};
        assertEquals(header.length, CollectorEvent.values().length);
        for (int i = 0; i < header.length; i++) {
            CollectorEvent event = CollectorEvent.ofCode(i + 1);
            assertEquals(header[i], event.name());
            assertEquals(i + 1, event.code());
            assertFalse(event.sources().isEmpty(), event + " comes from some OMPT event");
        }
        assertNull(CollectorEvent.ofCode(0));
        assertNull(CollectorEvent.ofCode(23));
        assertEquals(4096, CollectorEvent.FIRST_IMPLEMENTATION_CODE);
    }

    @Test
    void stateCodesAreTheHeaders() {
        String[] header = {"THR_OVHD_STATE", "THR_WORK_STATE", "THR_IBAR_STATE", "THR_EBAR_STATE", "THR_IDLE_STATE",
            "THR_SERIAL_STATE", "THR_REDUC_STATE", "THR_LKWT_STATE", "THR_CTWT_STATE", "THR_ODWT_STATE",
            "THR_ATWT_STATE"};
        assertEquals(header.length, CollectorState.values().length);
        for (int i = 0; i < header.length; i++) {
            assertEquals(header[i], CollectorState.ofCode(i + 1).name());
            assertEquals(i + 1, CollectorState.ofCode(i + 1).code());
        }
        assertNull(CollectorState.ofCode(0));
        assertNull(CollectorState.ofCode(12));
    }

    @Test
    void everyOmptStateMapsAsDocumented() {
        Map<OmptState, CollectorState> expected = new EnumMap<>(OmptState.class);
        expected.put(OmptState.WORK_SERIAL, CollectorState.THR_SERIAL_STATE);
        expected.put(OmptState.WORK_PARALLEL, CollectorState.THR_WORK_STATE);
        expected.put(OmptState.WORK_REDUCTION, CollectorState.THR_REDUC_STATE);
        expected.put(OmptState.IDLE, CollectorState.THR_IDLE_STATE);
        expected.put(OmptState.OVERHEAD, CollectorState.THR_OVHD_STATE);
        expected.put(OmptState.WAIT_BARRIER, CollectorState.THR_IBAR_STATE);
        expected.put(OmptState.WAIT_BARRIER_IMPLICIT, CollectorState.THR_IBAR_STATE);
        expected.put(OmptState.WAIT_BARRIER_EXPLICIT, CollectorState.THR_EBAR_STATE);
        expected.put(OmptState.WAIT_TASKWAIT, CollectorState.THR_EBAR_STATE);
        expected.put(OmptState.WAIT_TASKGROUP, CollectorState.THR_EBAR_STATE);
        expected.put(OmptState.WAIT_LOCK, CollectorState.THR_LKWT_STATE);
        expected.put(OmptState.WAIT_CRITICAL, CollectorState.THR_CTWT_STATE);
        expected.put(OmptState.WAIT_ATOMIC, CollectorState.THR_ATWT_STATE);
        expected.put(OmptState.WAIT_ORDERED, CollectorState.THR_ODWT_STATE);
        expected.put(OmptState.WAIT_TARGET, CollectorState.THR_OVHD_STATE);
        expected.put(OmptState.WAIT_TARGET_DATA, CollectorState.THR_OVHD_STATE);
        expected.put(OmptState.WAIT_TARGET_UPDATE, CollectorState.THR_OVHD_STATE);
        expected.put(OmptState.UNDEFINED, CollectorState.THR_SERIAL_STATE);
        expected.put(OmptState.FIRST, CollectorState.THR_SERIAL_STATE);
        List<OmptState> unmapped = new ArrayList<>(List.of(OmptState.values()));
        unmapped.removeAll(expected.keySet());
        assertEquals(List.of(), unmapped, "a new OMPT state needs a row in the table");
        expected.forEach((omptState, collectorState) -> assertEquals(collectorState, CollectorState.of(omptState),
                omptState.name()));
    }

    @Test
    void exactlyTheWaitStatesCarryAWaitId() {
        for (CollectorState s : CollectorState.values()) {
            boolean wait = s == CollectorState.THR_IBAR_STATE || s == CollectorState.THR_EBAR_STATE
                    || s == CollectorState.THR_LKWT_STATE || s == CollectorState.THR_CTWT_STATE
                    || s == CollectorState.THR_ODWT_STATE || s == CollectorState.THR_ATWT_STATE;
            assertEquals(wait, s.hasWaitId(), s.name());
        }
    }

    @Test
    void requestsThatHoldALongAreTheOnesThatNeedAlignment() {
        for (CollectorRequest r : CollectorRequest.values()) {
            boolean holdsLong = r == CollectorRequest.REGISTER || r == CollectorRequest.STATE
                    || r == CollectorRequest.CURRENT_PRID || r == CollectorRequest.PARENT_PRID;
            assertEquals(holdsLong, r.holdsLong(), r.name());
            assertTrue(r.returnBytes() <= r.memBytes(), r.name());
        }
    }
}
