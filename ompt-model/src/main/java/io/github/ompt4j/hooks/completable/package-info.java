/**
 * The {@code completable} adapter's hooks: {@code CompletableFuture}'s async stages as explicit tasks, and a
 * future's {@code get}/{@code join} as a taskwait ({@link io.github.ompt4j.hooks.completable.CompletableHooks}).
 * Every async stage is a {@code ForkJoinTask}, so its task lives in the {@code forkjoin} adapter's field and
 * runs through that adapter's hooks, whose public operations ({@link io.github.ompt4j.hooks.forkjoin.ForkJoin})
 * this package builds on: it works only with that adapter on.
 */
package io.github.ompt4j.hooks.completable;
