package io.github.ompt4j.agent;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.completable.CompletableAdapter;
import io.github.ompt4j.adapters.directives.DirectivesAdapter;
import io.github.ompt4j.adapters.forkjoin.ForkJoinAdapter;
import io.github.ompt4j.adapters.locks.BarriersAdapter;
import io.github.ompt4j.adapters.locks.LocksAdapter;
import io.github.ompt4j.adapters.streams.StreamsAdapter;

/** The adapters by the names {@code adapters=} uses ({@link AgentOptions#ADAPTERS}). */
final class Adapters {
    private Adapters() {
    }

    static Adapter byName(String name) {
        switch (name) {
            case "directives":
                return new DirectivesAdapter();
            case "forkjoin":
                return new ForkJoinAdapter();
            case "streams":
                return new StreamsAdapter();
            case "completable":
                return new CompletableAdapter();
            case "locks":
                return new LocksAdapter();
            case "barriers":
                return new BarriersAdapter();
            default:
                throw new IllegalArgumentException("no adapter named '" + name + "'");
        }
    }
}
