package io.github.ompt4j.agent;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One agent option: its key, its help (which an error about it also ends with), its value when not given, and
 * how its text becomes a typed value. The readers here fail with an {@link IllegalArgumentException} that names
 * the key and what it accepts.
 *
 * @param <T> the option's value
 */
final class Option<T> {
    /** Reads the text given to {@code option}. */
    interface Reader<T> {
        T read(Option<T> option, String value);
    }

    /** {@code on}, {@code off}, or not given: what the settings say. */
    enum Switch {
        ON, OFF, AS_SETTINGS;

        static final List<Switch> GIVEN = List.of(ON, OFF);
    }

    final String key;
    final String help;
    private final T unset;
    /** Whether an empty value is an entry of a list (whose reader says it is empty), not a missing value. */
    private final boolean list;
    private final Reader<T> reader;

    private Option(String key, String help, T unset, boolean list, Reader<T> reader) {
        this.key = key;
        this.help = help;
        this.unset = unset;
        this.list = list;
        this.reader = reader;
    }

    /** An option whose value is read by {@code reader}, {@code unset} when the option is not given. */
    static <T> Option<T> of(String key, String help, T unset, Reader<T> reader) {
        return new Option<>(key, help, unset, false, reader);
    }

    /** A list joined by {@code +} whose entries are read by {@code entries}. */
    static Option<List<String>> list(String key, String help, List<String> unset, Reader<List<String>> entries) {
        return new Option<>(key, help, unset, true, entries);
    }

    /** One of {@code choices}, by its lower-case name. */
    static <E extends Enum<E>> Option<E> oneOf(String key, String help, E unset, List<E> choices) {
        return of(key, help, unset, (option, value) -> option.choose(value, choices));
    }

    /** {@code on} or {@code off}, and off when not given. */
    static Option<Boolean> onOff(String key, String help) {
        return of(key, help, false, (option, value) -> option.choose(value, Switch.GIVEN) == Switch.ON);
    }

    /** The value in {@code values}, read, or the option's unset value. */
    T in(Map<String, String> values) {
        String value = values.get(key);
        if (value == null) {
            return unset;
        }
        if (value.isEmpty() && !list) {
            throw new IllegalArgumentException("agent option " + key + "= needs a value: " + help);
        }
        return reader.read(this, value);
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

    <E extends Enum<E>> E choose(String value, List<E> choices) {
        for (E c : choices) {
            if (cliName(c).equals(value.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw invalid(value, names(choices));
    }

    /** The entries of a list value, each once, in order; an empty one (a stray or trailing '+') is an error. */
    List<String> parts(String value) {
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

    /** The entries of a list value, each one of {@code valid}. */
    List<String> choices(String value, List<String> valid) {
        List<String> chosen = parts(value);
        for (String c : chosen) {
            if (!valid.contains(c)) {
                throw invalid(value, valid);
            }
        }
        return chosen;
    }

    /** A time with a unit, {@code 10ms}, {@code 500us}, {@code 2000000ns}, {@code 1s}: positive, or 0 too. */
    long timespan(String value, boolean zeroToo) {
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

    private IllegalArgumentException invalid(String value, List<String> valid) {
        return new IllegalArgumentException("agent option " + key + "='" + value + "' is not valid; choose from "
                + valid);
    }
}
