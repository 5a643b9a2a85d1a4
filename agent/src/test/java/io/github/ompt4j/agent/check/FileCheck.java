package io.github.ompt4j.agent.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small FileCheck, enough to state LLVM's OMPT test expectations over our print tool's lines.
 *
 * <p>Directives, one per call of {@link #check} and friends, are matched in order against the lines:
 * {@code CHECK} finds the next line (at or after the current one) containing the pattern;
 * {@code CHECK-NEXT} requires it on the very next line; {@code CHECK-NOT} forbids it between the
 * previous match and the next positive match (or the end); consecutive {@code CHECK-DAG}s match
 * distinct lines in any order. Patterns are literal text with {@code {{regex}}},
 * {@code [[NAME:regex]]} (capture) and {@code [[NAME]]} (the captured text). A failure throws an
 * {@link AssertionError} that shows the directive, the variables and the lines searched.
 */
public final class FileCheck {
    private enum Kind { CHECK, NEXT, NOT, DAG }

    private static final class Directive {
        final Kind kind;
        final String pattern;

        Directive(Kind kind, String pattern) {
            this.kind = kind;
            this.pattern = pattern;
        }

        @Override
        public String toString() {
            return (kind == Kind.CHECK ? "CHECK" : "CHECK-" + kind) + ": " + pattern;
        }
    }

    private final List<Directive> directives = new ArrayList<>();
    private final Map<String, String> variables = new HashMap<>();

    public FileCheck check(String pattern) {
        directives.add(new Directive(Kind.CHECK, pattern));
        return this;
    }

    public FileCheck next(String pattern) {
        directives.add(new Directive(Kind.NEXT, pattern));
        return this;
    }

    public FileCheck not(String pattern) {
        directives.add(new Directive(Kind.NOT, pattern));
        return this;
    }

    public FileCheck dag(String pattern) {
        directives.add(new Directive(Kind.DAG, pattern));
        return this;
    }

    /** Bind a variable before matching, e.g. a thread ID found by other means. */
    public FileCheck define(String name, String value) {
        variables.put(name, value);
        return this;
    }

    /** The value captured for {@code name}, after {@link #match}. */
    public String get(String name) {
        return variables.get(name);
    }

    /** Run every directive over {@code lines}; returns this, for reading captures. */
    public FileCheck match(List<String> lines) {
        int position = 0;
        List<Directive> pendingNot = new ArrayList<>();
        for (int d = 0; d < directives.size(); d++) {
            Directive directive = directives.get(d);
            switch (directive.kind) {
                case NOT:
                    pendingNot.add(directive);
                    break;
                case NEXT:
                    if (position >= lines.size() || !find(directive, lines.get(position), true)) {
                        fail(directive, lines, position, "not on the next line");
                    }
                    position++;
                    break;
                case CHECK: {
                    int at = search(directive, lines, position);
                    checkNot(pendingNot, lines, position, at);
                    position = at + 1;
                    break;
                }
                default: {
                    int end = d;
                    while (end < directives.size() && directives.get(end).kind == Kind.DAG) {
                        end++;
                    }
                    int last = matchDag(directives.subList(d, end), lines, position);
                    checkNot(pendingNot, lines, position, last);
                    position = last + 1;
                    d = end - 1;
                    break;
                }
            }
        }
        checkNot(pendingNot, lines, position, lines.size());
        return this;
    }

    private int matchDag(List<Directive> group, List<String> lines, int from) {
        boolean[] used = new boolean[lines.size()];
        int last = from - 1;
        for (Directive directive : group) {
            int at = -1;
            for (int i = from; i < lines.size() && at < 0; i++) {
                if (!used[i] && find(directive, lines.get(i), true)) {
                    at = i;
                }
            }
            if (at < 0) {
                fail(directive, lines, from, "no unused line matches");
            }
            used[at] = true;
            last = Math.max(last, at);
        }
        return last;
    }

    private int search(Directive directive, List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (find(directive, lines.get(i), true)) {
                return i;
            }
        }
        fail(directive, lines, from, "no line matches");
        return -1;
    }

    private void checkNot(List<Directive> nots, List<String> lines, int from, int to) {
        for (Directive not : nots) {
            for (int i = from; i < to; i++) {
                if (find(not, lines.get(i), false)) {
                    fail(not, lines, i, "forbidden line found");
                }
            }
        }
        nots.clear();
    }

    /** Whether the directive's pattern occurs in {@code line}; captures are kept only if {@code bind}. */
    private boolean find(Directive directive, String line, boolean bind) {
        List<String> captured = new ArrayList<>();
        Matcher m = compile(directive, captured).matcher(line);
        if (!m.find()) {
            return false;
        }
        if (bind) {
            for (int g = 0; g < captured.size(); g++) {
                variables.put(captured.get(g), m.group("v" + g));
            }
        }
        return true;
    }

    /**
     * The pattern as a regex. A capture's regex may hold brackets ({@code [[N:[01]]]}), so the closing
     * {@code ]]} is the first one outside brackets; a variable captured earlier in the same pattern is a
     * back-reference.
     */
    private Pattern compile(Directive directive, List<String> captured) {
        String p = directive.pattern;
        StringBuilder regex = new StringBuilder();
        int i = 0;
        int literal = 0;
        while (i < p.length()) {
            if (p.startsWith("{{", i)) {
                int end = p.indexOf("}}", i + 2);
                regex.append(Pattern.quote(p.substring(literal, i))).append("(?:").append(p, i + 2, end).append(')');
                i = literal = end + 2;
            } else if (p.startsWith("[[", i)) {
                regex.append(Pattern.quote(p.substring(literal, i)));
                int nameEnd = i + 2;
                while (Character.isLetterOrDigit(p.charAt(nameEnd)) || p.charAt(nameEnd) == '_') {
                    nameEnd++;
                }
                String name = p.substring(i + 2, nameEnd);
                if (p.charAt(nameEnd) == ':') {
                    int end = closing(p, nameEnd + 1);
                    regex.append("(?<v").append(captured.size()).append('>').append(p, nameEnd + 1, end).append(')');
                    captured.add(name);
                    i = literal = end + 2;
                } else {
                    int group = captured.indexOf(name);
                    if (group >= 0) {
                        regex.append("\\k<v").append(group).append('>');
                    } else if (variables.containsKey(name)) {
                        regex.append(Pattern.quote(variables.get(name)));
                    } else {
                        throw new AssertionError("[[" + name + "]] is used before it is defined in " + directive);
                    }
                    i = literal = nameEnd + 2;
                }
            } else {
                i++;
            }
        }
        regex.append(Pattern.quote(p.substring(literal)));
        return Pattern.compile(regex.toString());
    }

    /** The index of the {@code ]]} that closes a capture's regex starting at {@code from}. */
    private static int closing(String p, int from) {
        int depth = 0;
        for (int i = from; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && depth > 0) {
                depth--;
            } else if (c == ']' && p.startsWith("]]", i)) {
                return i;
            }
        }
        throw new IllegalArgumentException("unclosed [[ in " + p);
    }

    private void fail(Directive directive, List<String> lines, int at, String why) {
        StringBuilder s = new StringBuilder(directive + "\n  " + why + " (from line " + (at + 1) + ")\n  variables: "
                + variables + "\n  lines:\n");
        for (int i = Math.max(0, at - 3); i < Math.min(lines.size(), at + 40); i++) {
            s.append(i == at ? "  > " : "    ").append(lines.get(i)).append('\n');
        }
        throw new AssertionError(s.toString());
    }
}
