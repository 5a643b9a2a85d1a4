package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link ExplicitTask}: task creation when the constructor returns (before the task can be
 * queued, so no thread can run it earlier); the switch to it as {@code run} starts; its end as
 * {@code complete} starts, before the counts that release its waiters (taskwait, taskgroup, barrier,
 * successors) drop, so that no waiter is reported done before the task; and a dependence pair when
 * {@code addSuccessor} makes a task wait for this one while it has not completed.
 */
public final class ExplicitTaskInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.ExplicitTask";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Create.class).on(isConstructor()))
                .visit(TypeInstrumentation.advice(Run.class).on(named("run")))
                .visit(TypeInstrumentation.advice(Complete.class).on(named("complete")))
                .visit(TypeInstrumentation.advice(AddSuccessor.class).on(named("addSuccessor")));
    }

    static final class Create {
        private Create() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue(value = "toolData", readOnly = false) Object task,
                @Advice.FieldValue("undeferred") boolean undeferred, @Advice.FieldValue("untied") boolean untied,
                @Advice.FieldValue("isFinal") boolean isFinal, @Advice.FieldValue("mergeable") boolean mergeable) {
            if (DirectivesHooks.ACTIVE) {
                task = DirectivesHooks.taskCreate(undeferred, untied, isFinal, mergeable);
            }
        }
    }

    static final class Run {
        private Run() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("toolData") Object task) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskStart(task);
            }
        }
    }

    static final class Complete {
        private Complete() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("toolData") Object task) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.taskComplete(task);
            }
        }
    }

    static final class AddSuccessor {
        private AddSuccessor() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This ExplicitTask self, @Advice.Argument(0) ExplicitTask successor,
                @Advice.FieldValue("successors") Object head, @Advice.FieldValue("DONE") Object done) {
            if (DirectivesHooks.ACTIVE && successor != self && head != done) {
                DirectivesHooks.dependencePair(self.toolData, successor.toolData);
            }
        }
    }
}
