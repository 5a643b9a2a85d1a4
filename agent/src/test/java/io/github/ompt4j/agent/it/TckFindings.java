package io.github.ompt4j.agent.it;

import io.github.ompt4j.agent.invariants.Invariant;
import io.github.ompt4j.agent.invariants.Violation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The violations of one TCK trace, by invariant and TCK class ({@code EXCLUSIVE ReentrantLockTest}): how
 * many, and the first as an example. The classes whose violations are known and tolerated for now are
 * listed in {@code tck-known-violations.txt} beside this class, one {@code INVARIANT TckClass} a line.
 */
final class TckFindings implements Consumer<Violation> {
    /** The context of events printed before the first test starts. */
    static final String BEFORE_TESTS = "(before-tests)";

    private static final class Finding {
        long count;
        final Violation example;

        Finding(Violation example) {
            this.example = example;
        }
    }

    private final Map<String, Finding> findings = new TreeMap<>();

    @Override
    public void accept(Violation v) {
        findings.computeIfAbsent(v.invariant() + " " + tckClass(v.context()), k -> new Finding(v)).count++;
    }

    /** {@code testSubmit(ForkJoinPoolTest)} is in {@code ForkJoinPoolTest}. */
    static String tckClass(String test) {
        int open = test.lastIndexOf('(');
        return open < 0 ? BEFORE_TESTS : test.substring(open + 1, test.length() - 1);
    }

    /** The kinds found that {@code known} does not list. */
    Set<String> unknown(Set<String> known) {
        Set<String> unknown = new TreeSet<>(findings.keySet());
        unknown.removeAll(known);
        return unknown;
    }

    Set<String> kinds() {
        return findings.keySet();
    }

    /** One line a kind: count, kind, whether it is known, and the first violation. */
    String table(Set<String> known) {
        StringBuilder table = new StringBuilder();
        findings.forEach((kind, f) -> table.append(String.format("%8d  %-50s %s  %s%n", f.count, kind,
                known.contains(kind) ? "known" : "NEW  ", f.example)));
        return table.toString();
    }

    /**
     * The known kinds: {@code tck-known-violations.txt}, without its comments; an entry that names no
     * invariant or no TCK class of {@link Tck#CLASSES} fails, so a typo cannot tolerate anything.
     */
    static Set<String> known() throws IOException {
        Set<String> known = new TreeSet<>();
        try (InputStream in = TckFindings.class.getResourceAsStream("tck-known-violations.txt");
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null;) {
                String entry = line.replaceFirst("#.*", "").trim();
                if (entry.isEmpty()) {
                    continue;
                }
                String[] parts = entry.split("\\s+");
                Invariant.valueOf(parts[0]);
                if (parts.length != 2 || !(Tck.CLASSES.containsKey(parts[1]) || parts[1].equals(BEFORE_TESTS))) {
                    throw new IllegalArgumentException("tck-known-violations.txt: not 'INVARIANT TckClass': " + line);
                }
                known.add(parts[0] + " " + parts[1]);
            }
        }
        return known;
    }
}
