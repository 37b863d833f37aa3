package org.robocell.state.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces and deletes files so that a process killed at any moment, or a machine that loses power, leaves either
 * the old content or the new one, never a mix or a prefix: the new content goes to a temporary file in the same
 * folder, is forced to the disk, and is renamed over the old file in one step; the folder is then forced too so the
 * rename itself is durable.
 */
final class AtomicFiles {

    /** Temporary files start with this; a reader skips them and {@link #removeUnfinished} deletes them. */
    static final String TEMPORARY_PREFIX = ".";
    static final String TEMPORARY_SUFFIX = ".tmp";

    private AtomicFiles() {
    }

    static void replace(Path target, byte[] content) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        Path temporary = Files.createTempFile(folder, TEMPORARY_PREFIX + target.getFileName() + ".", TEMPORARY_SUFFIX);
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceFolder(folder);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    static void delete(Path target) throws IOException {
        if (Files.deleteIfExists(target)) {
            forceFolder(target.toAbsolutePath().getParent());
        }
    }

    static boolean isTemporary(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(TEMPORARY_PREFIX) && name.endsWith(TEMPORARY_SUFFIX);
    }

    /** Deletes the temporary files a killed writer left behind; their targets still hold the previous content. */
    static int removeUnfinished(Path folder) throws IOException {
        int removed = 0;
        try (var files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (isTemporary(f) && Files.isRegularFile(f)) {
                    Files.delete(f);
                    removed++;
                }
            }
        }
        if (removed > 0) {
            forceFolder(folder);
        }
        return removed;
    }

    /** Makes renames and deletions in the folder durable; a platform that cannot open a folder (Windows) skips it. */
    private static void forceFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the rename is done; only its durability across a power loss is left to the file system
        }
    }
}
