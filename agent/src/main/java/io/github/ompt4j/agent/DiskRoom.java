package io.github.ompt4j.agent;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The room JFR has left to write its repository's chunks: the free space of the file system that holds them,
 * and, under a file-size limit ({@code ulimit -f}), what the newest chunk may still grow. JFR's native writer
 * aborts the JVM when a write of a chunk fails (a {@code guarantee} in {@code jfrStreamWriterHost}, on JDK 17
 * and 25 alike), so the agent must stop recording while there is still room; HotSpot ignores {@code SIGXFSZ},
 * so a write past the limit fails with {@code EFBIG} like a full disk, it does not kill the process.
 */
final class DiskRoom {
    private static final Path LIMITS = Path.of("/proc/self/limits");
    private final Path repository;
    private final long fileSizeLimit;

    private DiskRoom(Path repository, long fileSizeLimit) {
        this.repository = repository;
        this.fileSizeLimit = fileSizeLimit;
    }

    /** The room of the repository JFR writes now ({@code jdk.jfr.repository}); null before JFR has one. */
    static DiskRoom ofJfrRepository() {
        String repository = System.getProperty("jdk.jfr.repository");
        return repository == null ? null : new DiskRoom(Path.of(repository), fileSizeLimit(LIMITS));
    }

    Path repository() {
        return repository;
    }

    /** Bytes that can still be written into the repository's newest chunk. */
    long left() throws IOException {
        long free = Files.getFileStore(repository).getUsableSpace();
        return fileSizeLimit == Long.MAX_VALUE ? free : Math.min(free, fileSizeLimit - newestChunkSize());
    }

    /** Bytes the repository's chunks hold now. */
    long used() throws IOException {
        long sum = 0;
        try (DirectoryStream<Path> chunks = Files.newDirectoryStream(repository, "*.jfr")) {
            for (Path chunk : chunks) {
                sum += Files.size(chunk);
            }
        }
        return sum;
    }

    /** Says what limits the room: {@code the file-size limit (4 MB)} or {@code the disk}. */
    String limitedBy() {
        return fileSizeLimit == Long.MAX_VALUE ? "the disk" : "the file-size limit (" + (fileSizeLimit >> 20) + " MB)";
    }

    /** The chunk JFR writes into: its chunks are named by the time they began, so the last name is the newest. */
    private long newestChunkSize() throws IOException {
        Path newest = null;
        try (DirectoryStream<Path> chunks = Files.newDirectoryStream(repository, "*.jfr")) {
            for (Path chunk : chunks) {
                if (newest == null || chunk.getFileName().toString().compareTo(newest.getFileName().toString()) > 0) {
                    newest = chunk;
                }
            }
        }
        return newest == null ? 0 : Files.size(newest);
    }

    /** The soft limit of {@code Max file size} in {@code limits} (bytes), {@link Long#MAX_VALUE} if none is read. */
    static long fileSizeLimit(Path limits) {
        try {
            List<String> lines = Files.readAllLines(limits);
            for (String line : lines) {
                if (line.startsWith("Max file size")) {
                    String soft = line.substring("Max file size".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or a format of another kernel: no limit known, the free space still counts.
        }
        return Long.MAX_VALUE;
    }
}
