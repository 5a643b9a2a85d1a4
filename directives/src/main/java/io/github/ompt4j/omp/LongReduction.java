package io.github.ompt4j.omp;

import java.util.function.LongBinaryOperator;

/**
 * A reduction over {@code long}: an identity and an associative combiner. The built-in operators are
 * constants dispatched by a switch, so a reduction loop calls no interface; {@link #of} makes a
 * user-defined one ({@code declare reduction}).
 */
public final class LongReduction {
    private enum Op { SUM, PRODUCT, MIN, MAX, AND, OR, XOR, CUSTOM }

    public static final LongReduction SUM = new LongReduction(Op.SUM, 0, null);
    public static final LongReduction PRODUCT = new LongReduction(Op.PRODUCT, 1, null);
    public static final LongReduction MIN = new LongReduction(Op.MIN, Long.MAX_VALUE, null);
    public static final LongReduction MAX = new LongReduction(Op.MAX, Long.MIN_VALUE, null);
    public static final LongReduction AND = new LongReduction(Op.AND, ~0L, null);
    public static final LongReduction OR = new LongReduction(Op.OR, 0, null);
    public static final LongReduction XOR = new LongReduction(Op.XOR, 0, null);

    private final Op op;
    private final long identity;
    private final LongBinaryOperator combiner;

    private LongReduction(Op op, long identity, LongBinaryOperator combiner) {
        this.op = op;
        this.identity = identity;
        this.combiner = combiner;
    }

    /** A user-defined reduction; {@code combiner} must be associative with {@code identity} neutral. */
    public static LongReduction of(long identity, LongBinaryOperator combiner) {
        return new LongReduction(Op.CUSTOM, identity, combiner);
    }

    public long identity() {
        return identity;
    }

    public long combine(long a, long b) {
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
                return combiner.applyAsLong(a, b);
        }
    }
}
