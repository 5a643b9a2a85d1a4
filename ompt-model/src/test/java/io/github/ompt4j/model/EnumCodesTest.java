package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every code against the spec's tables, typed in here from TR2 Appendix A and the spec chapter. */
class EnumCodesTest {

    private static Map<String, Integer> table(Object... nameCode) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < nameCode.length; i += 2) {
            m.put((String) nameCode[i], (Integer) nameCode[i + 1]);
        }
        return m;
    }

    private static <E extends Enum<E>> void assertCodes(Map<String, Integer> spec, E[] values,
            java.util.function.Function<E, String> name, java.util.function.ToIntFunction<E> code) {
        Map<String, Integer> ours = new LinkedHashMap<>();
        for (E e : values) {
            ours.put(name.apply(e), code.applyAsInt(e));
        }
        assertEquals(spec, ours);
    }

    @Test
    void statesMatchAppendixA1() {
        assertCodes(table(
                "ompt_state_work_serial", 0x00, "ompt_state_work_parallel", 0x01, "ompt_state_work_reduction", 0x02,
                "ompt_state_idle", 0x10, "ompt_state_overhead", 0x20,
                "ompt_state_wait_barrier", 0x40, "ompt_state_wait_barrier_implicit", 0x41,
                "ompt_state_wait_barrier_explicit", 0x42, "ompt_state_wait_taskwait", 0x50,
                "ompt_state_wait_taskgroup", 0x51, "ompt_state_wait_lock", 0x60, "ompt_state_wait_critical", 0x62,
                "ompt_state_wait_atomic", 0x63, "ompt_state_wait_ordered", 0x64, "ompt_state_wait_target", 0x70,
                "ompt_state_wait_target_data", 0x71, "ompt_state_wait_target_update", 0x72,
                "ompt_state_undefined", 0x80, "ompt_state_first", 0x81),
                OmptState.values(), OmptState::ompName, OmptState::code);
        assertSame(OmptState.WAIT_LOCK, OmptState.ofCode(0x60));
        assertNull(OmptState.ofCode(0x61));
        assertNull(OmptState.ofCode(-1));
    }

    @Test
    void eventsMatchAppendixA2PlusOurExtensions() {
        assertCodes(table(
                "ompt_event_parallel_begin", 1, "ompt_event_parallel_end", 2, "ompt_event_task_begin", 3,
                "ompt_event_task_end", 4, "ompt_event_thread_begin", 5, "ompt_event_thread_end", 6,
                "ompt_event_control", 7, "ompt_event_runtime_shutdown", 8, "ompt_event_idle_begin", 9,
                "ompt_event_idle_end", 10, "ompt_event_wait_barrier_begin", 11, "ompt_event_wait_barrier_end", 12,
                "ompt_event_wait_taskwait_begin", 13, "ompt_event_wait_taskwait_end", 14,
                "ompt_event_wait_taskgroup_begin", 15, "ompt_event_wait_taskgroup_end", 16,
                "ompt_event_release_lock", 17, "ompt_event_release_nest_lock_last", 18,
                "ompt_event_release_critical", 19, "ompt_event_release_atomic", 20, "ompt_event_release_ordered", 21,
                "ompt_event_implicit_task_begin", 22, "ompt_event_implicit_task_end", 23,
                "ompt_event_initial_task_begin", 24, "ompt_event_initial_task_end", 25, "ompt_event_task_switch", 26,
                "ompt_event_worksharing_begin", 35, "ompt_event_worksharing_end", 36, "ompt_event_master_begin", 37,
                "ompt_event_master_end", 38, "ompt_event_barrier_begin", 39, "ompt_event_barrier_end", 40,
                "ompt_event_taskwait_begin", 41, "ompt_event_taskwait_end", 42, "ompt_event_taskgroup_begin", 43,
                "ompt_event_taskgroup_end", 44, "ompt_event_release_nest_lock_prev", 45, "ompt_event_wait_lock", 46,
                "ompt_event_wait_nest_lock", 47, "ompt_event_wait_critical", 48, "ompt_event_wait_atomic", 49,
                "ompt_event_wait_ordered", 50, "ompt_event_acquired_lock", 51,
                "ompt_event_acquired_nest_lock_first", 52, "ompt_event_acquired_nest_lock_next", 53,
                "ompt_event_acquired_critical", 54, "ompt_event_acquired_atomic", 55,
                "ompt_event_acquired_ordered", 56, "ompt_event_init_lock", 57, "ompt_event_init_nest_lock", 58,
                "ompt_event_destroy_lock", 59, "ompt_event_flush", 61, "ompt_event_target_task_begin", 62,
                "ompt_event_target_task_end", 63, "ompt_event_target_data_begin", 65,
                "ompt_event_target_data_end", 66, "ompt_event_target_data_map_begin", 67,
                "ompt_event_target_data_map_end", 68, "ompt_event_task_dependences", 69,
                "ompt_event_task_dependence_pair", 70,
                "ompt_event_dispatch", 128, "ompt_event_reduction_begin", 129, "ompt_event_reduction_end", 130),
                OmptEvent.values(), OmptEvent::ompName, OmptEvent::code);
        for (OmptEvent e : OmptEvent.values()) {
            assertSame(e, OmptEvent.ofCode(e.code()));
            assertEquals(e.code() < 128, e.isStandard(), e.ompName());
        }
    }

    @Test
    void miscellaneousTypesMatchAppendixA3() {
        assertCodes(table("ompt_thread_initial", 1, "ompt_thread_worker", 2, "ompt_thread_other", 3),
                OmptThreadType.values(), OmptThreadType::ompName, OmptThreadType::code);
        assertCodes(table("ompt_task_initial", 1, "ompt_task_implicit", 2, "ompt_task_explicit", 3,
                "ompt_task_target", 4, "ompt_task_degenerate", 5),
                OmptTaskType.values(), OmptTaskType::ompName, OmptTaskType::code);
        assertCodes(table("ompt_invoker_program", 0, "ompt_invoker_runtime", 1),
                OmptInvoker.values(), OmptInvoker::ompName, OmptInvoker::code);
        assertCodes(table("ompt_mutex_mutex", 0x10, "ompt_mutex_lock", 0x11, "ompt_mutex_nest_lock", 0x12,
                "ompt_mutex_critical", 0x13, "ompt_mutex_atomic", 0x14, "ompt_mutex_ordered", 0x20),
                OmptMutexKind.values(), OmptMutexKind::ompName, OmptMutexKind::code);
        assertCodes(table("ompt_task_dependence_type_out", 1, "ompt_task_dependence_type_in", 2,
                "ompt_task_dependence_type_inout", 3),
                OmptDependenceType.values(), OmptDependenceType::ompName, OmptDependenceType::code);
    }

    @Test
    void syncRegionAndWorksharingKindsKeepTr2CodesAndNameTheirRefinements() {
        assertEquals(0, OmptSyncRegionKind.BARRIER.code());
        assertEquals(1, OmptSyncRegionKind.TASKWAIT.code());
        assertEquals(2, OmptSyncRegionKind.TASKGROUP.code());
        assertSame(OmptSyncRegionKind.BARRIER, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL.generic());
        assertSame(OmptSyncRegionKind.BARRIER, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE.generic());
        assertSame(OmptSyncRegionKind.BARRIER, OmptSyncRegionKind.BARRIER_EXPLICIT.generic());
        assertEquals(9, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL.openmp51Code());
        assertEquals(OmptState.WAIT_BARRIER_EXPLICIT, OmptSyncRegionKind.BARRIER_EXPLICIT.waitState());
        assertEquals(OmptState.WAIT_BARRIER_IMPLICIT, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE.waitState());
        for (OmptSyncRegionKind k : OmptSyncRegionKind.values()) {
            assertEquals(k.code() >= 128, k.generic() != k || k == OmptSyncRegionKind.REDUCTION, k.name());
        }
        assertEquals(0, OmptWorkType.LOOP.code());
        assertEquals(1, OmptWorkType.SECTIONS.code());
        assertEquals(2, OmptWorkType.SINGLE.code());
        assertEquals(3, OmptWorkType.WORKSHARE.code());
        assertSame(OmptWorkType.SINGLE, OmptWorkType.SINGLE_OTHER.generic());
        assertSame(OmptWorkType.LOOP, OmptWorkType.LOOP_GUIDED.generic());
    }

    @Test
    void setCallbackResultsAndControlCommandsMatchTheSpec() {
        assertCodes(table("ERROR", 0, "NO_CALLBACK", 1, "NEVER", 2, "SOMETIMES", 3, "ALWAYS", 4),
                OmptSetResult.values(), Enum::name, OmptSetResult::code);
        assertCodes(table("START", 1, "PAUSE", 2, "FLUSH", 3, "STOP", 4),
                OmptControlCommand.values(), Enum::name, OmptControlCommand::code);
        assertEquals(64, OmptControlCommand.TOOL_SPECIFIC_BASE);
    }

    @Test
    void taskFlagsAreOpenMp5Bits() {
        assertEquals(0x08000000, OmptTaskFlag.UNDEFERRED);
        assertEquals(0x10000000, OmptTaskFlag.UNTIED);
        assertEquals(0x20000000, OmptTaskFlag.FINAL);
        assertEquals(0x40000000, OmptTaskFlag.MERGEABLE);
        assertEquals(0x80000000, OmptTaskFlag.MERGED);
        assertEquals("undeferred|final", OmptTaskFlag.describe(OmptTaskFlag.UNDEFERRED | OmptTaskFlag.FINAL));
        assertEquals("none", OmptTaskFlag.describe(0));
    }

    @Test
    void enumerationPlaceholdersAreZero() {
        assertEquals(0, OmptLockImpl.FIRST.code());
        assertEquals(0, OmptAtomicType.FIRST.code());
    }
}
