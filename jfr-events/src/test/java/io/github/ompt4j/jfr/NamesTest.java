package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.model.OmptAtomicType;
import io.github.ompt4j.model.OmptControlCommand;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptWorkType;
import org.junit.jupiter.api.Test;

/** The events' text for each constant is its OMPT name, as the model spells it, without the common prefix. */
class NamesTest {

    @Test
    void everyConstantIsItsOmptNameWithoutThePrefix() {
        for (OmptSyncRegionKind k : OmptSyncRegionKind.values()) {
            assertEquals(k.ompName(), "ompt_sync_region_" + Names.syncKind(k));
        }
        for (OmptWorkType t : OmptWorkType.values()) {
            assertEquals(t.ompName(), "ompt_worksharing_" + Names.workType(t));
        }
        for (OmptMutexKind k : OmptMutexKind.values()) {
            assertEquals(k.ompName(), "ompt_mutex_" + Names.mutexKind(k));
        }
        for (OmptState s : OmptState.values()) {
            assertEquals(s.ompName(), "ompt_state_" + Names.state(s));
        }
        for (OmptThreadType t : OmptThreadType.values()) {
            assertEquals(t.ompName(), "ompt_thread_" + Names.threadType(t));
        }
        for (OmptInvoker i : OmptInvoker.values()) {
            assertEquals(i.ompName(), "ompt_invoker_" + Names.invoker(i));
        }
        for (OmptLockImpl l : OmptLockImpl.values()) {
            assertEquals(l.ompName(), "ompt_lock_impl_" + Names.implementation(OmptMutexKind.LOCK, l.code()));
        }
        for (OmptAtomicType a : OmptAtomicType.values()) {
            assertEquals(a.ompName(), "ompt_atomic_type_" + Names.implementation(OmptMutexKind.ATOMIC, a.code()));
        }
        assertEquals("pause", Names.controlCommand(OmptControlCommand.PAUSE.code()));
    }
}
