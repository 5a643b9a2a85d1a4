package io.github.ompt4j.model;

import java.util.Locale;
import java.util.function.ToIntFunction;

/** Helpers shared by the enums that carry the spec's numeric codes: dense lookup tables and names. */
final class Codes {
    private Codes() {
    }

    /** A table indexed by code; codes must be non-negative and unique. */
    static <E extends Enum<E>> E[] index(E[] values, ToIntFunction<E> code) {
        int max = 0;
        for (E e : values) {
            max = Math.max(max, code.applyAsInt(e));
        }
        E[] table = java.util.Arrays.copyOf(values, max + 1);
        java.util.Arrays.fill(table, null);
        for (E e : values) {
            int c = code.applyAsInt(e);
            if (table[c] != null) {
                throw new IllegalStateException("duplicate code " + c + ": " + table[c] + " and " + e);
            }
            table[c] = e;
        }
        return table;
    }

    static <E> E lookup(E[] table, int code) {
        return code >= 0 && code < table.length ? table[code] : null;
    }

    /** The constant's name in lower case, the form the spec's names use after their prefix. */
    static String lowerName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
