package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;

/**
 * {@code ompt.MutexAcquire}, from a wait to the acquisition that ends it, and {@code ompt.MutexHeld}, from an
 * acquisition to its release. The callbacks of one kind of mutex carry the kind, so they are made per kind.
 */
final class MutexSpans {
    private final JfrContext context;

    MutexSpans(JfrContext context) {
        this.context = context;
    }

    OmptCallback.Lock waitFor(OmptMutexKind kind) {
        return (waitId, hint, impl, codeptr) -> wait(kind, waitId, hint, impl, codeptr);
    }

    /** An ordered section's wait, whose callback has no hint and no implementation. */
    OmptCallback.Wait orderedWait() {
        return (waitId, codeptr) -> wait(OmptMutexKind.ORDERED, waitId, 0, 0, codeptr);
    }

    private void wait(OmptMutexKind kind, long waitId, int hint, int impl, long codeptr) {
        ThreadEvents te = context.current();
        MutexAcquireEvent e = te.acquire;
        te.acquiring = context.recording() && e.isEnabled() && context.mutexContended.getMutexContended();
        if (!te.acquiring) {
            return;
        }
        e.begin();
        e.kind = Names.mutexKind(kind);
        e.waitId = waitId;
        e.implementation = kind == OmptMutexKind.ORDERED ? null : Names.implementation(kind, impl);
        e.hint = hint;
        e.callSite = context.callSites.of(codeptr);
        OmptThread holder = OmptThreads.holderOf(waitId, OmptThreads.current());
        e.holder = holder == null ? null : holder.javaThread();
        e.holderCallSite = holder == null ? null : holder.heldCallSite(waitId);
    }

    /** The acquisition ends the thread's wait for it, if one is traced. */
    void acquired(long waitId, long codeptr) {
        ThreadEvents te = context.current();
        MutexAcquireEvent acquired = te.acquire;
        if (te.acquiring && acquired.waitId == waitId) {
            acquired.end();
            if (acquired.shouldCommit()) {
                acquired.commit();
            }
        }
        te.acquiring = false;
    }

    OmptCallback.Wait holdOf(OmptMutexKind kind) {
        return (waitId, codeptr) -> hold(kind, waitId, codeptr);
    }

    private void hold(OmptMutexKind kind, long waitId, long codeptr) {
        // Only the holds the runtime records, of mutexes with an owner: a permit or stamp may be returned on
        // another thread, whose release this thread's spans would never see.
        if (OmptThreads.current().holds(waitId)) {
            MutexHeldEvent held = context.current().hold(waitId, context.recording());
            if (held != null) {
                held.kind = Names.mutexKind(kind);
                held.callSite = context.callSites.of(codeptr);
            }
        }
    }

    void released(long waitId, long codeptr) {
        MutexHeldEvent e = context.current().release(waitId);
        if (e != null) {
            e.commit();
        }
    }
}
