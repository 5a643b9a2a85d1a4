package io.github.ompt4j.agent.invariants;

/**
 * One event line of the print tool, {@code <thread>: ompt_event_<name>: key=value, ...}, with the context
 * it was printed in. IDs are read as the print tool writes them: parallel and task IDs in hex with
 * {@code 0x}, thread and wait IDs in decimal. Fields are found in the line when asked for: checks keep
 * events of begins that have not ended, hundreds of thousands in a long trace, and a line is all they hold.
 */
final class TraceEvent {
    private static final String PREFIX = ": ompt_event_";

    final long thread;
    /** The event's name without {@code ompt_event_}: {@code parallel_begin}. */
    final String name;
    final String line;
    final String context;

    private TraceEvent(long thread, String name, String line, String context) {
        this.thread = thread;
        this.name = name;
        this.line = line;
        this.context = context;
    }

    /** The event on this line, or {@code null} for any other line (a legend, the program's own output). */
    static TraceEvent parse(String line, String context) {
        int colon = line.indexOf(PREFIX);
        if (colon <= 0 || !isDigits(line, colon)) {
            return null;
        }
        int nameStart = colon + PREFIX.length();
        int nameEnd = line.indexOf(':', nameStart);
        return new TraceEvent(Long.parseLong(line.substring(0, colon)),
                line.substring(nameStart, nameEnd < 0 ? line.length() : nameEnd), line, context);
    }

    private static boolean isDigits(String line, int end) {
        for (int i = 0; i < end; i++) {
            if (!Character.isDigit(line.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A parallel or task ID field ({@code 0x...}). */
    long id(String key) {
        return Long.parseUnsignedLong(text(key).substring(2), 16);
    }

    /** A decimal field (a thread or wait ID). */
    long number(String key) {
        return Long.parseLong(text(key));
    }

    boolean has(String key) {
        return find(key) >= 0;
    }

    String text(String key) {
        int at = find(key);
        if (at < 0) {
            throw new IllegalArgumentException("no " + key + "= in " + line);
        }
        int start = at + key.length() + 2;
        int end = line.indexOf(',', start);
        return line.substring(start, end < 0 ? line.length() : end);
    }

    /** Where {@code " key="} starts: every field follows {@code ": "} or {@code ", "}. */
    private int find(String key) {
        int from = line.indexOf(PREFIX) + PREFIX.length();
        for (int at = line.indexOf(key, from); at >= 0; at = line.indexOf(key, at + 1)) {
            if (line.charAt(at - 1) == ' ' && line.startsWith("=", at + key.length())) {
                return at - 1;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return line;
    }
}
