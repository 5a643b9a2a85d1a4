package io.github.ompt4j.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.jar.JarFile;

/**
 * Puts {@code ompt-model} (the model and the hooks that woven code calls) on the bootstrap class path,
 * so that code woven into the JDK's own classes and into applications in any class loader sees one copy.
 * The model travels inside the agent jar as {@code ompt4j/ompt-model.jar}; it is copied to a new file in
 * the temporary directory (deleted at exit) because the bootstrap search path takes jar files only.
 *
 * <p>The file is named from the process ID and a counter and created exclusively, readable by its owner
 * only, rather than with {@code Files.createTempFile}: that seeds a {@code SecureRandom}, which costs
 * premain a few dozen classes and milliseconds. An exclusive create also refuses a planted file or link.
 */
final class BootstrapInjector {
    static final String MODEL_JAR = "ompt4j/ompt-model.jar";
    private static final int ATTEMPTS = 100;

    private BootstrapInjector() {
    }

    static void inject(Instrumentation inst) throws IOException {
        Path copy = create();
        copy.toFile().deleteOnExit();
        try (InputStream in = BootstrapInjector.class.getClassLoader().getResourceAsStream(MODEL_JAR);
                OutputStream out = Files.newOutputStream(copy, StandardOpenOption.WRITE)) {
            if (in == null) {
                throw new IOException(MODEL_JAR + " is missing from the agent jar");
            }
            in.transferTo(out);
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(copy.toFile()));
    }

    private static Path create() throws IOException {
        Path dir = Paths.get(System.getProperty("java.io.tmpdir"));
        long pid = ProcessHandle.current().pid();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        for (int i = 0; i < ATTEMPTS; i++) {
            Path p = dir.resolve("ompt4j-model-" + pid + "-" + System.nanoTime() + ".jar");
            try {
                return posix ? Files.createFile(p, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------"))) : Files.createFile(p);
            } catch (FileAlreadyExistsException taken) {
                // another process or a planted file: try the next name
            }
        }
        throw new IOException("cannot create a file for the model jar in " + dir);
    }
}
