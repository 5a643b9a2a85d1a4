package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link ImplicitTask}: implicit task begin and end around {@code run}, on every member. */
public final class ImplicitTaskInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.ImplicitTask";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Run.class).on(named("run")));
    }

    static final class Run {
        private Run() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter(@Advice.FieldValue("team") Team team, @Advice.FieldValue("tid") int threadNum) {
            return DirectivesHooks.ACTIVE && DirectivesHooks.implicitTaskBegin(team.toolData, threadNum);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter boolean began) {
            if (began) {
                DirectivesHooks.implicitTaskEnd();
            }
        }
    }
}
