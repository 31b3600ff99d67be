package org.rookery.jobs.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import org.rookery.core.cli.UsageError;

/**
 * A local output directory checked before Spark starts: otherwise a regular file or an unwritable
 * path surfaces as a failed task (a {@code ParentNotDirectoryException} 125 lines long) after
 * the whole input was read. Paths on other file systems (hdfs://, s3a://) are left to Hadoop.
 */
final class OutputDir {
    private OutputDir() {
    }

    /** Creates {@code dir} if it is a local path and checks it is a writable directory. */
    static void prepare(String option, String dir) {
        Path p = local(option, dir);
        if (p == null) return;
        if (Files.exists(p) && !Files.isDirectory(p)) throw new UsageError(option + ": " + dir + " is not a directory");
        try {
            Files.createDirectories(p);
        } catch (FileSystemException e) {
            throw new UsageError(option + ": cannot create " + dir + ": " + reason(e)
                    + (e.getFile() != null && !e.getFile().equals(p.toString()) ? " (" + e.getFile() + ")" : ""));
        } catch (IOException e) {
            throw new UsageError(option + ": cannot create " + dir + ": " + e.getMessage());
        }
        if (!Files.isWritable(p)) throw new UsageError(option + ": " + dir + " is not writable");
    }

    /** What went wrong in words: the subclasses of FileSystemException usually carry no reason. */
    private static String reason(FileSystemException e) {
        if (e.getReason() != null) return e.getReason();
        if (e instanceof NoSuchFileException) return "no such file or directory";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileAlreadyExistsException) return "a file of that name is in the way";
        if (e instanceof NotDirectoryException) return "not a directory";
        return "failed";
    }

    /** The local path {@code dir} names (a plain path or file:), or null for another file system. */
    private static Path local(String option, String dir) {
        int colon = dir.indexOf(':');
        int slash = dir.indexOf('/');
        boolean scheme = colon > 1 && (slash < 0 || colon < slash);
        try {
            if (!scheme) return Path.of(dir);
            if (dir.startsWith("file:")) return Path.of(URI.create(dir));
            return null;
        } catch (IllegalArgumentException e) { // InvalidPathException too
            throw new UsageError(option + ": '" + dir + "' is not a valid path");
        }
    }
}
