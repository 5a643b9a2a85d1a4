package io.github.ompt4j.agent;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * The agent's cache: a directory of the user's own ({@code cache=}, by default {@code ompt4j} in
 * {@code $XDG_CACHE_HOME} or {@code ~/.cache}) with one directory per build of the agent, named after the agent
 * jar's length and the CRC-32 of its central directory (every entry's name, length and CRC-32), so that another
 * build never reads what this one wrote. It holds what a JVM would otherwise make again at every start: the woven
 * classes ({@code WovenClassCache}), the model jar that goes on the bootstrap class path ({@link BootstrapInjector})
 * and async-profiler's library ({@link ProfilerLibrary}).
 *
 * <p>What it holds runs inside the JDK's own classes, so nobody but its user may write it: the directories are
 * made readable and writable by their owner only, and a directory that already exists is used only if this user
 * owns it and no one else can write it; otherwise there is no cache, said at {@code info} level, and the agent
 * starts as without one. The builds' directories last: each start touches its own, and the sweep thread of
 * start-up deletes all but the {@value #BUILDS_KEPT} touched last (a developer's every build is a build).
 */
final class AgentCache {
    /** How many builds' directories the sweep keeps. */
    static final int BUILDS_KEPT = 4;
    /** A zip file's end of central directory record, with no comment: its length and signature. */
    private static final int END_RECORD = 22;
    private static final int END_SIGNATURE = 0x06054b50;
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");
    /** A class, not a lambda: linking one costs the sweep's thread milliseconds of the start-up's processors. */
    private static final Comparator<Path> LAST_TOUCHED_FIRST = new Comparator<>() {
        @Override
        public int compare(Path a, Path b) {
            return modified(b).compareTo(modified(a));
        }
    };

    private AgentCache() {
    }

    /** This build's directory in the cache {@code option} names (see the class comment), or {@code null} for none. */
    static Path directory(String option) {
        if ("off".equals(option)) {
            return null;
        }
        Path root = option != null ? Paths.get(option) : defaultRoot();
        try {
            Path jar = agentJar();
            if (root == null || jar == null) {
                return null;
            }
            Path build = privateDirectory(privateDirectory(root).resolve(buildName(jar)));
            Files.setLastModifiedTime(build, FileTime.fromMillis(System.currentTimeMillis()));
            return build;
        } catch (IOException | RuntimeException e) {
            AgentLog.info("no cache in " + root + ": " + e.getMessage());
            return null;
        }
    }

    private static Path defaultRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && Paths.get(xdg).isAbsolute()) {
            return Paths.get(xdg, "ompt4j");
        }
        String home = System.getProperty("user.home");
        return home == null || home.isEmpty() || home.equals("?") ? null : Paths.get(home, ".cache", "ompt4j");
    }

    /** The jar this class was loaded from, {@code null} when it was not (the classes of a build's tests). */
    private static Path agentJar() throws IOException {
        CodeSource source = AgentCache.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            Path where = Paths.get(source.getLocation().toURI());
            return Files.isRegularFile(where) ? where : null;
        } catch (URISyntaxException e) {
            throw new IOException("the agent jar's location " + source.getLocation() + " is no file", e);
        }
    }

    /**
     * {@code <length>-<crc32>} of the jar's central directory, which holds every entry's name, length and CRC-32, so
     * that any change to any entry changes it: 50 KB read instead of the jar's 2 MB, with a {@code RandomAccessFile}
     * (a {@code FileChannel}'s classes and mapping were most of the 8 ms it took to sum the jar whole). A jar whose
     * end is not the directory's end record (a zip comment) is summed whole.
     */
    private static String buildName(Path jar) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(jar.toFile(), "r")) {
            long size = file.length();
            long from = 0;
            long length = size;
            if (size >= END_RECORD) {
                byte[] end = new byte[END_RECORD];
                file.seek(size - END_RECORD);
                file.readFully(end);
                ByteBuffer record = ByteBuffer.wrap(end).order(ByteOrder.LITTLE_ENDIAN);
                if (record.getInt(0) == END_SIGNATURE) {
                    length = Integer.toUnsignedLong(record.getInt(12));
                    from = Integer.toUnsignedLong(record.getInt(16));
                }
            }
            byte[] summed = new byte[(int) Math.min(length, size - from)];
            file.seek(from);
            file.readFully(summed);
            CRC32 crc = new CRC32();
            crc.update(summed);
            return size + "-" + Long.toHexString(crc.getValue());
        }
    }

    /** {@code dir}, made if missing with its owner's permissions only; refused unless its owner alone can write it. */
    private static Path privateDirectory(Path dir) throws IOException {
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir.getParent());
            try {
                if (posix) {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
                } else {
                    Files.createDirectory(dir);
                }
            } catch (FileAlreadyExistsException raced) {
                // another JVM made it: checked below as any other
            }
        }
        if (posix) {
            String owner = Files.getOwner(dir).getName();
            if (!owner.equals(System.getProperty("user.name"))) {
                throw new IOException(dir + " belongs to " + owner);
            }
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir);
            if (permissions.contains(PosixFilePermission.GROUP_WRITE)
                    || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new IOException(dir + " can be written by others (" + PosixFilePermissions.toString(permissions)
                        + ")");
            }
        }
        return dir;
    }

    /**
     * A file of the agent jar ({@code resource}) kept in {@code dir} as {@code name}, copied there once per build;
     * {@code null} if the jar has none, or if it cannot be kept (a full disk: the caller copies it as with no cache).
     */
    static Path keep(Path dir, String resource, String name) {
        Path kept = dir.resolve(name);
        if (Files.isRegularFile(kept)) {
            return kept;
        }
        Path part = null;
        try {
            part = PrivateTempFile.copyOf(resource, name, ".part", dir);
            if (part == null) {
                return null;
            }
            Files.move(part, kept, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return kept;
        } catch (IOException e) {
            AgentLog.info("cannot keep " + name + " in " + dir + ": " + e);
            return null;
        } finally {
            deleteQuietly(part);
        }
    }

    private static void deleteQuietly(Path part) {
        try {
            if (part != null) {
                Files.deleteIfExists(part);
            }
        } catch (IOException e) {
            // a part left in the build's directory goes with it
        }
    }

    /** Deletes the directories of all builds but the {@value #BUILDS_KEPT} touched last, next to {@code build}. */
    static void sweep(Path build) {
        if (build == null) {
            return;
        }
        List<Path> builds = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(build.getParent())) {
            for (Path p : all) {
                if (Files.isDirectory(p) && !p.equals(build)) {
                    builds.add(p);
                }
            }
            builds.sort(LAST_TOUCHED_FIRST);
            for (Path old : builds.subList(Math.min(builds.size(), BUILDS_KEPT - 1), builds.size())) {
                deleteTree(old);
            }
        } catch (IOException | RuntimeException e) {
            // the next start tries again
        }
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }
}
