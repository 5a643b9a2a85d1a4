package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.perftools.profiles.ProfileProto;
import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pprof file of a user-model profile, read back with the classes generated from pprof's profile.proto. */
class PprofOutputTest {
    private static final long START = 1_700_000_000_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void everyStackIsOneSampleWithItsCountTimesThreadAndState() throws Exception {
        Profile profile = ProfileFixture.userModel();
        Path file = dir.resolve("profile.pb.gz");
        PprofOutput.write(profile, START, START + 2_000_000_000L, file);
        PprofReader pprof = PprofReader.read(file);
        assertEquals(List.of("samples/count", "wall/nanoseconds", "omp_work/nanoseconds", "omp_wait/nanoseconds"),
                pprof.sampleTypes());
        assertEquals(ExportedStack.expected(profile, List.of(Metric.SAMPLES, Metric.TOTAL_TIME, Metric.OMP_WORK,
                Metric.OMP_WAIT)), pprof.stacks());
        assertTrue(pprof.functionNames().containsAll(List.of("<OMP-idle>", "<OMP-implicit_barrier>",
                "com.example.App.lambda$solve$0")), pprof.functionNames().toString());
        assertEquals(5, pprof.functionNames().size(), "one function per frame name");
        ProfileProto.Profile p = pprof.profile();
        assertEquals(5, p.getLocationCount(), "one location per frame name");
        assertEquals("wall/nanoseconds", pprof.string(p.getPeriodType().getType()) + "/"
                + pprof.string(p.getPeriodType().getUnit()));
        assertEquals(10_000_000, p.getPeriod());
        assertEquals("wall", pprof.string(p.getDefaultSampleType()));
        assertEquals(START, p.getTimeNanos());
        assertEquals(2_000_000_000L, p.getDurationNanos());
        assertEquals("OpenMP user view of profiler.WallClockSample (async-profiler, wall clock), by ompt4j",
                pprof.string(p.getComment(0)));
    }

    @Test
    void withoutTheSamplingIntervalOnlyCounts() throws Exception {
        Profile cpu = ProfileFixture.userModel();
        Profile counts = new Profile(View.EXPERT, "jdk.ExecutionSample (JFR)", 0, cpu.threads(), cpu.stacks());
        Path file = dir.resolve("counts.pb.gz");
        PprofOutput.write(counts, START, START, file);
        PprofReader pprof = PprofReader.read(file);
        assertEquals(List.of("samples/count"), pprof.sampleTypes());
        assertEquals(ExportedStack.expected(counts, List.of(Metric.SAMPLES)), pprof.stacks());
        assertEquals(0, pprof.profile().getPeriod());
        assertEquals(0, pprof.profile().getDefaultSampleType());
    }

    @Test
    void theSampledTimeIsCpuTimeForCpuSamples() throws Exception {
        Profile wall = ProfileFixture.userModel();
        Profile cpu = new Profile(View.USER, "jdk.ExecutionSample (async-profiler, cpu)", wall.intervalNanos(),
                wall.threads(), wall.stacks());
        Path file = dir.resolve("cpu.pb.gz");
        PprofOutput.write(cpu, START, START, file);
        assertEquals("cpu/nanoseconds", PprofReader.read(file).sampleTypes().get(1));
    }

    @Test
    void anEmptyProfileIsAValidFile() throws Exception {
        Profile empty = new Profile(View.USER, "no samples", 0, List.of(), List.<FoldedStack>of());
        Path file = dir.resolve("empty.pb.gz");
        PprofOutput.write(empty, START, START, file);
        PprofReader pprof = PprofReader.read(file);
        assertEquals(0, pprof.profile().getSampleCount());
        assertEquals("", pprof.string(0), "the string table starts with the empty string");
    }
}
