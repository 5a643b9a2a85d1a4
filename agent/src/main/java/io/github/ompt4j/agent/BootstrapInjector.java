package io.github.ompt4j.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * Puts {@code ompt-model} (the model and the hooks that woven code calls) on the bootstrap class path,
 * so that code woven into the JDK's own classes and into applications in any class loader sees one copy.
 * The model travels inside the agent jar as {@code ompt4j/ompt-model.jar}; the bootstrap search path takes jar
 * files only, so it is copied once per build into the agent's cache ({@link AgentCache}, about 12 ms of each
 * start saved), or with no cache, at every start to a new file in the temporary directory ({@link PrivateTempFile},
 * deleted at exit). A JVM killed before its exit leaves its copy (and one killed while it loads async-profiler, that
 * library's: {@link ProfilerLibrary}), so each start deletes those of dead processes ({@link #deleteOrphans}, on a
 * thread of its own that {@link AgentStartup} starts once the model is on the path, so that premain does not wait
 * for a directory listing).
 */
final class BootstrapInjector {
    static final String MODEL_JAR = "ompt4j/ompt-model.jar";
    private static final String PREFIX = "ompt4j-model";
    private static final String SUFFIX = ".jar";
    private static final String CACHED_NAME = "ompt-model.jar";

    private BootstrapInjector() {
    }

    /** {@code cache}: this build's directory in the agent's cache ({@link AgentCache}), or {@code null} for none. */
    static void inject(Instrumentation inst, Path cache) throws IOException {
        Path model = cache == null ? null : AgentCache.keep(cache, MODEL_JAR, CACHED_NAME);
        if (model == null) {
            model = PrivateTempFile.copyOf(MODEL_JAR, PREFIX, SUFFIX);
            if (model == null) {
                throw new IOException(MODEL_JAR + " is missing from the agent jar");
            }
            model.toFile().deleteOnExit();
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(model.toFile()));
    }

    /** Delete the copies of processes that ended without deleting theirs (see the class comment). */
    static void deleteOrphans() {
        PrivateTempFile.deleteOrphans(PREFIX, SUFFIX, ProfilerLibrary.PREFIX, ProfilerLibrary.SUFFIX);
    }
}
