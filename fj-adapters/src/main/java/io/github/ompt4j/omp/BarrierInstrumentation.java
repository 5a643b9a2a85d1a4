package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Barrier}: the sync region around {@code await}, the wait around {@code waitForOthers}. */
public final class BarrierInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Barrier";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Await.class).on(named("await")))
                .visit(TypeInstrumentation.advice(Wait.class).on(named("waitForOthers")));
    }

    static final class Await {
        private Await() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(1) BarrierKind kind) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.barrierBegin(kind == BarrierKind.EXPLICIT ? DirectivesHooks.BARRIER_EXPLICIT
                        : kind == BarrierKind.IMPLICIT_WORKSHARE ? DirectivesHooks.BARRIER_IMPLICIT_WORKSHARE
                        : DirectivesHooks.BARRIER_IMPLICIT_PARALLEL);
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.syncRegionEnd();
            }
        }
    }

    static final class Wait {
        private Wait() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.barrierWaitBegin();
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.syncWaitEnd();
            }
        }
    }
}
