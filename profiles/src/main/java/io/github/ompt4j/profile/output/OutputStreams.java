package io.github.ompt4j.profile.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where every output is written: the named file, created or replaced, never through a symbolic link. Outputs go
 * to predictable names ({@code out=} writes {@code report.txt}, {@code flame.html} ...), often in a shared
 * directory, where a link planted at that name would make the agent overwrite the link's target with the
 * program's permissions; {@code O_NOFOLLOW} refuses the link even if it appears between the check and the open.
 */
public final class OutputStreams {
    private OutputStreams() {
    }

    /** {@code file}, created if missing and emptied if not, unless it is a symbolic link. */
    public static OutputStream replacing(Path file) throws IOException {
        if (Files.isSymbolicLink(file)) {
            throw new FileSystemException(file.toString(), null, "a symbolic link, which outputs do not follow");
        }
        return Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }

    /** {@link #replacing} as UTF-8 text. */
    public static Writer replacingText(Path file) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(replacing(file), StandardCharsets.UTF_8));
    }
}
