package io.github.ompt4j.omp;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.github.ompt4j.adapters.TypeInstrumentation;
import io.github.ompt4j.adapters.directives.DirectivesHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;

/**
 * Weaves {@link LoopScheduler}: worksharing begin after {@code begin} (once the schedule is resolved,
 * so the event names the schedule actually used), a dispatch for each chunk {@code nextChunk} hands
 * out, worksharing end in {@code end}, before the construct's barrier.
 */
public final class LoopSchedulerInstrumentation implements TypeInstrumentation {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.LoopScheduler";
    }

    @Override
    public DynamicType.Builder<?> weave(DynamicType.Builder<?> builder) {
        return builder.visit(TypeInstrumentation.advice(Begin.class).on(named("begin")))
                .visit(TypeInstrumentation.advice(NextChunk.class).on(named("nextChunk")))
                .visit(TypeInstrumentation.advice(End.class).on(named("end")));
    }

    static final class Begin {
        private Begin() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue("work") LoopScheduler.WorkKind work,
                @Advice.FieldValue("kind") Schedule.Kind kind, @Advice.FieldValue("count") long count) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.worksharing(true, work == LoopScheduler.WorkKind.SECTIONS, kind.code(), count);
            }
        }
    }

    static final class NextChunk {
        private NextChunk() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return boolean taken, @Advice.FieldValue("work") LoopScheduler.WorkKind work,
                @Advice.FieldValue("kind") Schedule.Kind kind, @Advice.FieldValue("chunkStart") long start,
                @Advice.FieldValue("chunkEnd") long end) {
            if (DirectivesHooks.ACTIVE && taken) {
                DirectivesHooks.dispatch(work == LoopScheduler.WorkKind.SECTIONS, kind.code(), start, end - start);
            }
        }
    }

    static final class End {
        private End() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("work") LoopScheduler.WorkKind work,
                @Advice.FieldValue("kind") Schedule.Kind kind, @Advice.FieldValue("count") long count) {
            if (DirectivesHooks.ACTIVE) {
                DirectivesHooks.worksharing(false, work == LoopScheduler.WorkKind.SECTIONS, kind.code(), count);
            }
        }
    }
}
