package io.github.ompt4j.profile;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file could not be read or written, in words for a message that names the file itself: the system's
 * reason ({@code No space left on device}), never the exception's class name, which tells a user nothing.
 */
public final class IoFailure {
    private IoFailure() {
    }

    /** The reason of {@code e}, without the file name a {@link FileSystemException}'s message repeats. */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            // Creating a directory where a file of that name is.
            return ((FileAlreadyExistsException) e).getFile() + " exists and is not a directory";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return e.getMessage() != null ? e.getMessage() : "an input/output error";
    }
}
