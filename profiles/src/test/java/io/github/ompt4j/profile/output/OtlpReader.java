package io.github.ompt4j.profile.output;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesData;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Sample;
import io.opentelemetry.proto.profiles.v1development.ValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An OTLP profiles file read with opentelemetry-proto's generated classes (the release the writer targets) and
 * Google's protobuf runtime, resolved through the dictionary: sample → stack → location indices (leaf first) →
 * lines → functions → names in the string table; attributes by key.
 */
public final class OtlpReader {
    private final ProfilesData data;

    private OtlpReader(ProfilesData data) {
        this.data = data;
    }

    public static OtlpReader read(Path file) throws IOException {
        return new OtlpReader(ProfilesData.parseFrom(Files.readAllBytes(file)));
    }

    /** The same bytes as the collector's export request. */
    public static ExportProfilesServiceRequest readRequest(Path file) throws IOException {
        return ExportProfilesServiceRequest.parseFrom(Files.readAllBytes(file));
    }

    public ProfilesData data() {
        return data;
    }

    public ProfilesDictionary dictionary() {
        return data.getDictionary();
    }

    /** The profiles of the one resource's one scope. */
    public List<Profile> profiles() {
        if (data.getResourceProfilesCount() != 1 || data.getResourceProfiles(0).getScopeProfilesCount() != 1) {
            throw new AssertionError("not one resource with one scope: " + data.getResourceProfilesList());
        }
        return data.getResourceProfiles(0).getScopeProfiles(0).getProfilesList();
    }

    public String string(int index) {
        return dictionary().getStringTable(index);
    }

    /** {@code type/unit}. */
    public String type(ValueType t) {
        return string(t.getTypeStrindex()) + "/" + string(t.getUnitStrindex());
    }

    /** Every function's name, past the zero value. */
    public List<String> functionNames() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i < dictionary().getFunctionTableCount(); i++) {
            names.add(string(dictionary().getFunctionTable(i).getNameStrindex()));
        }
        return names;
    }

    /** Every sample of one profile: its stack and attributes, and its one value; a stack twice fails. */
    public Map<ExportedStack, Long> stacks(Profile profile) {
        ProfilesDictionary d = dictionary();
        Map<ExportedStack, Long> stacks = new HashMap<>();
        for (Sample s : profile.getSamplesList()) {
            List<String> frames = new ArrayList<>();
            for (int location : d.getStackTable(s.getStackIndex()).getLocationIndicesList()) {
                var lines = d.getLocationTable(location).getLinesList();
                if (lines.size() != 1) {
                    throw new AssertionError("location " + location + " is not one line: " + lines);
                }
                frames.add(0, string(d.getFunctionTable(lines.get(0).getFunctionIndex()).getNameStrindex()));
            }
            String thread = null;
            long threadId = 0;
            String state = null;
            for (int index : s.getAttributeIndicesList()) {
                KeyValueAndUnit a = d.getAttributeTable(index);
                AnyValue v = a.getValue();
                switch (string(a.getKeyStrindex())) {
                    case "thread.name" -> thread = v.getStringValue();
                    case "thread.id" -> threadId = v.getIntValue();
                    case "omp.state" -> state = v.getStringValue();
                    default -> throw new AssertionError("unexpected attribute " + string(a.getKeyStrindex()));
                }
            }
            if (s.getValuesCount() != 1) {
                throw new AssertionError("not one value: " + s);
            }
            ExportedStack key = new ExportedStack(thread, threadId, state, frames);
            if (stacks.put(key, s.getValues(0)) != null) {
                throw new AssertionError("sample twice: " + key);
            }
        }
        return stacks;
    }
}
