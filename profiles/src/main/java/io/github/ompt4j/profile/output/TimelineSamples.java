package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.TimedSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline page's samples, from which the page sums any selected range: {@code frames}, the frame names;
 * {@code stacks}, each folded stack as frame indexes, root first; {@code s}, six numbers a sample: its time
 * (microseconds from the recording's start), its thread (an index into the page's threads), its state (an
 * index into the page's states), its stack, the thread time it stands for (nanoseconds, exact, so that the whole
 * range adds up to the report's sampled time) and how many samples it stands for. {@code count} is the number of
 * samples as the report counts them, {@code stride} the bound's thinning (1: every sample is there).
 *
 * <p>The bound: past {@code max} samples, each thread keeps one sample in {@code stride} in time order, the last
 * of each run of {@code stride}, and that sample carries the time and count of the whole run. A wall-clock sample
 * stands for the time since its thread's previous one, so the kept samples are what a sampler {@code stride}
 * times slower would have taken: per thread and over the whole recording the times are still exact, per state
 * and per stack they are that slower sampler's estimate. At most {@code max} samples plus one per thread remain.
 */
final class TimelineSamples {
    /** About 30 bytes each in the page: a page of a few megabytes, which a browser sums at every drag. */
    static final int MAX_SAMPLES = 100_000;

    private final TimedSamples samples;
    private final int stride;

    private TimelineSamples(TimedSamples samples, int max) {
        this.samples = samples;
        this.stride = Math.max(1, (samples.size() + max - 1) / max);
    }

    /**
     * @param pageThread for each of the samples' threads, its index among the page's threads
     * @param origin     the recording's start, nanoseconds since the epoch
     */
    static void write(JsonWriter json, TimedSamples samples, int max, int[] pageThread, long origin)
            throws IOException {
        new TimelineSamples(samples, max).write(json, pageThread, origin);
    }

    private void write(JsonWriter json, int[] pageThread, long origin) throws IOException {
        int[][] runs = runs();
        long total = 0;
        for (int i = 0; i < samples.size(); i++) {
            total += samples.count(i);
        }
        json.beginObject().field("count", total).field("stride", stride);
        Map<Integer, Integer> stackIds = new HashMap<>();
        List<Integer> stacks = new ArrayList<>();
        json.name("s").beginArray();
        for (int[] run : runs) {
            int last = run[run.length - 1];
            long nanos = 0;
            long count = 0;
            for (int i : run) {
                nanos += samples.nanos(i);
                count += samples.count(i);
            }
            int stack = stackIds.computeIfAbsent(samples.stack(last), s -> {
                stacks.add(s);
                return stacks.size() - 1;
            });
            json.number(TimelineHtml.micros(samples.time(last) - origin)).value(pageThread[samples.thread(last)])
                    .value(samples.state(last).ordinal()).value(stack).value(nanos).value(count);
        }
        json.endArray();
        frames(json, stacks);
        json.endObject();
    }

    /** The stacks the kept samples use, as indexes into a table of frame names. */
    private void frames(JsonWriter json, List<Integer> stacks) throws IOException {
        Map<String, Integer> frameIds = new HashMap<>();
        json.name("stacks").beginArrayByLines();
        for (int s : stacks) {
            json.beginArray();
            for (Frame f : samples.stacks().get(s)) {
                Integer id = frameIds.get(f.name());
                if (id == null) {
                    id = frameIds.size();
                    frameIds.put(f.name(), id);
                }
                json.value(id);
            }
            json.endArray();
        }
        json.endArray().name("frames").beginArrayByLines();
        String[] names = new String[frameIds.size()];
        frameIds.forEach((name, id) -> names[id] = name);
        for (String name : names) {
            json.value(name);
        }
        json.endArray();
    }

    /** The samples as runs of {@code stride} of one thread in time order; runs of one when there is no bound. */
    private int[][] runs() {
        int n = samples.size();
        if (stride == 1) {
            int[][] runs = new int[n][];
            for (int i = 0; i < n; i++) {
                runs[i] = new int[] {i};
            }
            return runs;
        }
        List<List<Integer>> byThread = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            while (byThread.size() <= samples.thread(i)) {
                byThread.add(new ArrayList<>());
            }
            byThread.get(samples.thread(i)).add(i);
        }
        List<int[]> runs = new ArrayList<>();
        for (List<Integer> thread : byThread) {
            thread.sort((a, b) -> Long.compare(samples.time(a), samples.time(b)));
            for (int from = 0; from < thread.size(); from += stride) {
                runs.add(thread.subList(from, Math.min(from + stride, thread.size())).stream().mapToInt(i -> i)
                        .toArray());
            }
        }
        return runs.toArray(new int[0][]);
    }
}
