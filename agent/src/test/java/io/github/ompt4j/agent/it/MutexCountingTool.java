package io.github.ompt4j.agent.it;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;
import java.util.concurrent.atomic.LongAdder;

/** A tool that counts lock acquisitions and releases and prints the counts at shutdown: for runs too big to print. */
public final class MutexCountingTool implements OmptTool {
    private final LongAdder acquired = new LongAdder();
    private final LongAdder released = new LongAdder();

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        set.setCallback(OmptEvent.WAIT_LOCK, (OmptCallback.Lock) (wait, hint, impl, codeptr) -> { });
        set.setCallback(OmptEvent.ACQUIRED_LOCK, (OmptCallback.Wait) (wait, codeptr) -> acquired.increment());
        set.setCallback(OmptEvent.RELEASE_LOCK, (OmptCallback.Wait) (wait, codeptr) -> released.increment());
        set.setCallback(OmptEvent.RUNTIME_SHUTDOWN, (OmptCallback.Shutdown) () -> System.out.println(
                "counts acquired_lock=" + acquired.sum() + " release_lock=" + released.sum()));
    }
}
