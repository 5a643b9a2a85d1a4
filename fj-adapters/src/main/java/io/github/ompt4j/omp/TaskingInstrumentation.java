package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link Tasking}: the taskwait region and its wait; the taskgroup region around {@code taskgroup}
 * (it begins before the block runs) and its wait around {@code taskgroupEnd}.
 */
public final class TaskingInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Tasking";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Taskwait.class).on(named("taskwait")))
                .visit(TypeInstrumentation.advice(Taskgroup.class).on(named("taskgroup")))
                .visit(TypeInstrumentation.advice(TaskgroupEnd.class).on(named("taskgroupEnd")));
    }

    static final class Taskwait {
        private Taskwait() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskwaitBegin();
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskwaitEnd();
            }
        }
    }

    static final class Taskgroup {
        private Taskgroup() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskgroupBegin();
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.syncRegionEnd();
            }
        }
    }

    static final class TaskgroupEnd {
        private TaskgroupEnd() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskgroupWaitBegin();
            }
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.syncWaitEnd();
            }
        }
    }
}
