package io.github.ompt4j.adapters.directives;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.AdapterHealth;
import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.omp.AtomicInstrumentation;
import io.github.ompt4j.omp.BarrierInstrumentation;
import io.github.ompt4j.omp.CriticalInstrumentation;
import io.github.ompt4j.omp.DependencesInstrumentation;
import io.github.ompt4j.omp.ExplicitTaskInstrumentation;
import io.github.ompt4j.omp.ImplicitTaskInstrumentation;
import io.github.ompt4j.omp.LoopSchedulerInstrumentation;
import io.github.ompt4j.omp.MaskedInstrumentation;
import io.github.ompt4j.omp.OmpInstrumentation;
import io.github.ompt4j.omp.OmpLockInstrumentation;
import io.github.ompt4j.omp.OmpNestLockInstrumentation;
import io.github.ompt4j.omp.OrderedInstrumentation;
import io.github.ompt4j.omp.ReducerInstrumentation;
import io.github.ompt4j.omp.TaskingInstrumentation;
import io.github.ompt4j.omp.TeamInstrumentation;
import io.github.ompt4j.omp.WorkerInstrumentation;
import io.github.ompt4j.omp.WorksharingInstrumentation;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * The {@code directives} adapter: the bundled directive library ({@code io.github.ompt4j.omp}) woven
 * into full OMPT. The library marks its weave points itself (see its package note); each class here
 * weaves one of its types, and all logic is in {@link DirectivesHooks}.
 */
public final class DirectivesAdapter implements Adapter {
    private static final List<TypeInstrumentation> TYPES = List.of(new WorkerInstrumentation(),
            new TeamInstrumentation(), new ImplicitTaskInstrumentation(), new BarrierInstrumentation(),
            new LoopSchedulerInstrumentation(), new WorksharingInstrumentation(), new MaskedInstrumentation(),
            new CriticalInstrumentation(), new AtomicInstrumentation(), new OrderedInstrumentation(),
            new OmpLockInstrumentation(), new OmpNestLockInstrumentation(), new ExplicitTaskInstrumentation(),
            new TaskingInstrumentation(), new DependencesInstrumentation(), new ReducerInstrumentation(),
            new OmpInstrumentation());

    @Override
    public String name() {
        return "directives";
    }

    @Override
    public boolean weaves(String typeName) {
        for (TypeInstrumentation t : TYPES) {
            if (t.typeName().equals(typeName)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public AgentBuilder install(AgentBuilder builder) {
        AgentBuilder b = builder;
        for (TypeInstrumentation t : TYPES) {
            b = b.type(named(t.typeName())).transform((typeBuilder, type, loader, module, domain) -> t.weave(typeBuilder));
        }
        return b;
    }

    @Override
    public AdapterHealth health() {
        return DirectivesHooks.HEALTH;
    }
}
