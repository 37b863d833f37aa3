package org.robocell.description.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import org.robocell.description.DescriptionException;

/** Decodes a YAML file strictly as UTF-8, so a damaged byte is reported where it is instead of read as '?'. */
public final class YamlText {

    private YamlText() {
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
