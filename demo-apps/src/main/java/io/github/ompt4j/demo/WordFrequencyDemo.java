package io.github.ompt4j.demo;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Counts word frequencies in generated text with a parallel stream: lines are split into words and
 * grouped concurrently, then the most frequent words are sorted out in a second parallel stream. Under
 * the agent each terminal operation is a region of the common pool, its stream tasks the region's tasks.
 *
 * <p>{@code java -cp demo-apps/target/classes io.github.ompt4j.demo.WordFrequencyDemo [lines]}
 */
public final class WordFrequencyDemo {
    private static final String[] VOCABULARY = ("the of and to in is that for it as was with be by on not he this"
            + " are or his from at which but have an they you were her she there would their we him been has when"
            + " who will more no if out so said what up its about into than them can only other new some could time"
            + " these two may then do first any my now such like our over man me even most made after also did many"
            + " before must through back years where much your way well down should because each just those people"
            + " parallel region task barrier thread worker steal join fork queue").split(" ");

    private WordFrequencyDemo() {
    }

    public static void main(String[] args) {
        int lines = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        long start = System.nanoTime();
        String[] text = generateText(lines, 12, 42);
        Map<String, Long> counts = countWordFrequencies(text);
        List<Map.Entry<String, Long>> top = mostFrequentWords(counts, 5);
        System.out.printf("%d lines, %d distinct words in %.1f ms; most frequent: %s%n", lines, counts.size(),
                (System.nanoTime() - start) / 1e6, top);
    }

    /** {@code lines} lines of {@code wordsPerLine} words drawn with a Zipf-like skew, reproducibly from {@code seed}. */
    static String[] generateText(int lines, int wordsPerLine, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String[] text = new String[lines];
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            line.setLength(0);
            for (int w = 0; w < wordsPerLine; w++) {
                double u = random.nextDouble();
                line.append(w == 0 ? "" : " ").append(VOCABULARY[(int) (VOCABULARY.length * u * u * u)]);
            }
            text[i] = line.toString();
        }
        return text;
    }

    static ConcurrentMap<String, Long> countWordFrequencies(String[] text) {
        return Arrays.stream(text).parallel()
                .flatMap(line -> Arrays.stream(line.split(" ")))
                .collect(Collectors.groupingByConcurrent(Function.identity(), Collectors.counting()));
    }

    static List<Map.Entry<String, Long>> mostFrequentWords(Map<String, Long> counts, int n) {
        return counts.entrySet().parallelStream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .collect(Collectors.toList());
    }
}
