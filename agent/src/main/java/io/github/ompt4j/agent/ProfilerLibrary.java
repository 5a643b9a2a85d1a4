package io.github.ompt4j.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import one.profiler.AsyncProfiler;

/**
 * async-profiler's native library, loaded from the agent jar. The jar carries one library per platform; the one
 * for this JVM is kept in the agent's cache ({@link AgentCache}), copied there once per build, or with no cache
 * copied to a {@link PrivateTempFile}, loaded and deleted at once (a loaded library needs its file no more).
 * async-profiler's own {@code AsyncProfiler.getInstance()} copies it with {@code File.createTempFile}, which seeds
 * a {@code SecureRandom} for a name: about 80 of the JDK's security and {@code VarHandle} classes loaded in premain
 * (JDK 17), if only a few milliseconds.
 */
final class ProfilerLibrary {
    static final String PREFIX = "ompt4j-asyncProfiler";
    static final String SUFFIX = ".so";
    private static final String CACHED_NAME = "libasyncProfiler.so";

    private ProfilerLibrary() {
    }

    /**
     * async-profiler, loaded from {@code library}, or from the agent jar when it is {@code null}: from its copy in
     * {@code cache} (this build's directory in the agent's cache, {@link AgentCache}), made there once, or with no
     * cache from a temporary copy.
     *
     * @throws UnsupportedOperationException if the jar has no library for this platform (the message names it)
     */
    static AsyncProfiler load(String library, Path cache) throws IOException {
        if (library != null) {
            return AsyncProfiler.getInstance(library);
        }
        String os = System.getProperty("os.name");
        String arch = System.getProperty("os.arch");
        String resource = resource(os, arch);
        Path kept = cache == null ? null : AgentCache.keep(cache, resource, CACHED_NAME);
        if (kept != null) {
            return AsyncProfiler.getInstance(kept.toString());
        }
        Path copy = PrivateTempFile.copyOf(resource, PREFIX, SUFFIX);
        if (copy == null) {
            throw new UnsupportedOperationException("the agent jar has no async-profiler for " + os + " on " + arch);
        }
        try {
            return AsyncProfiler.getInstance(copy.toString());
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /**
     * The jar's library for an {@code os.name} and {@code os.arch}, named as async-profiler's own jar names it (its
     * directories {@code linux-x64}, {@code linux-arm64}, {@code macos}, …); a platform it has no name for gets
     * a name no jar holds, so that the load fails with the platform in its message.
     */
    static String resource(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        String platform;
        if (os.contains("mac")) {
            platform = "macos";
        } else if (!os.contains("linux")) {
            platform = os.replace(' ', '-') + "-" + arch;
        } else if (arch.equals("amd64") || arch.equals("x86_64") || arch.contains("x64")) {
            platform = "linux-x64";
        } else if (arch.equals("aarch64") || arch.contains("arm64")) {
            platform = "linux-arm64";
        } else {
            platform = "linux-" + arch;
        }
        return platform + "/libasyncProfiler.so";
    }
}
