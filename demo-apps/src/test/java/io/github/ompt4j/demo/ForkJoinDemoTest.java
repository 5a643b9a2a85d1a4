package io.github.ompt4j.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fork/join and stream demos compute what a plain sequential computation does. */
class ForkJoinDemoTest {

    @Test
    void wordFrequenciesMatchASequentialCount() {
        String[] text = WordFrequencyDemo.generateText(5_000, 9, 3);
        Map<String, Long> expected = new HashMap<>();
        for (String line : text) {
            for (String word : line.split(" ")) {
                expected.merge(word, 1L, Long::sum);
            }
        }
        Map<String, Long> counts = WordFrequencyDemo.countWordFrequencies(text);
        assertEquals(expected, counts);
        List<Map.Entry<String, Long>> top = WordFrequencyDemo.mostFrequentWords(counts, 3);
        List<Map.Entry<String, Long>> sorted = expected.entrySet().stream()
                .sorted((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey())
                        : Long.compare(b.getValue(), a.getValue()))
                .limit(3).collect(java.util.stream.Collectors.toList());
        assertEquals(sorted, top);
    }

    @Test
    void theQuotePipelineTotalsWhatASequentialLoopDoes() {
        long expected = 0;
        for (int p = 0; p < 300; p++) {
            expected += QuotePipelineDemo.withTax(QuotePipelineDemo.quoteInCents(p) - QuotePipelineDemo.discountInCents(p));
        }
        assertEquals(expected, QuotePipelineDemo.priceBasket(300));
    }

    @Test
    void mergeSortAgreesWithArraysSortAcrossManyTasks() {
        int[] data = MergeSortDemo.randomArray(MergeSortDemo.CUTOFF * 20 + 17, 11);
        int[] expected = data.clone();
        Arrays.sort(expected);
        MergeSortDemo.parallelMergeSort(data);
        assertArrayEquals(expected, data);
    }
}
