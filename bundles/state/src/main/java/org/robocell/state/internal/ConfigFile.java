package org.robocell.state.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

import org.apache.felix.cm.file.ConfigurationHandler;

/**
 * One configuration as it is stored: a header line that gives the length and CRC-32 of the body, then the body in
 * Felix ConfigAdmin's own format ({@link ConfigurationHandler}, typed values kept). The header lets a reader tell a
 * whole file from a truncated or damaged one instead of taking the properties that happen to parse.
 */
final class ConfigFile {

    private static final String MAGIC = "# robocell configuration 1";
    private static final Pattern HEADER = Pattern.compile(Pattern.quote(MAGIC) + " length=(\\d{1,10}) crc32=([0-9a-f]{8})");

    private ConfigFile() {
    }

    static byte[] encode(Dictionary<String, ?> properties) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(256);
        ConfigurationHandler.write(body, properties);
        byte[] b = body.toByteArray();
        byte[] header = (MAGIC + " length=" + b.length + " crc32=" + String.format("%08x", crc(b, 0, b.length)) + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] file = new byte[header.length + b.length];
        System.arraycopy(header, 0, file, 0, header.length);
        System.arraycopy(b, 0, file, header.length, b.length);
        return file;
    }

    static Dictionary<String, Object> decode(byte[] file) throws DamagedFile {
        if (file.length == 0) {
            throw new DamagedFile(Damage.EMPTY, null);
        }
        int newline = indexOf(file, (byte) '\n');
        Matcher m = newline < 0 ? null
                : HEADER.matcher(new String(file, 0, newline, StandardCharsets.ISO_8859_1));
        if (m == null || !m.matches()) {
            throw new DamagedFile(Damage.NO_HEADER, null);
        }
        long length = Long.parseLong(m.group(1));
        int start = newline + 1;
        int actual = file.length - start;
        if (actual < length) {
            throw new DamagedFile(Damage.TRUNCATED, actual + " of " + length + " bytes");
        }
        if (actual > length) {
            throw new DamagedFile(Damage.TRAILING_BYTES, actual + " bytes, not " + length);
        }
        if (crc(file, start, actual) != Long.parseLong(m.group(2), 16)) {
            throw new DamagedFile(Damage.CHECKSUM, null);
        }
        try {
            @SuppressWarnings("unchecked")
            Dictionary<String, Object> d = ConfigurationHandler.read(new ByteArrayInputStream(file, start, actual));
            return d == null ? new Hashtable<>() : d;
        } catch (IOException | RuntimeException e) {
            throw new DamagedFile(Damage.SYNTAX, e.getMessage());
        }
    }

    private static long crc(byte[] b, int offset, int length) {
        CRC32 crc = new CRC32();
        crc.update(b, offset, length);
        return crc.getValue();
    }

    private static int indexOf(byte[] b, byte value) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
