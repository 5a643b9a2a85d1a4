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
 * Weaves {@link OmpNestLock}: init in the hinted constructor; the first acquisition around
 * {@code acquireFirst}; a further {@code set} by the owner as "next"; an {@code unset} that keeps the
 * lock as "prev"; the last release after {@code releaseLast}; {@code test} as whichever of first or
 * next it was; destroy after a successful {@code destroy}.
 */
public final class OmpNestLockInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpNestLock";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Init.class).on(isConstructor().and(takesArguments(1))))
                .visit(TypeInstrumentation.advice(AcquireFirst.class).on(named("acquireFirst")))
                .visit(TypeInstrumentation.advice(Set.class).on(named("set")))
                .visit(TypeInstrumentation.advice(Unset.class).on(named("unset")))
                .visit(TypeInstrumentation.advice(ReleaseLast.class).on(named("releaseLast")))
                .visit(TypeInstrumentation.advice(Test.class).on(named("test")))
                .visit(TypeInstrumentation.advice(Destroy.class).on(named("destroy")));
    }

    static final class Init {
        private Init() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex, @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockInit(true, mutex.id, hint.code());
            }
        }
    }

    static final class AcquireFirst {
        private AcquireFirst() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("mutex") Mutex mutex, @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquire(OmptMutexKind.NEST_LOCK, mutex.id, hint.code(),
                        OmptLockImpl.OMP_NEST_LOCK.code());
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexAcquired(OmptMutexKind.NEST_LOCK, mutex.id);
            }
        }
    }

    static final class Set {
        private Set() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex, @Advice.FieldValue("nesting") int nesting) {
            if (DirectivesHooks.ACTIVE && nesting > 1) {
                DirectivesHooks.nestLockNesting(true, mutex.id);
            }
        }
    }

    static final class Unset {
        private Unset() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex, @Advice.FieldValue("nesting") int nesting) {
            if (DirectivesHooks.ACTIVE && nesting > 0) {
                DirectivesHooks.nestLockNesting(false, mutex.id);
            }
        }
    }

    static final class ReleaseLast {
        private ReleaseLast() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.mutexReleased(OmptMutexKind.NEST_LOCK, mutex.id);
            }
        }
    }

    static final class Test {
        private Test() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return int nesting, @Advice.FieldValue("mutex") Mutex mutex,
                @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE && nesting == 1) {
                DirectivesHooks.lockTested(OmptMutexKind.NEST_LOCK, mutex.id, hint.code());
            } else if (DirectivesHooks.ACTIVE && nesting > 1) {
                DirectivesHooks.nestLockNesting(true, mutex.id);
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
