package io.github.ompt4j.adapters.directives;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.CallSiteMarking;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.DirectiveCallSites;
import io.github.ompt4j.hooks.directives.Directives;
import io.github.ompt4j.hooks.directives.MutexHooks;
import io.github.ompt4j.hooks.directives.RegionHooks;
import io.github.ompt4j.hooks.directives.SyncRegionHooks;
import io.github.ompt4j.hooks.directives.TaskHooks;
import io.github.ompt4j.hooks.directives.WorksharingHooks;
import java.util.List;

/**
 * The {@code directives} adapter: the bundled directive library ({@code io.github.ompt4j.omp}) woven
 * into full OMPT. The library marks its weave points itself (see its package note); each weaving here
 * covers one of its types, and all logic is in the hooks of {@code io.github.ompt4j.hooks.directives}, one
 * class per kind of construct: {@link RegionHooks}, {@link SyncRegionHooks}, {@link WorksharingHooks},
 * {@link MutexHooks}, {@link TaskHooks}.
 */
public final class DirectivesAdapter implements Adapter {
    /** Its name in {@code adapters=} (a constant, so the agent's table names it without loading this class). */
    public static final String NAME = "directives";
    static final List<TypeWeaving> TYPES = List.of(new WorkerWeaving(), new TeamWeaving(), new ImplicitTaskWeaving(),
            new BarrierWeaving(), new LoopSchedulerWeaving(), new WorksharingWeaving(), new MaskedWeaving(),
            new CriticalWeaving(), new AtomicWeaving(), new OrderedWeaving(), new OmpLockWeaving(),
            new OmpNestLockWeaving(), new MutexWeaving(), new ExplicitTaskWeaving(), new TaskingWeaving(), new DependencesWeaving(),
            new ReducerWeaving(), new OmpWeaving());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<CallSiteMarking> callSites() {
        return ConstructCalls.MARKINGS;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(Directives.class, RegionHooks.class, SyncRegionHooks.class, WorksharingHooks.class, MutexHooks.class,
                TaskHooks.class, DirectiveCallSites.class);
    }
}
