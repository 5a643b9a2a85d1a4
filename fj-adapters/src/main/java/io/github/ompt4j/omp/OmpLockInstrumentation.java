package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link OmpLock}: init, acquire and acquired around {@code acquire}, released after
 * {@code release}, destroy (the {@link LockAdvice} shared with nest locks), and a successful
 * {@code test} as an acquisition without a wait.
 */
public final class OmpLockInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpLock";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(LockAdvice.Init.class).on(isConstructor().and(takesArguments(1))))
                .visit(TypeInstrumentation.advice(LockAdvice.Acquire.class).on(named("acquire")))
                .visit(TypeInstrumentation.advice(LockAdvice.Release.class).on(named("release")))
                .visit(TypeInstrumentation.advice(LockAdvice.Destroy.class).on(named("destroy")))
                .visit(TypeInstrumentation.advice(Test.class).on(named("test")));
    }

    static final class Test {
        private Test() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return boolean taken, @Advice.FieldValue("mutex") Mutex mutex,
                @Advice.FieldValue("hint") LockHint hint) {
            if (DirectivesHooks.ACTIVE && taken) {
                DirectivesHooks.lockTested(false, mutex.id, hint.code());
            }
        }
    }
}
