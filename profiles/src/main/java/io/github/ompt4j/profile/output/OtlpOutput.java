package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.Profile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import one.convert.Index;
import one.proto.Proto;

/**
 * A profile as OpenTelemetry profiles: an OTLP {@code ProfilesData} protobuf, binary, of the
 * {@code opentelemetry.proto.profiles.v1development} messages of opentelemetry-proto v1.10.0, the release whose
 * field numbers async-profiler's converter 4.5 writes ({@code one.convert.OtlpConstants}; in v1.9.0 a
 * {@code Sample}'s values were field 2, in v1.10.0 its attribute indices are). {@code ProfilesData} and the
 * collector's {@code ExportProfilesServiceRequest} have the same fields, so the file is also the body of an
 * OTLP/HTTP export request ({@code application/x-protobuf}).
 *
 * <p>A v1.10.0 {@code Profile} has one sample type, so there is one profile per {@link SampleValue}: the sample
 * count, and with a known sampling interval the sampled time ({@code wall} or {@code cpu}) and its
 * {@code omp_work} and {@code omp_wait} shares, in nanoseconds, without the samples that weigh nothing in them.
 * They share one dictionary: each folded stack is one {@code Stack} (leaf first), each frame name one
 * {@code Function} with one {@code Location}, artificial {@code <OMP-...>} frames included; each sample has the
 * attributes {@code thread.name}, {@code thread.id} (the Java thread ID, OpenTelemetry's semantic conventions)
 * and {@code omp.state} ({@code work_parallel}, {@code wait_barrier_implicit} …). Every dictionary table starts
 * with its zero value, as the format requires.
 */
public final class OtlpOutput {
    // opentelemetry.proto.profiles.v1development, v1.10.0
    private static final int PROFILES_DATA_RESOURCE_PROFILES = 1;
    private static final int PROFILES_DATA_DICTIONARY = 2;
    private static final int RESOURCE_PROFILES_SCOPE_PROFILES = 2;
    private static final int SCOPE_PROFILES_SCOPE = 1;
    private static final int SCOPE_PROFILES_PROFILES = 2;
    private static final int INSTRUMENTATION_SCOPE_NAME = 1;
    private static final int PROFILE_SAMPLE_TYPE = 1;
    private static final int PROFILE_SAMPLES = 2;
    private static final int PROFILE_TIME_UNIX_NANO = 3;
    private static final int PROFILE_DURATION_NANO = 4;
    private static final int PROFILE_PERIOD_TYPE = 5;
    private static final int PROFILE_PERIOD = 6;
    private static final int VALUE_TYPE_TYPE_STRINDEX = 1;
    private static final int VALUE_TYPE_UNIT_STRINDEX = 2;
    private static final int SAMPLE_STACK_INDEX = 1;
    private static final int SAMPLE_ATTRIBUTE_INDICES = 2;
    private static final int SAMPLE_VALUES = 4;
    private static final int DICTIONARY_MAPPING_TABLE = 1;
    private static final int DICTIONARY_LOCATION_TABLE = 2;
    private static final int DICTIONARY_FUNCTION_TABLE = 3;
    private static final int DICTIONARY_LINK_TABLE = 4;
    private static final int DICTIONARY_STRING_TABLE = 5;
    private static final int DICTIONARY_ATTRIBUTE_TABLE = 6;
    private static final int DICTIONARY_STACK_TABLE = 7;
    private static final int STACK_LOCATION_INDICES = 1;
    private static final int LOCATION_LINES = 3;
    private static final int LINE_FUNCTION_INDEX = 1;
    private static final int FUNCTION_NAME_STRINDEX = 1;
    private static final int KEY_VALUE_AND_UNIT_KEY_STRINDEX = 1;
    private static final int KEY_VALUE_AND_UNIT_VALUE = 2;
    private static final int ANY_VALUE_STRING_VALUE = 1;
    private static final int ANY_VALUE_INT_VALUE = 3;
    /** Length prefixes reserved before a nested message is written: any size for the large, tiny ones else. */
    private static final int LARGE = 5;
    private static final int SMALL = 1;

    /**
     * One entry of the attribute table: a string or a long value under a key. A class, not a record, for the
     * reason {@code Folder}'s fold key is one: a record's {@code hashCode} costs the agent's exit a bootstrap.
     * Package-private for {@code OtlpOutputTest}.
     */
    static final class Attribute {
        private final String key;
        private final Object value;

        Attribute(String key, Object value) {
            this.key = key;
            this.value = value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Attribute && key.equals(((Attribute) o).key) && Objects.equals(value, ((Attribute) o).value);
        }

        @Override
        public int hashCode() {
            return key.hashCode() * 31 + Objects.hashCode(value);
        }
    }

    private final Proto out = new Proto(1 << 16);
    private final Index<String> strings = new Index<>(String.class, "");
    /** Frame names; the index is both the function's and the location's (0, "", the zero value of both). */
    private final Index<String> frames = new Index<>(String.class, "");
    private final Index<Attribute> attributes = new Index<>(Attribute.class, new Attribute("", ""));
    /** The stack table past its zero value: each stack's location indices, leaf first. */
    private final List<int[]> stacks = new ArrayList<>();
    private final Map<List<Frame>, Integer> stackIndex = new HashMap<>();

    private OtlpOutput() {
    }

    /**
     * Write {@code profile} to {@code file}.
     *
     * @param startNanos the recording's first instant, nanoseconds since the epoch (each profile's
     *                   {@code time_unix_nano})
     * @param endNanos   its last
     */
    public static void write(Profile profile, long startNanos, long endNanos, Path file) throws IOException {
        OtlpOutput otlp = new OtlpOutput();
        otlp.profilesData(profile, startNanos, endNanos);
        try (OutputStream stream = OutputStreams.replacing(file)) {
            stream.write(otlp.out.buffer(), 0, otlp.out.size());
        }
    }

    private void profilesData(Profile profile, long startNanos, long endNanos) {
        long resource = out.startField(PROFILES_DATA_RESOURCE_PROFILES, LARGE);
        long scope = out.startField(RESOURCE_PROFILES_SCOPE_PROFILES, LARGE);
        long instrumentation = out.startField(SCOPE_PROFILES_SCOPE, SMALL);
        out.field(INSTRUMENTATION_SCOPE_NAME, "ompt4j");
        out.commitField(instrumentation);
        for (SampleValue value : SampleValue.of(profile)) {
            long p = out.startField(SCOPE_PROFILES_PROFILES, LARGE);
            profile(profile, value, startNanos, endNanos);
            out.commitField(p);
        }
        out.commitField(scope);
        out.commitField(resource);
        long dictionary = out.startField(PROFILES_DATA_DICTIONARY, LARGE);
        dictionary();
        out.commitField(dictionary);
    }

    private void profile(Profile profile, SampleValue value, long startNanos, long endNanos) {
        valueType(PROFILE_SAMPLE_TYPE, value.type(), value.unit());
        for (FoldedStack s : profile.stacks()) {
            long weight = s.weight(value.metric());
            if (weight == 0) {
                // A stack all of whose samples are work has no OMP wait, and nothing to say in that profile.
                continue;
            }
            long sample = out.startField(PROFILE_SAMPLES, SMALL);
            out.field(SAMPLE_STACK_INDEX, stack(s.frames()));
            long indices = out.startField(SAMPLE_ATTRIBUTE_INDICES, SMALL);
            out.writeInt(attributes.index(new Attribute("thread.name", s.thread().name())));
            out.writeInt(attributes.index(new Attribute("thread.id", s.thread().javaThreadId())));
            out.writeInt(attributes.index(new Attribute("omp.state", s.state().ompName())));
            out.commitField(indices);
            long values = out.startField(SAMPLE_VALUES, SMALL);
            out.writeLong(weight);
            out.commitField(values);
            out.commitField(sample);
        }
        out.fieldFixed64(PROFILE_TIME_UNIX_NANO, startNanos);
        out.field(PROFILE_DURATION_NANO, Math.max(0, endNanos - startNanos));
        if (profile.intervalNanos() > 0) {
            valueType(PROFILE_PERIOD_TYPE, SampleValue.timeType(profile), "nanoseconds");
            out.field(PROFILE_PERIOD, profile.intervalNanos());
        }
    }

    /** The stack's index in the stack table, the stack added if new. */
    private int stack(List<Frame> frames) {
        Integer index = stackIndex.get(frames);
        if (index == null) {
            int[] locations = new int[frames.size()];
            for (int i = 0; i < locations.length; i++) {
                // Leaf first; the model has the root first.
                locations[i] = this.frames.index(frames.get(frames.size() - 1 - i).name());
            }
            stacks.add(locations);
            index = stacks.size();
            stackIndex.put(frames, index);
        }
        return index;
    }

    private void dictionary() {
        // Each table's entry 0 is its zero value: an empty message, an empty string.
        out.field(DICTIONARY_MAPPING_TABLE, new byte[0]);
        out.field(DICTIONARY_LINK_TABLE, new byte[0]);
        String[] names = frames.keys();
        out.field(DICTIONARY_LOCATION_TABLE, new byte[0]);
        out.field(DICTIONARY_FUNCTION_TABLE, new byte[0]);
        for (int i = 1; i < names.length; i++) {
            long location = out.startField(DICTIONARY_LOCATION_TABLE, SMALL);
            long line = out.startField(LOCATION_LINES, SMALL);
            out.field(LINE_FUNCTION_INDEX, i);
            out.commitField(line);
            out.commitField(location);
            long function = out.startField(DICTIONARY_FUNCTION_TABLE, SMALL);
            out.field(FUNCTION_NAME_STRINDEX, strings.index(names[i]));
            out.commitField(function);
        }
        out.field(DICTIONARY_STACK_TABLE, new byte[0]);
        for (int[] locations : stacks) {
            long stack = out.startField(DICTIONARY_STACK_TABLE, LARGE);
            long indices = out.startField(STACK_LOCATION_INDICES, LARGE);
            for (int location : locations) {
                out.writeInt(location);
            }
            out.commitField(indices);
            out.commitField(stack);
        }
        Attribute[] table = attributes.keys();
        out.field(DICTIONARY_ATTRIBUTE_TABLE, new byte[0]);
        for (int i = 1; i < table.length; i++) {
            // A thread's name may be long.
            long attribute = out.startField(DICTIONARY_ATTRIBUTE_TABLE, LARGE);
            out.field(KEY_VALUE_AND_UNIT_KEY_STRINDEX, strings.index(table[i].key));
            long value = out.startField(KEY_VALUE_AND_UNIT_VALUE, LARGE);
            if (table[i].value instanceof Long) {
                out.field(ANY_VALUE_INT_VALUE, (long) (Long) table[i].value);
            } else {
                out.field(ANY_VALUE_STRING_VALUE, (String) table[i].value);
            }
            out.commitField(value);
            out.commitField(attribute);
        }
        // The string table last: every string above has been interned by now.
        for (String s : strings.keys()) {
            out.field(DICTIONARY_STRING_TABLE, s);
        }
    }

    private void valueType(int field, String type, String unit) {
        long valueType = out.startField(field, SMALL);
        out.field(VALUE_TYPE_TYPE_STRINDEX, strings.index(type));
        out.field(VALUE_TYPE_UNIT_STRINDEX, strings.index(unit));
        out.commitField(valueType);
    }
}
