package org.robocell.description.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.robocell.description.DescriptionException;

/**
 * Decodes description files strictly as UTF-8, so a damaged byte is reported with its line instead of being read
 * as a replacement character (or, in the JDK's XML parser, printed to stderr before the exception).
 */
public final class Utf8Text {

    private static final Pattern DECLARED_ENCODING = Pattern.compile("^\\s*<\\?xml[^>]*?encoding\\s*=\\s*[\"']([^\"']*)[\"']");

    private Utf8Text() {
    }

    public static String decodeUtf8(byte[] bytes, String source) {
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        var result = decoder.decode(in, out, true);
        if (result.isError()) {
            int bad = in.position();
            throw new DescriptionException(source, lineOf(bytes, bad), 0, "the byte at offset " + bad
                    + " is not valid UTF-8; expected a UTF-8 text file");
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    /**
     * True when an XML document's bytes are UTF-8 by its own account: no UTF-16 byte order mark and no XML
     * declaration naming another encoding.
     */
    public static boolean isUtf8Xml(byte[] bytes) {
        if (bytes.length >= 2 && ((bytes[0] & 0xFF) == 0xFE || (bytes[0] & 0xFF) == 0xFF)) {
            return false;
        }
        String head = new String(bytes, 0, Math.min(bytes.length, 200), StandardCharsets.ISO_8859_1);
        Matcher m = DECLARED_ENCODING.matcher(head);
        return !m.find() || m.group(1).equalsIgnoreCase("UTF-8") || m.group(1).equalsIgnoreCase("UTF8");
    }

    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }
}
