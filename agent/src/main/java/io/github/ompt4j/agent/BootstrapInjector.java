package io.github.ompt4j.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * Puts {@code ompt-model} (the model and the hooks that woven code calls) on the bootstrap class path,
 * so that code woven into the JDK's own classes and into applications in any class loader sees one copy.
 * The model travels inside the agent jar as {@code ompt4j/ompt-model.jar}; it is copied to a new file in
 * the temporary directory ({@link PrivateTempFile}, deleted at exit) because the bootstrap search path takes
 * jar files only. A JVM killed before its exit leaves its copy (and one killed while it loads async-profiler, that
 * library's: {@link ProfilerLibrary}), so each start deletes those of dead processes ({@link #deleteOrphans}, on a
 * thread of its own that {@link AgentStartup} starts once the model is on the path, so that premain does not wait
 * for a directory listing).
 */
final class BootstrapInjector {
    static final String MODEL_JAR = "ompt4j/ompt-model.jar";
    private static final String PREFIX = "ompt4j-model";
    private static final String SUFFIX = ".jar";

    private BootstrapInjector() {
    }

    static void inject(Instrumentation inst) throws IOException {
        Path copy = PrivateTempFile.copyOf(MODEL_JAR, PREFIX, SUFFIX);
        if (copy == null) {
            throw new IOException(MODEL_JAR + " is missing from the agent jar");
        }
        copy.toFile().deleteOnExit();
        inst.appendToBootstrapClassLoaderSearch(new JarFile(copy.toFile()));
    }

    /** Delete the copies of processes that ended without deleting theirs (see the class comment). */
    static void deleteOrphans() {
        PrivateTempFile.deleteOrphans(PREFIX, SUFFIX);
        PrivateTempFile.deleteOrphans(ProfilerLibrary.PREFIX, ProfilerLibrary.SUFFIX);
    }
}
