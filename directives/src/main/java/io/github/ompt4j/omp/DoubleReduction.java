package io.github.ompt4j.omp;

import java.util.function.DoubleBinaryOperator;

/**
 * A reduction over {@code double}: an identity and an associative combiner ({@code &}, {@code |} and
 * {@code ^} do not apply to floating point). Team partial results are always combined in member order,
 * so a team of a given size and schedule gives the same rounding every run.
 */
public final class DoubleReduction {
    private enum Op { SUM, PRODUCT, MIN, MAX, CUSTOM }

    public static final DoubleReduction SUM = new DoubleReduction(Op.SUM, 0.0, null);
    public static final DoubleReduction PRODUCT = new DoubleReduction(Op.PRODUCT, 1.0, null);
    public static final DoubleReduction MIN = new DoubleReduction(Op.MIN, Double.POSITIVE_INFINITY, null);
    public static final DoubleReduction MAX = new DoubleReduction(Op.MAX, Double.NEGATIVE_INFINITY, null);

    private final Op op;
    private final double identity;
    private final DoubleBinaryOperator combiner;

    private DoubleReduction(Op op, double identity, DoubleBinaryOperator combiner) {
        this.op = op;
        this.identity = identity;
        this.combiner = combiner;
    }

    /** A user-defined reduction; {@code combiner} must be associative with {@code identity} neutral. */
    public static DoubleReduction of(double identity, DoubleBinaryOperator combiner) {
        return new DoubleReduction(Op.CUSTOM, identity, combiner);
    }

    public double identity() {
        return identity;
    }

    public double combine(double a, double b) {
        switch (op) {
            case SUM:
                return a + b;
            case PRODUCT:
                return a * b;
            case MIN:
                return Math.min(a, b);
            case MAX:
                return Math.max(a, b);
            default:
                return combiner.applyAsDouble(a, b);
        }
    }
}
