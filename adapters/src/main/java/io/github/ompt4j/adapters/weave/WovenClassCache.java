package io.github.ompt4j.adapters.weave;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * What the weaver made before, kept in a directory of the user's own that belongs to one build of the agent (the
 * agent chooses it, private, and names it after its jar's checksum), so that a JVM started again weaves nothing it
 * wove before: at start-up the weaver runs interpreted, and its reader, writer and checks were about 60 ms of the
 * agent's 250 on a one-line program (JDK 17). A woven class is found by the class file it was made from (its
 * name, length and CRC-32), and by how it was woven (the adapters that wove it, and whether it was retransformed,
 * when nothing may be added); a weaver's output depends on nothing else, so the same input gives the same bytes.
 * An adapter's check of its types ({@link Weaver}) is kept the same way, as the checksum of the class files it
 * checked. Only what succeeded is kept: a weaving that failed is tried, and fails, again.
 *
 * <p>Each entry is written to a file of its own first and moved into place in one step, so that a JVM reading
 * while another writes finds the whole entry or none; its first four bytes are the CRC-32 of the rest, and an
 * entry that does not match (a disk's fault, a file changed by hand) is deleted and woven again. A cache that
 * cannot be read or written is a cache that misses: the first write that fails (a full disk, a read-only
 * directory) stops the writes of this JVM, and the weaver goes on as without one.
 */
public final class WovenClassCache {
    /** No cache: every class is woven. */
    public static final WovenClassCache NONE = new WovenClassCache(null);

    private final Path dir;
    private volatile boolean writable = true;

    private WovenClassCache(Path dir) {
        this.dir = dir;
    }

    /** A cache in {@code dir}, a directory that exists and that only this user can write. */
    public static WovenClassCache in(Path dir) {
        return new WovenClassCache(dir);
    }

    /** The class file woven from {@code classFile} as {@code variant} says, or {@code null} if none was kept. */
    byte[] woven(String internalName, byte[] classFile, String variant) {
        return dir == null ? null : read(entry(internalName, classFile, variant));
    }

    /** Keeps {@code woven}, made from {@code classFile} as {@code variant} says. */
    void keepWoven(String internalName, byte[] classFile, String variant, byte[] woven) {
        if (dir != null) {
            write(entry(internalName, classFile, variant), woven);
        }
    }

    /** Whether {@code adapter}'s check of the class files whose checksum is {@code checksum} passed before. */
    boolean checked(String adapter, long checksum) {
        return dir != null && read(checkEntry(adapter, checksum)) != null;
    }

    /** Keeps that {@code adapter}'s check of the class files whose checksum is {@code checksum} passed. */
    void keepChecked(String adapter, long checksum) {
        if (dir != null) {
            write(checkEntry(adapter, checksum), new byte[0]);
        }
    }

    private Path entry(String internalName, byte[] classFile, String variant) {
        return dir.resolve(internalName.replace('/', '.') + "-" + variant + "-" + classFile.length + "-"
                + Long.toHexString(crc(classFile)) + ".class");
    }

    private Path checkEntry(String adapter, long checksum) {
        return dir.resolve("checked-" + adapter + "-" + Long.toHexString(checksum));
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    private static byte[] read(Path file) {
        byte[] stored;
        try {
            stored = Files.readAllBytes(file);
        } catch (IOException e) {
            return null; // not kept yet (or unreadable: a miss all the same)
        }
        byte[] content = stored.length < Integer.BYTES ? null : Arrays.copyOfRange(stored, Integer.BYTES, stored.length);
        if (content == null || ByteBuffer.wrap(stored).getInt() != (int) crc(content)) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // left for the next JVM to find damaged too
            }
            return null;
        }
        return content;
    }

    private void write(Path file, byte[] content) {
        if (!writable) {
            return;
        }
        // A name no other writer uses (this JVM's cache object, the time, the thread), created new.
        Path part = file.resolveSibling(file.getFileName() + "." + Integer.toHexString(System.identityHashCode(this))
                + "-" + System.nanoTime() + "-" + Thread.currentThread().getId() + ".part");
        try {
            ByteBuffer stored = ByteBuffer.allocate(Integer.BYTES + content.length);
            stored.putInt((int) crc(content)).put(content);
            Files.write(part, stored.array(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (FileAlreadyExistsException taken) {
            // another writer's part of the same name, against all odds: this entry is left to the next JVM
        } catch (IOException | UnsupportedOperationException e) {
            writable = false;
            try {
                Files.deleteIfExists(part);
            } catch (IOException ignored) {
                // the directory refuses us altogether
            }
        }
    }
}
