package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Profile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import one.convert.Index;
import one.proto.Proto;

/**
 * A profile as pprof's {@code .pb.gz}: the gzip of a {@code perftools.profiles.Profile} protobuf (pprof's
 * {@code proto/profile.proto}), written with async-profiler's protobuf writer ({@code one.proto.Proto}).
 *
 * <p>Every folded stack is one sample. Its values are {@link SampleValue}'s: the sample count, and with a known
 * sampling interval the sampled time ({@code wall} or {@code cpu}, the default type) and its OMP work and OMP
 * wait shares. Its labels are the thread ({@code thread}: the name, {@code thread_id}: the Java thread ID) and
 * the OMPT state ({@code omp_state}: {@code work_parallel}, {@code wait_barrier_implicit} …), so that
 * {@code pprof -tagfocus=omp_state=idle} or {@code -tagroot=thread} split the profile as the report does. Each
 * frame name is one function with one location; artificial {@code <OMP-...>} frames are functions like any
 * other. There are no mappings or addresses: the frames are already symbolized.
 */
public final class PprofOutput {
    // perftools.profiles.Profile
    private static final int PROFILE_SAMPLE_TYPE = 1;
    private static final int PROFILE_SAMPLE = 2;
    private static final int PROFILE_LOCATION = 4;
    private static final int PROFILE_FUNCTION = 5;
    private static final int PROFILE_STRING_TABLE = 6;
    private static final int PROFILE_TIME_NANOS = 9;
    private static final int PROFILE_DURATION_NANOS = 10;
    private static final int PROFILE_PERIOD_TYPE = 11;
    private static final int PROFILE_PERIOD = 12;
    private static final int PROFILE_COMMENT = 13;
    private static final int PROFILE_DEFAULT_SAMPLE_TYPE = 14;
    private static final int VALUE_TYPE_TYPE = 1;
    private static final int VALUE_TYPE_UNIT = 2;
    private static final int SAMPLE_LOCATION_ID = 1;
    private static final int SAMPLE_VALUE = 2;
    private static final int SAMPLE_LABEL = 3;
    private static final int LABEL_KEY = 1;
    private static final int LABEL_STR = 2;
    private static final int LABEL_NUM = 3;
    private static final int LOCATION_ID = 1;
    private static final int LOCATION_LINE = 4;
    private static final int LINE_FUNCTION_ID = 1;
    private static final int FUNCTION_ID = 1;
    private static final int FUNCTION_NAME = 2;
    /** Length prefixes reserved before a nested message is written: any size for samples, tiny ones else. */
    private static final int LARGE = 5;
    private static final int SMALL = 1;

    private final Proto out = new Proto(1 << 16);
    private final Index<String> strings = new Index<>(String.class, "");
    /** Frame names; the index is both the function's and the location's ID (0, "", is neither). */
    private final Index<String> frames = new Index<>(String.class, "");

    private PprofOutput() {
    }

    /**
     * Write {@code profile} to {@code file}.
     *
     * @param startNanos the recording's first instant, nanoseconds since the epoch (pprof's {@code time_nanos})
     * @param endNanos   its last
     */
    public static void write(Profile profile, long startNanos, long endNanos, Path file) throws IOException {
        PprofOutput pprof = new PprofOutput();
        pprof.profile(profile, startNanos, endNanos);
        try (OutputStream gz = new GZIPOutputStream(OutputStreams.replacing(file), 1 << 16)) {
            gz.write(pprof.out.buffer(), 0, pprof.out.size());
        }
    }

    private void profile(Profile profile, long startNanos, long endNanos) {
        List<SampleValue> values = SampleValue.of(profile);
        for (SampleValue v : values) {
            valueType(PROFILE_SAMPLE_TYPE, v.type(), v.unit());
        }
        for (FoldedStack s : profile.stacks()) {
            sample(s, values);
        }
        String[] names = frames.keys();
        for (int id = 1; id < names.length; id++) {
            long location = out.startField(PROFILE_LOCATION, SMALL);
            out.field(LOCATION_ID, id);
            long line = out.startField(LOCATION_LINE, SMALL);
            out.field(LINE_FUNCTION_ID, id);
            out.commitField(line);
            out.commitField(location);
            long function = out.startField(PROFILE_FUNCTION, SMALL);
            out.field(FUNCTION_ID, id);
            out.field(FUNCTION_NAME, strings.index(names[id]));
            out.commitField(function);
        }
        out.field(PROFILE_TIME_NANOS, startNanos);
        out.field(PROFILE_DURATION_NANOS, Math.max(0, endNanos - startNanos));
        if (profile.intervalNanos() > 0) {
            valueType(PROFILE_PERIOD_TYPE, SampleValue.timeType(profile), "nanoseconds");
            out.field(PROFILE_PERIOD, profile.intervalNanos());
            // pprof shows the last sample type unless told otherwise; the time is what a reader wants first.
            out.field(PROFILE_DEFAULT_SAMPLE_TYPE, strings.index(SampleValue.timeType(profile)));
        }
        out.field(PROFILE_COMMENT, strings.index("OpenMP " + profile.view().cliName() + " view of "
                + profile.source() + ", by ompt4j"));
        // The string table last: every string above has been interned by now.
        for (String s : strings.keys()) {
            out.field(PROFILE_STRING_TABLE, s);
        }
    }

    private void sample(FoldedStack s, List<SampleValue> values) {
        long sample = out.startField(PROFILE_SAMPLE, LARGE);
        long ids = out.startField(SAMPLE_LOCATION_ID, LARGE);
        // pprof puts the leaf first; the model, the root.
        for (int i = s.frames().size() - 1; i >= 0; i--) {
            out.writeInt(frames.index(s.frames().get(i).name()));
        }
        out.commitField(ids);
        long weights = out.startField(SAMPLE_VALUE, SMALL);
        for (SampleValue v : values) {
            out.writeLong(s.weight(v.metric()));
        }
        out.commitField(weights);
        label("thread", s.thread().name());
        if (s.thread().javaThreadId() != 0) {
            long label = out.startField(SAMPLE_LABEL, SMALL);
            out.field(LABEL_KEY, strings.index("thread_id"));
            out.field(LABEL_NUM, s.thread().javaThreadId());
            out.commitField(label);
        }
        label("omp_state", s.state().ompName());
        out.commitField(sample);
    }

    private void label(String key, String value) {
        long label = out.startField(SAMPLE_LABEL, SMALL);
        out.field(LABEL_KEY, strings.index(key));
        out.field(LABEL_STR, strings.index(value));
        out.commitField(label);
    }

    private void valueType(int field, String type, String unit) {
        long valueType = out.startField(field, SMALL);
        out.field(VALUE_TYPE_TYPE, strings.index(type));
        out.field(VALUE_TYPE_UNIT, strings.index(unit));
        out.commitField(valueType);
    }
}
