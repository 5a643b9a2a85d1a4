package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import jdk.jfr.Configuration;
import jdk.jfr.Enabled;
import jdk.jfr.Event;

/**
 * Recording settings by name: {@value #DEFAULT} is the JDK's {@code default} configuration plus our
 * {@code ompt.jfc}; {@value #PROFILE} is the JDK's {@code profile} plus {@code ompt-profile.jfc}; anything
 * else is the path of a {@code .jfc} file, taken as it is (build one with
 * {@code jfr configure --input default.jfc,ompt.jfc ...}). The system property {@value #PROPERTY} names
 * the settings the agent's {@code jfr=} recording and a {@link JfrTool} named by {@code tool=} use.
 */
public final class JfrSettings {
    /** The system property that names the settings. */
    public static final String PROPERTY = "ompt4j.jfr.settings";
    public static final String DEFAULT = "ompt";
    public static final String PROFILE = "profile";

    private JfrSettings() {
    }

    /** The settings named by {@value #PROPERTY}, {@value #DEFAULT} when it is not set. */
    public static String nameFromSystemProperty() {
        return System.getProperty(PROPERTY, DEFAULT);
    }

    /**
     * The full settings of a recording: event name and setting ({@code ompt.Idle#threshold}) to value, in a new
     * map the caller may change.
     *
     * @throws IllegalArgumentException if {@code name} is neither a known name nor a readable {@code .jfc}
     */
    public static Map<String, String> resolve(String name) {
        try {
            if (DEFAULT.equals(name) || PROFILE.equals(name)) {
                Map<String, String> settings = new LinkedHashMap<>(
                        Configuration.getConfiguration(DEFAULT.equals(name) ? "default" : "profile").getSettings());
                settings.putAll(bundled(name).getSettings());
                return settings;
            }
            try (Reader in = Files.newBufferedReader(Path.of(name), StandardCharsets.UTF_8)) {
                return new LinkedHashMap<>(Configuration.create(in).getSettings());
            }
        } catch (IOException | ParseException | RuntimeException e) {
            throw new IllegalArgumentException(PROPERTY + "='" + name + "' is not '" + DEFAULT + "', '" + PROFILE
                    + "' or a readable .jfc file: " + e.getMessage(), e);
        }
    }

    /**
     * {@code settings} ({@code event#setting} to value, as {@link #resolve} gives them) as the text of a
     * {@code .jfc} file, for a recording that another component starts from a file: async-profiler's
     * {@code jfrsync}. Events keep the order of their first setting.
     */
    public static String toJfc(Map<String, String> settings) {
        Map<String, StringBuilder> events = new LinkedHashMap<>();
        settings.forEach((key, value) -> {
            int hash = key.indexOf('#');
            if (hash > 0) {
                events.computeIfAbsent(key.substring(0, hash), k -> new StringBuilder())
                        .append("    <setting name=\"").append(xml(key.substring(hash + 1))).append("\">")
                        .append(xml(value)).append("</setting>\n");
            }
        });
        StringBuilder jfc = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<configuration version=\"2.0\" label=\"ompt4j\" provider=\"ompt4j\">\n");
        events.forEach((event, body) -> jfc.append("  <event name=\"").append(xml(event)).append("\">\n")
                .append(body).append("  </event>\n"));
        return jfc.append("</configuration>\n").toString();
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * Our own {@code ompt.jfc} ({@value #DEFAULT}) or {@code ompt-profile.jfc} ({@value #PROFILE}), read whole
     * first: JFR's parser reads its {@code Reader} a character at a time, which through the jar entry's stream and
     * its decoder cost premain about 10 ms for 7 KB.
     */
    static Configuration bundled(String name) throws IOException, ParseException {
        String file = DEFAULT.equals(name) ? "ompt.jfc" : "ompt-profile.jfc";
        try (InputStream in = JfrSettings.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IOException(file + " is missing from the class path");
            }
            return Configuration.create(new StringReader(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
    }

    /**
     * Whether {@code settings} keep every span of {@code type}: its {@code #threshold} is zero ({@code 0 ms},
     * {@code 0 ns}, {@code 0}) or not set, which JFR takes as zero.
     */
    static boolean keepsEvery(Map<String, String> settings, Class<? extends Event> type) {
        String value = settings.get(OmptEventTypes.nameOf(type) + "#threshold");
        return value == null || value.trim().matches("0+(\\s*[a-z]+)?");
    }

    /**
     * Whether {@code settings} turn on {@code type}: its {@code #enabled} setting, or, when the settings do not
     * name it, the type's {@link Enabled} default, as JFR itself decides.
     */
    static boolean enables(Map<String, String> settings, Class<? extends Event> type) {
        String value = settings.get(OmptEventTypes.nameOf(type) + "#enabled");
        if (value == null) {
            Enabled enabled = type.getAnnotation(Enabled.class);
            return enabled == null || enabled.value();
        }
        return Boolean.parseBoolean(value.trim());
    }
}
