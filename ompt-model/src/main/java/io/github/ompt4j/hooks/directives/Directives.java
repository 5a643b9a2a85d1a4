package io.github.ompt4j.hooks.directives;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptRegistry;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;

/**
 * What the directive library's hooks share: the adapter's health, the thread, the construct's call site, and
 * whether a construct that ends in another method begins.
 *
 * <p>Some constructs begin in one method and end in another (a loop's schedule, single, the mutex of
 * critical, atomic and ordered), and a worker that starts untracked stays unknown to the model. So
 * tracking must not turn on while the library runs untracked: the hooks where those begin, and where a
 * region or worker starts, record an untracked run ({@link #begins()}), after which the Collector
 * API's START answers SEQUENCE_ERR instead of turning tracking on.
 *
 * <p>Public only so that the start-up initializes it with the hook classes; its members are the package's.
 */
public final class Directives {
    static final AdapterHealth HEALTH = AdapterHealth.of("directives");

    /** The library's package: frames there are never a call site (an array, so no varargs array per walk). */
    private static final String[] LIBRARY = {"io.github.ompt4j.omp."};

    static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        return t != null ? t : OmptRuntime.threadBegin(OmptThreadType.INITIAL);
    }

    /** The construct's call site: marked by the woven caller ({@link DirectiveCallSites}), else found by a walk. */
    static long callSite(OmptThread t, OmptEvent event) {
        if (!CallSites.wanted(event)) {
            return 0;
        }
        long marked = t.markedCallSite();
        return marked != 0 ? marked : CallSites.caller(LIBRARY);
    }

    /**
     * Whether a hook that starts a worker, a region, or a construct that ends in another method reports
     * it: yes if the adapter is active; if it is healthy but the runtime does not track, the run is
     * recorded as untracked ({@link OmptRegistry#runsUntracked}), unless tracking turned on meanwhile,
     * and then yes. Without a tool that is three more volatile reads, plain loads on x86, per call.
     */
    static boolean begins() {
        return HEALTH.active() || HEALTH.enabled() && !OmptRegistry.runsUntracked();
    }

    private Directives() {
    }
}
