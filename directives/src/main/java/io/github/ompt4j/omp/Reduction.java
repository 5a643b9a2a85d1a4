package io.github.ompt4j.omp;

import java.util.function.BinaryOperator;
import java.util.function.Supplier;

/**
 * A user-defined reduction over objects ({@code declare reduction}): a supplier of fresh identities
 * (each member accumulates into its own) and an associative combiner.
 */
public final class Reduction<T> {
    private final Supplier<T> identity;
    private final BinaryOperator<T> combiner;

    private Reduction(Supplier<T> identity, BinaryOperator<T> combiner) {
        this.identity = identity;
        this.combiner = combiner;
    }

    public static <T> Reduction<T> of(Supplier<T> identity, BinaryOperator<T> combiner) {
        return new Reduction<>(identity, combiner);
    }

    public T identity() {
        return identity.get();
    }

    public T combine(T a, T b) {
        return combiner.apply(a, b);
    }
}
