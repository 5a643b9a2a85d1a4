package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Omp}: {@code controlTool} passes its command to the tools instead of answering "no tool". */
public final class OmpInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Omp";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(ControlTool.class).on(named("controlTool")));
    }

    static final class ControlTool {
        private ControlTool() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) int command, @Advice.Argument(1) int modifier,
                @Advice.Return(readOnly = false) int result) {
            if (DirectivesHooks.ACTIVE) {
                result = DirectivesHooks.controlTool(command, modifier);
            }
        }
    }
}
