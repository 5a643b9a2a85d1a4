package io.github.ompt4j.profile.output;

import com.google.perftools.profiles.ProfileProto;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A pprof file read with the classes protoc generates from pprof's own {@code profile.proto} and Google's
 * protobuf runtime, resolved as pprof resolves it: sample → location IDs (leaf first) → lines → function IDs
 * → names in the string table; labels by key.
 */
public final class PprofReader {
    private final ProfileProto.Profile profile;

    private PprofReader(ProfileProto.Profile profile) {
        this.profile = profile;
    }

    public static PprofReader read(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new PprofReader(ProfileProto.Profile.parseFrom(in));
        }
    }

    public ProfileProto.Profile profile() {
        return profile;
    }

    public String string(long index) {
        return profile.getStringTable(Math.toIntExact(index));
    }

    /** Each sample type as {@code type/unit}. */
    public List<String> sampleTypes() {
        List<String> types = new ArrayList<>();
        for (ProfileProto.ValueType t : profile.getSampleTypeList()) {
            types.add(string(t.getType()) + "/" + string(t.getUnit()));
        }
        return types;
    }

    /** Every function's name. */
    public List<String> functionNames() {
        List<String> names = new ArrayList<>();
        for (ProfileProto.Function f : profile.getFunctionList()) {
            names.add(string(f.getName()));
        }
        return names;
    }

    /** Every sample: its stack and labels, and its values; a stack that occurs twice fails. */
    public Map<ExportedStack, List<Long>> stacks() {
        Map<Long, String> functions = new HashMap<>();
        for (ProfileProto.Function f : profile.getFunctionList()) {
            functions.put(f.getId(), string(f.getName()));
        }
        Map<Long, ProfileProto.Location> locations = new HashMap<>();
        for (ProfileProto.Location l : profile.getLocationList()) {
            locations.put(l.getId(), l);
        }
        Map<ExportedStack, List<Long>> stacks = new HashMap<>();
        for (ProfileProto.Sample s : profile.getSampleList()) {
            List<String> frames = new ArrayList<>();
            for (long id : s.getLocationIdList()) {
                ProfileProto.Location location = locations.get(id);
                if (location == null || location.getLineCount() != 1) {
                    throw new AssertionError("location " + id + " is not one line: " + location);
                }
                frames.add(functions.get(location.getLine(0).getFunctionId()));
            }
            Collections.reverse(frames);
            String thread = null;
            long threadId = 0;
            String state = null;
            for (ProfileProto.Label label : s.getLabelList()) {
                switch (string(label.getKey())) {
                    case "thread" -> thread = string(label.getStr());
                    case "thread_id" -> threadId = label.getNum();
                    case "omp_state" -> state = string(label.getStr());
                    default -> throw new AssertionError("unexpected label " + string(label.getKey()));
                }
            }
            ExportedStack key = new ExportedStack(thread, threadId, state, frames);
            if (stacks.put(key, s.getValueList()) != null) {
                throw new AssertionError("sample twice: " + key);
            }
        }
        return stacks;
    }
}
