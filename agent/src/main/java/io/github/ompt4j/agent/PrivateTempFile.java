package io.github.ompt4j.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
     * Delete the files {@code <prefix>-<pid>-<n><suffix>} of processes that no longer run, for each pair of
     * {@code prefixesAndSuffixes}: a JVM killed with SIGKILL or halted never runs its {@code deleteOnExit}, so
     * without this every such run leaves one behind. Files of another user, or that vanish meanwhile, are left
     * alone. One listing of the directory serves every pair, read as names: a {@code DirectoryStream} with a glob
     * makes a path and runs a regular expression for each entry, which on a temporary directory of 700 entries
     * cost every start 14 ms of a core and the JIT's compiling of the matcher and of the paths' code.
     */
    static void deleteOrphans(String... prefixesAndSuffixes) {
        Path dir = temporaryDirectory();
        String[] names = dir.toFile().list();
        if (names == null) {
            return; // not a directory we may read: the next start tries again
        }
        for (String name : names) {
            for (int i = 0; i + 1 < prefixesAndSuffixes.length; i += 2) {
                long pid = pidOf(name, prefixesAndSuffixes[i], prefixesAndSuffixes[i + 1]);
                if (pid >= 0 && !alive(pid)) {
                    try {
                        Files.deleteIfExists(dir.resolve(name));
                    } catch (IOException | RuntimeException e) {
                        // another user's, or gone: not ours to delete
                    }
                }
            }
        }
    }

    /** The process ID in {@code name} if it is {@code <prefix>-<pid>-<n><suffix>} (1 to 18 digits), else -1. */
    static long pidOf(String name, String prefix, String suffix) {
        int from = prefix.length() + 1;
        int to = name.length() - suffix.length();
        if (to <= from || !name.startsWith(prefix) || name.charAt(prefix.length()) != '-' || !name.endsWith(suffix)) {
            return -1;
        }
        int dash = name.indexOf('-', from);
        if (dash <= from || dash - from > 18 || dash >= to - 1 || name.lastIndexOf('-', to - 1) != dash) {
            return -1;
        }
        long pid = 0;
        for (int i = from; i < dash; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            pid = pid * 10 + (c - '0');
        }
        return pid;
    }
}
