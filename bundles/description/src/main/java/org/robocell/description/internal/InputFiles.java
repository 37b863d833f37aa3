package org.robocell.description.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.robocell.description.DescriptionException;

/** Reads description files whole, refusing sizes no real description has, so a wrong path cannot exhaust memory. */
public final class InputFiles {

    /** Far above a URDF without inline meshes (the FR3 is 20 kB). */
    public static final int MAX_URDF_BYTES = 16 * 1024 * 1024;
    /** Far above any controller configuration. */
    public static final int MAX_YAML_BYTES = 4 * 1024 * 1024;

    private InputFiles() {
    }

    public static byte[] read(Path file, String source, int maxBytes) {
        try (InputStream in = Files.newInputStream(file)) {
            return readLimited(in, source, maxBytes);
        } catch (NoSuchFileException e) {
            throw new DescriptionException(source, 0, 0, "the file does not exist; expected a readable file", e);
        } catch (IOException e) {
            throw new DescriptionException(source, 0, 0, "the file cannot be read (" + e + "); expected a readable file", e);
        }
    }

    /** Reads the stream to its end (the caller closes it). */
    public static byte[] read(InputStream in, String source, int maxBytes) {
        try {
            return readLimited(in, source, maxBytes);
        } catch (IOException e) {
            throw new DescriptionException(source, 0, 0, "the input cannot be read (" + e + "); expected a readable stream", e);
        }
    }

    private static byte[] readLimited(InputStream in, String source, int maxBytes) throws IOException {
        byte[] bytes = in.readNBytes(maxBytes + 1);
        if (bytes.length > maxBytes) {
            throw new DescriptionException(source, 0, 0, "the input is larger than " + (maxBytes / (1024 * 1024))
                    + " MiB; expected a description file of ordinary size");
        }
        return bytes;
    }

    public static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }
}
