package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/** Weaves {@link Tasking}: the taskwait region and its wait, and the wait at the end of a taskgroup. */
public final class TaskingInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Tasking";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Taskwait.class).on(named("taskwait")))
                .visit(TypeInstrumentation.advice(TaskgroupEnd.class).on(named("taskgroupEnd")));
    }

    static final class Taskwait {
        private Taskwait() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskWaitBegin(false);
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskWaitEnd();
            }
        }
    }

    static final class TaskgroupEnd {
        private TaskgroupEnd() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskWaitBegin(true);
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskWaitEnd();
            }
        }
    }
}
