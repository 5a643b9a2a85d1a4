package io.github.ompt4j.omp;

import java.util.concurrent.atomic.AtomicInteger;

/** A taskgroup region: counts its member tasks, descendants included, until the region's end sees zero. */
final class TaskGroup {
    final TaskGroup outer;
    final AtomicInteger pending = new AtomicInteger();

    TaskGroup(TaskGroup outer) {
        this.outer = outer;
    }
}
