package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import io.github.ompt4j.model.OmptMutexKind;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Ordered}: acquire and acquired around {@code enter} (the wait for the preceding iterations), released after {@code exit}. */
public final class OrderedInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Ordered";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Enter.class).on(named("enter")))
                .visit(TypeInstrumentation.advice(Exit.class).on(named("exit")));
    }

    static final class Enter {
        private Enter() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquire(OmptMutexKind.ORDERED, DirectivesHooks.orderedWaitId(), 0, 0);
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquired(OmptMutexKind.ORDERED, DirectivesHooks.orderedWaitId());
            }
        }
    }

    static final class Exit {
        private Exit() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexReleased(OmptMutexKind.ORDERED, DirectivesHooks.orderedWaitId());
            }
        }
    }
}
