package io.github.ompt4j.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A new file in the temporary directory, readable by its owner only, named from the process ID and a counter
 * and created exclusively, rather than with {@code Files.createTempFile}: that seeds a {@code SecureRandom},
 * which costs premain a few dozen classes and milliseconds. An exclusive create also refuses a planted file
 * or link.
 */
final class PrivateTempFile {
    private static final int ATTEMPTS = 100;

    private PrivateTempFile() {
    }

    /** A new empty file {@code <prefix>-<pid>-<n><suffix>}. */
    static Path create(String prefix, String suffix) throws IOException {
        return create(prefix, suffix, temporaryDirectory());
    }

    private static Path temporaryDirectory() {
        return Paths.get(System.getProperty("java.io.tmpdir"));
    }

    /** A new empty file {@code <prefix>-<pid>-<n><suffix>} in {@code dir}. */
    private static Path create(String prefix, String suffix, Path dir) throws IOException {
        long pid = pid();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        for (int i = 0; i < ATTEMPTS; i++) {
            Path p = dir.resolve(prefix + "-" + pid + "-" + System.nanoTime() + suffix);
            try {
                return posix ? Files.createFile(p, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------"))) : Files.createFile(p);
            } catch (FileAlreadyExistsException taken) {
                // another process or a planted file: try the next name
            }
        }
        throw new IOException("cannot create a file " + prefix + "-*" + suffix + " in " + dir);
    }

    /**
     * A new file {@code <prefix>-<pid>-<n><suffix>} holding the agent jar's {@code resource}, or {@code null} if the
     * jar has none (no file is left then, nor when the copy fails).
     */
    static Path copyOf(String resource, String prefix, String suffix) throws IOException {
        return copyOf(resource, prefix, suffix, temporaryDirectory());
    }

    /** The same, in {@code dir}. */
    static Path copyOf(String resource, String prefix, String suffix, Path dir) throws IOException {
        try (InputStream in = PrivateTempFile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            Path copy = create(prefix, suffix, dir);
            try (OutputStream out = Files.newOutputStream(copy, StandardOpenOption.WRITE)) {
                in.transferTo(out);
            } catch (IOException e) {
                Files.deleteIfExists(copy);
                throw e;
            }
            return copy;
        }
    }

    /**
     * This process's ID: on Linux the name {@code /proc/self} links to, since {@code ProcessHandle.current()}
     * initialises the process API (a reaper thread pool and its lambdas, about 7 ms of premain); parsed, not
     * matched with a regular expression first, whose compiling cost premain another 2 ms.
     */
    private static long pid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Paths.get("/proc/self")).toString());
        } catch (IOException | UnsupportedOperationException | NumberFormatException e) {
            // not Linux
        }
        return ProcessHandle.current().pid();
    }

    /** Whether process {@code pid} runs, from {@code /proc} on Linux (no process API, as for {@link #pid}). */
    private static boolean alive(long pid) {
        Path proc = Paths.get("/proc");
        return Files.isDirectory(proc.resolve("self")) ? Files.exists(proc.resolve(Long.toString(pid)))
                : ProcessHandle.of(pid).isPresent();
    }

    /**
     * Delete the files {@code <prefix>-<pid>-<n><suffix>} of processes that no longer run: a JVM killed with
     * SIGKILL or halted never runs its {@code deleteOnExit}, so without this every such run leaves one behind.
     * Files of another user, or that vanish meanwhile, are left alone.
     */
    static void deleteOrphans(String prefix, String suffix) {
        Path dir = temporaryDirectory();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, prefix + "-*" + suffix)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                String[] parts = name.substring(prefix.length() + 1, name.length() - suffix.length()).split("-");
                if (parts.length == 2 && parts[0].matches("\\d{1,18}")
                        && !alive(Long.parseLong(parts[0]))) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not ours to delete (another user's, a read-only directory) or gone: the next start tries again.
        }
    }
}
