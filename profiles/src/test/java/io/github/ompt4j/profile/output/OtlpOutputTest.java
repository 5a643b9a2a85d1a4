package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.View;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The OTLP profiles file of a user-model profile, read back with opentelemetry-proto's classes. */
class OtlpOutputTest {
    private static final long START = 1_700_000_000_000_000_000L;

    @TempDir
    Path dir;

    /** The stacks with their weight in one metric, without those that weigh nothing in it. */
    static Map<ExportedStack, Long> expected(Profile profile, Metric metric) {
        Map<ExportedStack, Long> stacks = new HashMap<>();
        ExportedStack.expected(profile, List.of(metric)).forEach((stack, values) -> {
            if (values.get(0) != 0) {
                stacks.put(stack, values.get(0));
            }
        });
        return stacks;
    }

    @Test
    void oneProfilePerValueOverOneDictionary() throws Exception {
        Profile profile = ProfileFixture.userModel();
        Path file = dir.resolve("profiles.pb");
        OtlpOutput.write(profile, START, START + 2_000_000_000L, file);
        OtlpReader otlp = OtlpReader.read(file);
        var profiles = otlp.profiles();
        assertEquals(List.of("samples/count", "wall/nanoseconds", "omp_work/nanoseconds", "omp_wait/nanoseconds"),
                profiles.stream().map(p -> otlp.type(p.getSampleType())).toList());
        List<Metric> metrics = List.of(Metric.SAMPLES, Metric.TOTAL_TIME, Metric.OMP_WORK, Metric.OMP_WAIT);
        for (int i = 0; i < metrics.size(); i++) {
            assertEquals(expected(profile, metrics.get(i)), otlp.stacks(profiles.get(i)), metrics.get(i).toString());
            assertEquals(START, profiles.get(i).getTimeUnixNano());
            assertEquals(2_000_000_000L, profiles.get(i).getDurationNano());
            assertEquals("wall/nanoseconds", otlp.type(profiles.get(i).getPeriodType()));
            assertEquals(10_000_000, profiles.get(i).getPeriod());
        }
        assertEquals(4, otlp.profiles().get(0).getSamplesCount());
        assertEquals(2, otlp.profiles().get(3).getSamplesCount(), "OMP wait: the barrier and idle stacks only");
        assertEquals(List.of("<OMP-idle>", "<OMP-implicit_barrier>", "com.example.App.lambda$solve$0",
                "com.example.App.main", "com.example.App.solve"), otlp.functionNames().stream().sorted().toList(),
                "one function per frame name");
        assertEquals(1 + 3, otlp.dictionary().getStackTableCount(), "the zero value, and two threads' same stack once");
        assertEquals("ompt4j", otlp.data().getResourceProfiles(0).getScopeProfiles(0).getScope().getName());
        assertEquals(otlp.data(), io.opentelemetry.proto.profiles.v1development.ProfilesData.parseFrom(
                OtlpReader.readRequest(file).toByteArray()), "ProfilesData and the export request are one message");
    }

    @Test
    void everyDictionaryTableStartsWithItsZeroValue() throws Exception {
        Path file = dir.resolve("profiles.pb");
        OtlpOutput.write(ProfileFixture.userModel(), START, START, file);
        ProfilesDictionary d = OtlpReader.read(file).dictionary();
        assertEquals("", d.getStringTable(0));
        assertEquals(0, d.getMappingTable(0).getSerializedSize());
        assertEquals(0, d.getLocationTable(0).getSerializedSize());
        assertEquals(0, d.getFunctionTable(0).getSerializedSize());
        assertEquals(0, d.getLinkTable(0).getSerializedSize());
        assertEquals(0, d.getAttributeTable(0).getSerializedSize());
        assertEquals(0, d.getStackTable(0).getSerializedSize());
    }

    @Test
    void longThreadNamesAndCountsOnly() throws Exception {
        ProfileThread named = new ProfileThread(5, 50, "pool-".repeat(100) + "thread", 0, "");
        Profile profile = new Profile(View.MACHINE, "jdk.ExecutionSample (JFR)", 0, List.of(named), List.of(
                new FoldedStack(named, OmpState.UNDEFINED, List.of(Frame.java("a.B.c")), 3, 0, 0)));
        Path file = dir.resolve("long.pb");
        OtlpOutput.write(profile, START, START, file);
        OtlpReader otlp = OtlpReader.read(file);
        assertEquals(1, otlp.profiles().size());
        assertEquals(0, otlp.profiles().get(0).getPeriod());
        assertEquals(expected(profile, Metric.SAMPLES), otlp.stacks(otlp.profiles().get(0)));
        assertTrue(otlp.stacks(otlp.profiles().get(0)).keySet().iterator().next().thread().length() > 500);
    }

    /** The attribute table holds one entry per key and value: entries are equal exactly when both are. */
    @Test
    void attributesAreEqualExactlyWhenKeyAndValueAre() {
        OtlpOutput.Attribute thread = new OtlpOutput.Attribute("thread.name", "main");
        assertEquals(thread, new OtlpOutput.Attribute("thread.name", "main"));
        assertEquals(thread.hashCode(), new OtlpOutput.Attribute("thread.name", "main").hashCode());
        assertNotEquals(thread, new OtlpOutput.Attribute("thread.name", "worker-1"));
        assertNotEquals(thread, new OtlpOutput.Attribute("thread.id", "main"));
        assertNotEquals(new OtlpOutput.Attribute("thread.id", 1L), new OtlpOutput.Attribute("thread.id", 2L));
    }
}
