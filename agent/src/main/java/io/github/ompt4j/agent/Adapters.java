package io.github.ompt4j.agent;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.barriers.BarriersAdapter;
import io.github.ompt4j.adapters.completable.CompletableAdapter;
import io.github.ompt4j.adapters.directives.DirectivesAdapter;
import io.github.ompt4j.adapters.forkjoin.ForkJoinAdapter;
import io.github.ompt4j.adapters.locks.LocksAdapter;
import io.github.ompt4j.adapters.streams.StreamsAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * The adapters {@code adapters=} chooses from, in the order they install: adding one is a row here. A row
 * names its adapter by the adapter's constant and creates it only when chosen, because the options are read
 * before the model is on the bootstrap class path, which an adapter's classes need.
 */
enum Adapters {
    DIRECTIVES(DirectivesAdapter.NAME) {
        @Override
        Adapter create() {
            return new DirectivesAdapter();
        }
    },
    FORKJOIN(ForkJoinAdapter.NAME) {
        @Override
        Adapter create() {
            return new ForkJoinAdapter();
        }
    },
    STREAMS(StreamsAdapter.NAME) {
        @Override
        Adapter create() {
            return new StreamsAdapter();
        }
    },
    COMPLETABLE(CompletableAdapter.NAME) {
        @Override
        Adapter create() {
            return new CompletableAdapter();
        }
    },
    LOCKS(LocksAdapter.NAME) {
        @Override
        Adapter create() {
            return new LocksAdapter();
        }
    },
    BARRIERS(BarriersAdapter.NAME) {
        @Override
        Adapter create() {
            return new BarriersAdapter();
        }
    };

    /** Every adapter's name, in the order they install. */
    static final List<String> NAMES = names();

    private final String adapterName;

    Adapters(String adapterName) {
        this.adapterName = adapterName;
    }

    abstract Adapter create();

    /** The adapter {@code name} names ({@link #NAMES}). */
    static Adapter byName(String name) {
        for (Adapters a : values()) {
            if (a.adapterName.equals(name)) {
                return a.create();
            }
        }
        throw new IllegalArgumentException("no adapter named '" + name + "'");
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Adapters a : values()) {
            names.add(a.adapterName);
        }
        return List.copyOf(names);
    }
}
