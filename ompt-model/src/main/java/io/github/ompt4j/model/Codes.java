package io.github.ompt4j.model;

import java.util.Locale;

/** Helpers shared by the enums that carry the spec's numeric codes: dense lookup tables and names. */
final class Codes {
    /**
     * An enum constant with the spec's numeric code. An interface, not a method reference per enum: the tables are
     * made as the enums initialize, at start-up, where a method reference's first use links method handles.
     */
    interface Coded {
        int code();
    }

    private Codes() {
    }

    /** A table indexed by code; codes must be non-negative and unique. */
    static <E extends Enum<E> & Coded> E[] index(E[] values) {
        int max = 0;
        for (E e : values) {
            max = Math.max(max, e.code());
        }
        E[] table = java.util.Arrays.copyOf(values, max + 1);
        java.util.Arrays.fill(table, null);
        for (E e : values) {
            int c = e.code();
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
