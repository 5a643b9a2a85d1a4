package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.TimedSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
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
        long total = 0;
        for (int i = 0; i < samples.size(); i++) {
            total += samples.count(i);
        }
        json.beginObject().field("count", total).field("stride", stride);
        Map<Integer, Integer> stackIds = new HashMap<>();
        List<Integer> stacks = new ArrayList<>();
        json.name("s").beginArray();
        int[] order = stride == 1 ? null : byThreadInTime();
        for (int from = 0; from < samples.size();) {
            // A run: up to stride samples of one thread, standing together for their time.
            int thread = samples.thread(at(order, from));
            int to = from;
            long nanos = 0;
            long count = 0;
            for (; to < samples.size() && to - from < stride && samples.thread(at(order, to)) == thread; to++) {
                nanos += samples.nanos(at(order, to));
                count += samples.count(at(order, to));
            }
            int last = at(order, to - 1);
            int stack = stackIds.computeIfAbsent(samples.stack(last), s -> {
                stacks.add(s);
                return stacks.size() - 1;
            });
            json.number(TimelineHtml.micros(samples.time(last) - origin)).value(pageThread[thread])
                    .value(samples.state(last).ordinal()).value(stack).value(nanos).value(count);
            from = to;
        }
        json.endArray();
        frames(json, stacks);
        json.endObject();
    }

    /** The {@code k}-th sample in {@code order}, or in the recording's order without one. */
    private static int at(int[] order, int k) {
        return order == null ? k : order[k];
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

    /** The samples' indexes thread by thread, each thread's in time order. */
    private int[] byThreadInTime() {
        int[] starts = new int[samples.threads().size() + 1];
        for (int i = 0; i < samples.size(); i++) {
            starts[samples.thread(i) + 1]++;
        }
        for (int t = 1; t < starts.length; t++) {
            starts[t] += starts[t - 1];
        }
        int[] order = new int[samples.size()];
        int[] next = Arrays.copyOf(starts, starts.length - 1);
        for (int i = 0; i < samples.size(); i++) {
            order[next[samples.thread(i)]++] = i;
        }
        for (int t = 0; t + 1 < starts.length; t++) {
            if (!inTimeOrder(order, starts[t], starts[t + 1])) {
                // The profiler writes its buffers one after another: rare, so boxing is affordable here.
                Integer[] sorted = Arrays.stream(order, starts[t], starts[t + 1]).boxed()
                        .sorted((a, b) -> Long.compare(samples.time(a), samples.time(b))).toArray(Integer[]::new);
                for (int k = 0; k < sorted.length; k++) {
                    order[starts[t] + k] = sorted[k];
                }
            }
        }
        return order;
    }

    private boolean inTimeOrder(int[] order, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            if (samples.time(order[k]) < samples.time(order[k - 1])) {
                return false;
            }
        }
        return true;
    }
}
