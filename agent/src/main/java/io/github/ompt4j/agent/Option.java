package io.github.ompt4j.agent;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One agent option: its key, its help (which an error about it also ends with), its value when not given, and
 * which {@link Kind} of text it takes, which says how that text becomes a typed value. The kinds fail with an
 * {@link IllegalArgumentException} that names the key and what it accepts.
 *
 * @param <T> the option's value
 */
final class Option<T> {
    /**
     * How an option reads its text. A table, not a reader function per option: premain reads the options, and
     * there each lambda costs the JVM a class spun and linked, about half a millisecond of start-up apiece.
     */
    enum Kind {
        /** The text as it is. */
        TEXT,
        /** Entries joined by {@code +}, each once ({@link #parts}). */
        LIST,
        /** {@code all}, or entries joined by {@code +}, each one of the option's choices. */
        SUBSET,
        /** One of the option's choices (enum constants), by its lower-case name. */
        ONE_OF,
        /** {@code on} or {@code off}. */
        ON_OFF,
        /** A positive time with a unit ({@link #timespan}), in nanoseconds. */
        TIMESPAN,
        /** The same, or 0. */
        TIMESPAN_OR_ZERO
    }

    /** {@code on}, {@code off}, or not given: what the settings say. */
    enum Switch {
        ON, OFF, AS_SETTINGS;

        static final List<Switch> GIVEN = List.of(ON, OFF);
    }

    final String key;
    final String help;
    private final T unset;
    private final Kind kind;
    /** What a {@link Kind#SUBSET} or {@link Kind#ONE_OF} option chooses from; empty for the others. */
    private final List<?> choices;

    private Option(String key, String help, T unset, Kind kind, List<?> choices) {
        this.key = key;
        this.help = help;
        this.unset = unset;
        this.kind = kind;
        this.choices = choices;
    }

    /** Text taken as it is; {@code null} when not given. */
    static Option<String> text(String key, String help) {
        return new Option<>(key, help, null, Kind.TEXT, List.of());
    }

    /** A list joined by {@code +}, {@code unset} when not given. */
    static Option<List<String>> list(String key, String help, List<String> unset) {
        return new Option<>(key, help, unset, Kind.LIST, List.of());
    }

    /** {@code all} or some of {@code all}, joined by {@code +}; all of them when not given. */
    static Option<List<String>> subset(String key, String help, List<String> all) {
        return new Option<>(key, help, all, Kind.SUBSET, all);
    }

    /** One of {@code choices}, by its lower-case name. */
    static <E extends Enum<E>> Option<E> oneOf(String key, String help, E unset, List<E> choices) {
        return new Option<>(key, help, unset, Kind.ONE_OF, choices);
    }

    /** {@code on} or {@code off}, and off when not given. */
    static Option<Boolean> onOff(String key, String help) {
        return new Option<>(key, help, false, Kind.ON_OFF, Switch.GIVEN);
    }

    /** A time with a unit, in nanoseconds: positive, or 0 too if {@code zeroToo}; {@code unset} when not given. */
    static Option<Long> timespan(String key, String help, long unset, boolean zeroToo) {
        return new Option<>(key, help, unset, zeroToo ? Kind.TIMESPAN_OR_ZERO : Kind.TIMESPAN, List.of());
    }

    /** The value in {@code values}, read, or the option's unset value. */
    T in(Map<String, String> values) {
        String value = values.get(key);
        if (value == null) {
            return unset;
        }
        if (value.isEmpty() && kind != Kind.LIST && kind != Kind.SUBSET) {
            throw new IllegalArgumentException("agent option " + key + "= needs a value: " + help);
        }
        return read(value);
    }

    /** The option's text as its kind reads it: of type {@code T}, as the factory that made the option says. */
    @SuppressWarnings("unchecked")
    private T read(String value) {
        switch (kind) {
            case TEXT:
                return (T) value;
            case LIST:
                return (T) parts(value);
            case SUBSET:
                return (T) (value.equals("all") ? choices : subsetOf(value));
            case ONE_OF:
                return (T) choose(value, (List<? extends Enum<?>>) choices);
            case ON_OFF:
                return (T) Boolean.valueOf(choose(value, Switch.GIVEN) == Switch.ON);
            case TIMESPAN:
                return (T) Long.valueOf(timespan(value, false));
            default:
                return (T) Long.valueOf(timespan(value, true));
        }
    }

    static String cliName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** The names options give {@code choices} by. */
    static List<String> names(List<? extends Enum<?>> choices) {
        List<String> names = new ArrayList<>();
        for (Enum<?> c : choices) {
            names.add(cliName(c));
        }
        return names;
    }

    private <E extends Enum<?>> E choose(String value, List<E> choices) {
        for (E c : choices) {
            if (cliName(c).equals(value.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw invalid(value, names(choices));
    }

    /** The entries of a list value, each once, in order; an empty one (a stray or trailing '+') is an error. */
    private List<String> parts(String value) {
        Set<String> parts = new LinkedHashSet<>();
        for (String part : value.split("\\+", -1)) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("agent option " + key + "='" + value + "' has an empty entry; "
                        + key + "= takes " + help);
            }
            parts.add(part.trim());
        }
        return List.copyOf(parts);
    }

    /** The entries of a list value, each one of the option's choices. */
    private List<String> subsetOf(String value) {
        List<String> chosen = parts(value);
        for (String c : chosen) {
            if (!choices.contains(c)) {
                throw invalid(value, choices);
            }
        }
        return chosen;
    }

    /** A time with a unit, {@code 10ms}, {@code 500us}, {@code 2000000ns}, {@code 1s}: positive, or 0 too. */
    private long timespan(String value, boolean zeroToo) {
        String v = value.toLowerCase(Locale.ROOT);
        int digits = 0;
        while (digits < v.length() && Character.isDigit(v.charAt(digits))) {
            digits++;
        }
        long unit;
        switch (v.substring(digits)) {
            case "ns":
                unit = 1;
                break;
            case "us":
                unit = 1_000;
                break;
            case "ms":
                unit = 1_000_000;
                break;
            case "s":
                unit = 1_000_000_000;
                break;
            default:
                unit = 0;
        }
        try {
            long n = digits == 0 || unit == 0 && !v.equals("0") ? -1 : Long.parseLong(v.substring(0, digits)) * unit;
            if (n > 0 || n == 0 && zeroToo) {
                return n;
            }
        } catch (NumberFormatException tooLong) {
            // falls through to the message
        }
        throw new IllegalArgumentException("agent option " + key + "='" + value + "' is not a " + (zeroToo ? ""
                : "positive ") + "time with a unit: " + (zeroToo ? "0, " : "") + "10ms, 500us, 1s");
    }

    private IllegalArgumentException invalid(String value, List<?> valid) {
        return new IllegalArgumentException("agent option " + key + "='" + value + "' is not valid; choose from "
                + valid);
    }
}
