package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link Team}: parallel begin in {@code begin} (on the master, before any worker is released,
 * so that workers find the region in the team's tool slot), parallel end after {@code join}.
 */
public final class TeamInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Team";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Begin.class).on(named("begin")))
                .visit(TypeInstrumentation.advice(Join.class).on(named("join")));
    }

    static final class Begin {
        private Begin() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(1) int requested, @Advice.Argument(2) int teamSize,
                @Advice.FieldValue(value = "toolData", readOnly = false) Object region) {
            if (DirectivesHooks.ACTIVE) {
                region = DirectivesHooks.parallelBegin(requested, teamSize);
            }
        }
    }

    static final class Join {
        private Join() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.FieldValue(value = "toolData", readOnly = false) Object region) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.parallelEnd(region);
                region = null;
            }
        }
    }
}
