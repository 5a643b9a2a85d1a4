package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link OmpLock}: init in the hinted constructor (the other delegates to it), acquire and
 * acquired around {@code acquire}, released after {@code release}, a successful {@code test} as an
 * acquisition without a wait, destroy after a successful {@code destroy}.
 */
public final class OmpLockInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpLock";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Init.class).on(isConstructor().and(takesArguments(1))))
                .visit(TypeInstrumentation.advice(Acquire.class).on(named("acquire")))
                .visit(TypeInstrumentation.advice(Release.class).on(named("release")))
                .visit(TypeInstrumentation.advice(Test.class).on(named("test")))
                .visit(TypeInstrumentation.advice(Destroy.class).on(named("destroy")));
    }

    static final class Init {
        private Init() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex, @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockInit(false, mutex.id, hint.code());
            }
        }
    }

    static final class Acquire {
        private Acquire() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("mutex") Mutex mutex, @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquire(OmptMutexKind.LOCK, mutex.id, hint.code(), OmptLockImpl.OMP_LOCK.code());
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquired(OmptMutexKind.LOCK, mutex.id);
            }
        }
    }

    static final class Release {
        private Release() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexReleased(OmptMutexKind.LOCK, mutex.id);
            }
        }
    }

    static final class Test {
        private Test() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return boolean taken, @Advice.FieldValue("mutex") Mutex mutex,
                @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE && taken) {
                DirectivesHooks.lockTested(OmptMutexKind.LOCK, mutex.id, hint.code());
            }
        }
    }

    static final class Destroy {
        private Destroy() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockDestroy(mutex.id);
            }
        }
    }
}
