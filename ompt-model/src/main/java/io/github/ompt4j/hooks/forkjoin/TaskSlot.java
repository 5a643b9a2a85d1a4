package io.github.ompt4j.hooks.forkjoin;

import io.github.ompt4j.model.OmptTask;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ForkJoinTask;

/**
 * Where a {@code ForkJoinTask}'s OMPT task is kept: in the field the weaving adds ({@link TaskHooks#TASK_FIELD}),
 * or, when {@code ForkJoinTask} was loaded before the agent came (an attach: a loaded class cannot gain a field), in
 * a {@link WeakIdentityTable}. Chosen once, when a hook first needs it: by then {@code ForkJoinTask} is woven.
 */
abstract class TaskSlot {
    /** The slot of this JVM. */
    static final TaskSlot SLOT = Field.HANDLE != null ? new Field() : new Table();

    /** The OMPT task of {@code task}, or null. */
    abstract OmptTask get(ForkJoinTask<?> task);

    abstract void set(ForkJoinTask<?> task, OmptTask value);

    /** Clears the slot of {@code task} if it still holds {@code expected}. */
    abstract void clear(ForkJoinTask<?> task, OmptTask expected);

    /** The added field: a plain read and write, a compare-and-set to clear. */
    private static final class Field extends TaskSlot {
        /** The field's handle, null if the class has no such field; static and final, so compiled code inlines it. */
        static final VarHandle HANDLE = lookup();

        private static VarHandle lookup() {
            try {
                return MethodHandles.publicLookup().findVarHandle(ForkJoinTask.class, TaskHooks.TASK_FIELD,
                        Object.class);
            } catch (NoSuchFieldException e) {
                return null;
            } catch (IllegalAccessException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @Override
        OmptTask get(ForkJoinTask<?> task) {
            return (OmptTask) HANDLE.get(task);
        }

        @Override
        void set(ForkJoinTask<?> task, OmptTask value) {
            HANDLE.set(task, (Object) value);
        }

        @Override
        void clear(ForkJoinTask<?> task, OmptTask expected) {
            HANDLE.compareAndSet(task, (Object) expected, (Object) null);
        }
    }

    /** The table used after an attach: an entry per task announced, gone when the task is collected. */
    private static final class Table extends TaskSlot {
        private final WeakIdentityTable<OmptTask> tasks = new WeakIdentityTable<>();

        @Override
        OmptTask get(ForkJoinTask<?> task) {
            return tasks.get(task);
        }

        @Override
        void set(ForkJoinTask<?> task, OmptTask value) {
            tasks.put(task, value);
        }

        @Override
        void clear(ForkJoinTask<?> task, OmptTask expected) {
            tasks.removeIf(task, expected);
        }
    }
}
