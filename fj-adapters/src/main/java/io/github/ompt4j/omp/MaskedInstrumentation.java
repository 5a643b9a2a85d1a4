package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Masked}: master begin and end around the block. */
public final class MaskedInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Masked";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Run.class).on(named("run")));
    }

    static final class Run {
        private Run() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.master(true);
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.master(false);
            }
        }
    }
}
