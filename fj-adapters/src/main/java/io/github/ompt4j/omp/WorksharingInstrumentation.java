package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Worksharing}: a single's begin (executor or other) and end, before its barrier. */
public final class WorksharingInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Worksharing";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(SingleEnter.class).on(named("singleEnter")))
                .visit(TypeInstrumentation.advice(SingleExit.class).on(named("singleExit")));
    }

    static final class SingleEnter {
        private SingleEnter() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return boolean executor) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.single(true, executor);
            }
        }
    }

    static final class SingleExit {
        private SingleExit() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(1) boolean executor) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.single(false, executor);
            }
        }
    }
}
