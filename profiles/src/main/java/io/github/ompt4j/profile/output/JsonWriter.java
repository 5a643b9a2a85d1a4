package io.github.ompt4j.profile.output;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.Locale;

/**
 * JSON written as it goes, for the report's files (the Chrome trace, the timeline page's data): it places the
 * commas and colons, and escapes strings so that they cannot end an HTML script element either, since the
 * timeline page embeds its data in one. Numbers are written as given, so that each output chooses its precision.
 * An array may put each element on a line of its own, which keeps a large file readable line by line. Not
 * thread-safe; the caller closes the writer.
 */
final class JsonWriter {
    private final Writer out;
    /** Per open container (the innermost last): whether it holds an element yet, and whether it is by lines. */
    private boolean[] started = new boolean[8];
    private boolean[] lines = new boolean[8];
    private int depth;
    /** A name was just written: the value that follows takes no comma. */
    private boolean named;

    JsonWriter(Writer out) {
        this.out = out;
    }

    JsonWriter beginObject() throws IOException {
        return open('{', false);
    }

    JsonWriter endObject() throws IOException {
        return close('}');
    }

    JsonWriter beginArray() throws IOException {
        return open('[', false);
    }

    /** An array with a line break before each element and before its end. */
    JsonWriter beginArrayByLines() throws IOException {
        return open('[', true);
    }

    JsonWriter endArray() throws IOException {
        return close(']');
    }

    JsonWriter name(String name) throws IOException {
        element();
        string(name);
        out.write(':');
        named = true;
        return this;
    }

    JsonWriter value(String value) throws IOException {
        element();
        string(value);
        return this;
    }

    JsonWriter value(long value) throws IOException {
        return number(Long.toString(value));
    }

    JsonWriter value(boolean value) throws IOException {
        return number(Boolean.toString(value));
    }

    /** A number already formatted, such as a time with a fixed number of decimals. */
    JsonWriter number(String literal) throws IOException {
        element();
        out.write(literal);
        return this;
    }

    /** {@code name} and {@code value} in the object being written. */
    JsonWriter field(String name, String value) throws IOException {
        return name(name).value(value);
    }

    JsonWriter field(String name, long value) throws IOException {
        return name(name).value(value);
    }

    private JsonWriter open(char bracket, boolean byLines) throws IOException {
        element();
        out.write(bracket);
        if (depth == started.length) {
            started = Arrays.copyOf(started, depth * 2);
            lines = Arrays.copyOf(lines, depth * 2);
        }
        started[depth] = false;
        lines[depth] = byLines;
        depth++;
        return this;
    }

    private JsonWriter close(char bracket) throws IOException {
        depth--;
        if (lines[depth]) {
            out.write('\n');
        }
        out.write(bracket);
        return this;
    }

    /** Before an element of the innermost container: its separator. */
    private void element() throws IOException {
        if (named) {
            named = false;
            return;
        }
        if (depth == 0) {
            return;
        }
        if (started[depth - 1]) {
            out.write(',');
        }
        started[depth - 1] = true;
        if (lines[depth - 1]) {
            out.write('\n');
        }
    }

    /** The runs of characters that need no escape are written whole: a report writes millions of names. */
    private void string(String value) throws IOException {
        out.write('"');
        int run = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean quoted = c == '"' || c == '\\';
            if (quoted || c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                out.write(value, run, i - run);
                out.write(quoted ? "\\" + c : String.format(Locale.ROOT, "\\u%04x", (int) c));
                run = i + 1;
            }
        }
        out.write(value, run, value.length() - run);
        out.write('"');
    }
}
