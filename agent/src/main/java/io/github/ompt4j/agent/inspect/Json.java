package io.github.ompt4j.agent.inspect;

import javax.management.openmbean.CompositeData;

/**
 * Open data as JSON, one line: a composite is an object (its items in the type's order, which is by name), an
 * array an array, text a string, numbers and booleans themselves, a missing value {@code null}.
 */
final class Json {
    private Json() {
    }

    static String of(Object value) {
        StringBuilder s = new StringBuilder();
        write(s, value);
        return s.toString();
    }

    private static void write(StringBuilder s, Object value) {
        if (value == null) {
            s.append("null");
        } else if (value instanceof CompositeData c) {
            s.append('{');
            boolean first = true;
            for (String key : c.getCompositeType().keySet()) {
                s.append(first ? "" : ",");
                first = false;
                string(s, key);
                s.append(':');
                write(s, c.get(key));
            }
            s.append('}');
        } else if (value instanceof Object[] array) {
            s.append('[');
            for (int i = 0; i < array.length; i++) {
                s.append(i == 0 ? "" : ",");
                write(s, array[i]);
            }
            s.append(']');
        } else if (value instanceof long[] array) {
            s.append('[');
            for (int i = 0; i < array.length; i++) {
                s.append(i == 0 ? "" : ",").append(array[i]);
            }
            s.append(']');
        } else if (value instanceof String text) {
            string(s, text);
        } else {
            s.append(value);
        }
    }

    private static void string(StringBuilder s, String text) {
        s.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                s.append('\\').append(c);
            } else if (c < 0x20) {
                s.append(String.format("\\u%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        s.append('"');
    }
}
