package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import io.github.ompt4j.model.OmptAtomicType;
import io.github.ompt4j.model.OmptMutexKind;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Atomic}: the one mutex behind every atomic block, reported as an atomic. */
public final class AtomicInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Atomic";
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
        static void enter(@Advice.FieldValue("MUTEX") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquire(OmptMutexKind.ATOMIC, mutex.id, 0, OmptAtomicType.LOCK.code());
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("MUTEX") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquired(OmptMutexKind.ATOMIC, mutex.id);
            }
        }
    }

    static final class Exit {
        private Exit() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("MUTEX") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexReleased(OmptMutexKind.ATOMIC, mutex.id);
            }
        }
    }
}
