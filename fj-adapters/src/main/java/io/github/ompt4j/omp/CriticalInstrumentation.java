package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Critical}: acquire and acquired around {@code enter}, released after {@code exit}. */
public final class CriticalInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Critical";
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
        static void enter(@Advice.Argument(0) Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquire(OmptMutexKind.CRITICAL, mutex.id, 0, OmptLockImpl.OMP_CRITICAL.code());
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquired(OmptMutexKind.CRITICAL, mutex.id);
            }
        }
    }

    static final class Exit {
        private Exit() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexReleased(OmptMutexKind.CRITICAL, mutex.id);
            }
        }
    }
}
