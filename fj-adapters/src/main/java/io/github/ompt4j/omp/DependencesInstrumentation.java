package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link Dependences}: a new task's dependences as {@code register} starts, so that they come
 * before the dependence pairs that registering them reports.
 */
public final class DependencesInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Dependences";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Register.class).on(named("register")));
    }

    static final class Register {
        private Register() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) ExplicitTask task, @Advice.Argument(1) Object[] in,
                @Advice.Argument(2) Object[] out) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskDependences(task.toolData, in, out);
            }
        }
    }
}
