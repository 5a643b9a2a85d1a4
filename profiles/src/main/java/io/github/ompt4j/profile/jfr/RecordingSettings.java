package io.github.ompt4j.profile.jfr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;

/**
 * What a recording's settings say about its samples and waits: JFR's sampling period and the
 * {@code ompt.SyncRegionWait} threshold ({@code jdk.ActiveSetting}), async-profiler's interval and mode (its
 * options, written as settings without a thread), and the error of async-profiler's clock
 * ({@code jdk.ActiveRecording}). {@link #apply} gives the run its intervals, from the settings or, where they
 * say nothing, from the samples' gaps.
 */
final class RecordingSettings {
    /**
     * JDK 25's reader converts the ticks of async-profiler's chunk (monotonic clock) to times off by the
     * machine's uptime; JDK 17's does not. A shift beyond this is that error, and corrected ({@link ChunkClocks}).
     */
    private static final long MAX_CLOCK_ERROR = 1_000_000_000L;
    /**
     * How far async-profiler's start in whole milliseconds, written a moment after it started, may be from the shift
     * its chunk's clock needs: the chunks' origins give the shift itself, the nearest within this.
     */
    private static final long CLOCK_ESTIMATE_ERROR = 2_000_000L;
    private static final Pattern TIMESPAN = Pattern.compile("\\s*(\\d+)\\s*(ns|us|ms|s)\\s*");

    private final Map<String, String> asyncSettings = new HashMap<>();
    /** Pairs of a type ID and its period. */
    private final List<Long> jfrPeriods = new ArrayList<>();
    private long jfrSampleTypeId = -1;
    /** The type IDs of {@code ompt.SyncRegionWait} (one per chunk's metadata, usually the same). */
    private final Set<Long> syncWaitTypeIds = new HashSet<>();
    /** The type IDs of {@code ompt.ThreadState}, whose period the reader of its samples needs. */
    private final Set<Long> stateTypeIds = new HashSet<>();
    private long asyncClockError;
    private long[] chunkOrigins = new long[0];

    void syncWaitType(EventType type) {
        syncWaitTypeIds.add(type.getId());
    }

    void stateSampleType(EventType type) {
        stateTypeIds.add(type.getId());
    }

    /** JFR's own execution samples are of {@code type}, whose period the settings name. */
    void jfrSampleType(EventType type) {
        jfrSampleTypeId = type.getId();
    }

    void setting(RecordedEvent e, RecordedRun run) {
        String name = e.getString("name");
        String value = e.getString("value");
        // JFR's settings by name: JDK 17 writes them on a thread, JDK 25 without one, as async-profiler writes its
        // own options (interval, wall, event ...), which never take these names.
        if ("threshold".equals(name)) {
            if (syncWaitTypeIds.contains(e.getLong("id"))) {
                // Of several recordings, the one with the lowest threshold decides what JFR writes.
                long threshold = timespan(value);
                run.syncWaitThreshold = run.syncWaitThreshold < 0 ? threshold
                        : Math.min(run.syncWaitThreshold, threshold);
            }
        } else if ("period".equals(name)) {
            jfrPeriods.add(e.getLong("id"));
            jfrPeriods.add(timespan(value));
        } else if (e.getThread() == null) {
            asyncSettings.put(name, value);
        }
    }

    void activeRecording(RecordedEvent e) {
        if (e.getThread() == null) {
            // async-profiler's: its start as a plain number of epoch milliseconds, and as a time.
            asyncClockError = e.getLong("recordingStart") * 1_000_000 - RecordingReader.nanos(e.getStartTime());
        }
    }

    /** The origins of the recording's chunks' clocks ({@link ChunkClocks#origins}). */
    void chunkOrigins(long[] origins) {
        chunkOrigins = origins;
    }

    /** The samples of async-profiler, their clock corrected (JDK 25). */
    void correctAsyncClock(Samples samples) {
        if (Math.abs(asyncClockError) > MAX_CLOCK_ERROR) {
            samples.shift(ChunkClocks.nearestDifference(chunkOrigins, asyncClockError, CLOCK_ESTIMATE_ERROR));
        }
    }

    /** The run's sampling intervals, and its samples weighed by them. */
    void apply(RecordedRun run) {
        long statePeriod = Long.MAX_VALUE;
        long period = Long.MAX_VALUE;
        for (int i = 0; i < jfrPeriods.size(); i += 2) {
            long value = jfrPeriods.get(i + 1);
            if (jfrPeriods.get(i) == jfrSampleTypeId && value > 0) {
                period = Math.min(period, value);
            }
            if (stateTypeIds.contains(jfrPeriods.get(i)) && value > 0) {
                statePeriod = Math.min(statePeriod, value);
            }
        }
        run.statePeriod = statePeriod == Long.MAX_VALUE ? 0 : statePeriod;
        interval(run, SampleSource.JFR_EXECUTION, period == Long.MAX_VALUE ? 0 : period);
        long cpu = number(asyncSettings.get("interval"));
        long wall = number(asyncSettings.get("wall"));
        interval(run, SampleSource.ASYNC_CPU, cpu);
        interval(run, SampleSource.ASYNC_WALL, wall > 0 ? wall : "wall".equals(asyncSettings.get("event")) ? cpu : 0);
        run.samples.forEach((source, samples) -> {
            if (source == SampleSource.ASYNC_WALL) {
                samples.weighByTimeBetween(run.interval(source));
            } else {
                samples.weighByCount(run.interval(source));
            }
        });
    }

    /** The interval the settings name, or else the median gap between a thread's consecutive samples. */
    private static void interval(RecordedRun run, SampleSource source, long fromSettings) {
        Samples samples = run.samples.get(source);
        if (samples == null) {
            return;
        }
        run.intervals.put(source, fromSettings > 0 ? fromSettings : medianGap(samples));
    }

    static long medianGap(Samples samples) {
        Map<Integer, long[]> last = new HashMap<>();
        long[] gaps = new long[samples.size()];
        int n = 0;
        for (int i = 0; i < samples.size(); i++) {
            long[] previous = last.computeIfAbsent(samples.thread(i), k -> new long[] {Long.MIN_VALUE});
            if (previous[0] != Long.MIN_VALUE && samples.time(i) > previous[0]) {
                gaps[n++] = (samples.time(i) - previous[0]) / samples.weight(i);
            }
            previous[0] = samples.time(i);
        }
        if (n == 0) {
            return 10_000_000L;
        }
        Arrays.sort(gaps, 0, n);
        return gaps[n / 2];
    }

    /** JFR's timespan setting ({@code 10 ms}, {@code 20 ms}, {@code 1 s}); 0 for anything else ({@code off}). */
    static long timespan(String value) {
        Matcher m = value == null ? null : TIMESPAN.matcher(value);
        if (m == null || !m.matches()) {
            return 0;
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ns":
                return n;
            case "us":
                return n * 1_000;
            case "ms":
                return n * 1_000_000;
            default:
                return n * 1_000_000_000;
        }
    }

    private static long number(String value) {
        try {
            return value == null ? 0 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
