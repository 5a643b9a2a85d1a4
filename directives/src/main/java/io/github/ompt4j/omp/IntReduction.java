package io.github.ompt4j.omp;

import java.util.function.IntBinaryOperator;

/**
 * A reduction over {@code int}: an identity and an associative combiner. The built-in operators are
 * constants dispatched by a switch, so a reduction loop calls no interface; {@link #of} makes a
 * user-defined one ({@code declare reduction}).
 */
public final class IntReduction {
    private enum Op { SUM, PRODUCT, MIN, MAX, AND, OR, XOR, CUSTOM }

    public static final IntReduction SUM = new IntReduction(Op.SUM, 0, null);
    public static final IntReduction PRODUCT = new IntReduction(Op.PRODUCT, 1, null);
    public static final IntReduction MIN = new IntReduction(Op.MIN, Integer.MAX_VALUE, null);
    public static final IntReduction MAX = new IntReduction(Op.MAX, Integer.MIN_VALUE, null);
    public static final IntReduction AND = new IntReduction(Op.AND, ~0, null);
    public static final IntReduction OR = new IntReduction(Op.OR, 0, null);
    public static final IntReduction XOR = new IntReduction(Op.XOR, 0, null);

    private final Op op;
    private final int identity;
    private final IntBinaryOperator combiner;

    private IntReduction(Op op, int identity, IntBinaryOperator combiner) {
        this.op = op;
        this.identity = identity;
        this.combiner = combiner;
    }

    /** A user-defined reduction; {@code combiner} must be associative with {@code identity} neutral. */
    public static IntReduction of(int identity, IntBinaryOperator combiner) {
        return new IntReduction(Op.CUSTOM, identity, combiner);
    }

    public int identity() {
        return identity;
    }

    public int combine(int a, int b) {
        switch (op) {
            case SUM:
                return a + b;
            case PRODUCT:
                return a * b;
            case MIN:
                return Math.min(a, b);
            case MAX:
                return Math.max(a, b);
            case AND:
                return a & b;
            case OR:
                return a | b;
            case XOR:
                return a ^ b;
            default:
                return combiner.applyAsInt(a, b);
        }
    }
}
