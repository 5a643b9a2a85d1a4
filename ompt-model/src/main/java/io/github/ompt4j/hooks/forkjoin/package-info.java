/**
 * The {@code forkjoin} adapter's hooks: {@code java.util.concurrent}'s fork/join framework as OMPT regions and
 * tasks, one class per kind of weave point, as the weavings are: {@link io.github.ompt4j.hooks.forkjoin.PoolHooks}
 * (a pool's workers and submissions: regions), {@link io.github.ompt4j.hooks.forkjoin.TaskHooks} (forks,
 * executions, cancellations, inline invocations), {@link io.github.ompt4j.hooks.forkjoin.JoinHooks} (joins that
 * wait: taskwaits) and {@link io.github.ompt4j.hooks.forkjoin.StreamTaskHooks} (the inline tasks of a parallel
 * stream's splits). What they share, a task's OMPT task ({@link io.github.ompt4j.hooks.forkjoin.TaskSlot}) and
 * the steps of its life that several weave points take, is in {@link io.github.ompt4j.hooks.forkjoin.ForkJoin},
 * whose public part the {@code streams} and {@code completable} hooks build on.
 *
 * <p><b>Out of line.</b> The hooks a task passes through (fork, start, end, join) test inline whether to report
 * and report in a method of their own that the JIT never inlines ({@code @DontInline}, as {@code OmptDispatch}
 * does for the tools): woven into {@code fork}, {@code doExec} and {@code awaitDone}, which C2 inlines into one
 * another and into the program's {@code compute}, the model's code was compiled again into each of them. On a
 * fine-grained program ({@code FineGrained}, a million tasks a second, a tool registered) C2 spent 5.0 s of CPU
 * where it spends 1.0 s without the agent, 1.7 s of it on {@code awaitDone} alone (compiled six times, 40 KB
 * each); out of line, 2.7 s. Keep new work off that path, or out of line behind its inline test.
 */
package io.github.ompt4j.hooks.forkjoin;
