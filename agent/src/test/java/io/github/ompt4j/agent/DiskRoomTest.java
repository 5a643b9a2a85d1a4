package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file-size limit as Linux's {@code /proc/self/limits} states it, the soft one in bytes. */
class DiskRoomTest {
    private static final String HEADER = "Limit                     Soft Limit           Hard Limit           Units     \n";

    @Test
    void theSoftLimitCountsAndUnlimitedOrUnreadableIsNoLimit(@TempDir Path dir) throws Exception {
        Path limits = dir.resolve("limits");
        Files.writeString(limits, HEADER + "Max cpu time              unlimited            unlimited            seconds   \n"
                + "Max file size             4194304              8388608              bytes     \n");
        assertEquals(4_194_304L, DiskRoom.fileSizeLimit(limits));
        Files.writeString(limits, HEADER + "Max file size             unlimited            unlimited            bytes     \n");
        assertEquals(Long.MAX_VALUE, DiskRoom.fileSizeLimit(limits));
        assertEquals(Long.MAX_VALUE, DiskRoom.fileSizeLimit(dir.resolve("missing")));
    }
}
