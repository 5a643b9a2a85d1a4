package io.github.ompt4j.omp;

import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;

/**
 * Advice shared by {@link OmpLockInstrumentation} and {@link OmpNestLockInstrumentation}. Both locks
 * keep a {@code mutex} and a {@code hint}; which of the two a woven method belongs to is a type test on
 * the instance, which the JIT folds once the advice is inlined into its class.
 */
final class LockAdvice {
    private LockAdvice() {
    }

    /** Lock init, as the constructor that takes a hint returns (the other delegates to it). */
    static final class Init {
        private Init() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object lock, @Advice.FieldValue("mutex") Mutex mutex,
                @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockInit(lock instanceof OmpNestLock, mutex.id, hint.code());
            }
        }
    }

    /** Acquire around the method that takes the free lock (a nest lock's first level). */
    static final class Acquire {
        private Acquire() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object lock, @Advice.FieldValue("mutex") Mutex mutex,
                @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockAcquire(lock instanceof OmpNestLock, mutex.id, hint.code());
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object lock, @Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockAcquired(lock instanceof OmpNestLock, mutex.id);
            }
        }
    }

    /** Released, after the method that frees the lock (a nest lock's last level). */
    static final class Release {
        private Release() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object lock, @Advice.FieldValue("mutex") Mutex mutex) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.lockReleased(lock instanceof OmpNestLock, mutex.id);
            }
        }
    }

    /** Destroy, after a successful {@code destroy}. */
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
