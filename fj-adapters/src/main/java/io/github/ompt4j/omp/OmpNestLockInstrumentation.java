package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link OmpNestLock}: init, the first acquisition around {@code acquireFirst}, the last release
 * after {@code releaseLast} and destroy (the {@link LockAdvice} shared with simple locks); a further
 * {@code set} by the owner as "next"; an {@code unset} that keeps the lock as "prev"; {@code test} as
 * whichever of first or next it was.
 */
public final class OmpNestLockInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpNestLock";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(LockAdvice.Init.class).on(isConstructor().and(takesArguments(1))))
                .visit(TypeInstrumentation.advice(LockAdvice.Acquire.class).on(named("acquireFirst")))
                .visit(TypeInstrumentation.advice(LockAdvice.Release.class).on(named("releaseLast")))
                .visit(TypeInstrumentation.advice(LockAdvice.Destroy.class).on(named("destroy")))
                .visit(TypeInstrumentation.advice(Set.class).on(named("set")))
                .visit(TypeInstrumentation.advice(Unset.class).on(named("unset")))
                .visit(TypeInstrumentation.advice(Test.class).on(named("test")));
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

    static final class Test {
        private Test() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return int nesting, @Advice.FieldValue("mutex") Mutex mutex,
                @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE && nesting == 1) {
                DirectivesHooks.lockTested(true, mutex.id, hint.code());
            } else if (DirectivesHooks.ACTIVE && nesting > 1) {
                DirectivesHooks.nestLockNesting(true, mutex.id);
            }
        }
    }
}
