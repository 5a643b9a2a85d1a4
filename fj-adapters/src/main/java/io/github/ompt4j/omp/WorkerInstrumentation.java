package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Worker}: thread begin and end around {@code run}, idle begin and end around {@code idle}. */
public final class WorkerInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Worker";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Run.class).on(named("run").and(takesNoArguments())))
                .visit(TypeInstrumentation.advice(Idle.class).on(named("idle")));
    }

    static final class Run {
        private Run() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.workerBegin();
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.workerEnd();
            }
        }
    }

    static final class Idle {
        private Idle() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.idle(true);
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.idle(false);
            }
        }
    }
}
