package org.robocell.driver.kuka.rsi.protocol;

/**
 * Reads one RSI datagram into a {@code double[]} indexed by the channels of an {@link RsiLayout}, without
 * allocating: a forward scan over the bytes, no Strings, no DOM, no regular expressions.
 * <p>
 * It accepts the flat shape RSI sends: an optional XML declaration or comments, the root element, then child
 * elements that are either self-closing with attributes ({@code <AIPos A1="0.0" .../>}) or carry text
 * ({@code <IPOC>123</IPOC>}), then the closing root tag. Elements and attributes that the layout does not name are
 * skipped, so a controller configured with more channels than the driver uses is still understood. Anything else
 * (truncation, a nested element, a mismatched closing tag, a mapped value that is not a number, a missing required
 * channel) makes the datagram malformed. A malformed datagram may have overwritten some values; callers use the
 * values only after a successful parse.
 * <p>
 * One instance per thread: it keeps the presence mask of the last parse.
 */
public final class RsiParser {

    private final RsiLayout layout;
    private long present;

    public RsiParser(RsiLayout layout) {
        this.layout = layout;
    }

    public RsiLayout layout() {
        return layout;
    }

    /** Bit {@code i} is set when channel {@code i} was present in the last successfully parsed datagram. */
    public long presentMask() {
        return present;
    }

    /**
     * Parses {@code data[offset, offset + length)} into {@code values} (at least {@link RsiLayout#channelCount()}
     * long). Absent optional channels keep their previous value.
     *
     * @return true when the datagram is well-formed and carries every required channel
     */
    public boolean parse(byte[] data, int offset, int length, double[] values) {
        present = 0;
        seen = 0;
        if (offset < 0 || length < 0 || length > data.length - offset) {
            return false;
        }
        if (!scan(data, offset, offset + length, values)) {
            return false;
        }
        if ((seen & layout.requiredMask()) != layout.requiredMask()) {
            return false;
        }
        present = seen;
        return true;
    }

    /** Channels met so far in the datagram being parsed. */
    private long seen;

    /** @return false when the datagram is malformed */
    private boolean scan(byte[] b, int start, int end, double[] values) {
        int i = skipPrologue(b, start, end);
        if (i < 0 || i >= end || b[i] != '<') {
            return false;
        }
        i++;
        int nameStart = i;
        i = nameEnd(b, i, end);
        if (i < 0 || !equalsBytes(b, nameStart, i, layout.rootName)) {
            return false;
        }
        i = skipAttributes(b, i, end, -1, values);
        if (i < 0) {
            return false;
        }
        if (b[i] == '/') {
            // a self-closing root carries no channels
            return i + 1 < end && b[i + 1] == '>';
        }
        i++; // '>'
        while (true) {
            // text between children is ignored
            while (i < end && b[i] != '<') {
                i++;
            }
            if (i + 1 >= end) {
                return false;
            }
            if (b[i + 1] == '/') {
                int close = i + 2;
                int closeEnd = nameEnd(b, close, end);
                if (closeEnd < 0 || !equalsBytes(b, close, closeEnd, layout.rootName)) {
                    return false;
                }
                closeEnd = skipBlanks(b, closeEnd, end);
                return closeEnd < end && b[closeEnd] == '>';
            }
            if (b[i + 1] == '!' || b[i + 1] == '?') {
                i = skipMarkup(b, i, end);
                if (i < 0) {
                    return false;
                }
                continue;
            }
            int elementStart = i + 1;
            int elementEnd = nameEnd(b, elementStart, end);
            if (elementEnd < 0) {
                return false;
            }
            int element = findElement(b, elementStart, elementEnd);
            int after = skipAttributes(b, elementEnd, end, element, values);
            if (after < 0) {
                return false;
            }
            if (b[after] == '/') {
                if (after + 1 >= end || b[after + 1] != '>') {
                    return false;
                }
                i = after + 2;
                continue;
            }
            // element with text content: <IPOC>123</IPOC>
            int textStart = after + 1;
            int textEnd = textStart;
            while (textEnd < end && b[textEnd] != '<') {
                textEnd++;
            }
            if (textEnd + 1 >= end || b[textEnd + 1] != '/') {
                return false;
            }
            int close = textEnd + 2;
            int closeEnd = nameEnd(b, close, end);
            if (closeEnd < 0 || !equalsRange(b, close, closeEnd, elementStart, elementEnd)) {
                return false;
            }
            closeEnd = skipBlanks(b, closeEnd, end);
            if (closeEnd >= end || b[closeEnd] != '>') {
                return false;
            }
            if (element >= 0) {
                int channel = layout.elementTextChannel[element];
                if (channel >= 0) {
                    double v = AsciiNumbers.parse(b, textStart, textEnd);
                    if (Double.isNaN(v)) {
                        return false;
                    }
                    values[channel] = v;
                    seen |= 1L << channel;
                }
            }
            i = closeEnd + 1;
        }
    }

    /**
     * Skips the attributes of a start tag from {@code i} (just after its name), storing the mapped ones of
     * {@code element}.
     *
     * @return the index of the closing {@code '>'} or of the {@code '/'} of {@code "/>"}, or -1 when malformed
     */
    private int skipAttributes(byte[] b, int i, int end, int element, double[] values) {
        while (true) {
            i = skipBlanks(b, i, end);
            if (i >= end) {
                return -1;
            }
            byte c = b[i];
            if (c == '>' || c == '/') {
                return i;
            }
            int nameStart = i;
            int nameEnd = nameEnd(b, i, end);
            if (nameEnd < 0 || nameEnd == nameStart) {
                return -1;
            }
            i = skipBlanks(b, nameEnd, end);
            if (i >= end || b[i] != '=') {
                return -1;
            }
            i = skipBlanks(b, i + 1, end);
            if (i >= end || (b[i] != '"' && b[i] != '\'')) {
                return -1;
            }
            byte quote = b[i];
            int valueStart = i + 1;
            int valueEnd = valueStart;
            while (valueEnd < end && b[valueEnd] != quote) {
                if (b[valueEnd] == '<') {
                    return -1;
                }
                valueEnd++;
            }
            if (valueEnd >= end) {
                return -1;
            }
            if (element >= 0) {
                int channel = findAttribute(element, b, nameStart, nameEnd);
                if (channel >= 0) {
                    double v = AsciiNumbers.parse(b, valueStart, valueEnd);
                    if (Double.isNaN(v)) {
                        return -1;
                    }
                    values[channel] = v;
                    seen |= 1L << channel;
                }
            }
            i = valueEnd + 1;
            if (i < end && !AsciiNumbers.isBlank(b[i]) && b[i] != '>' && b[i] != '/') {
                return -1; // attributes must be separated by blanks
            }
        }
    }

    private int findElement(byte[] b, int from, int to) {
        byte[][] names = layout.elementNames;
        for (int e = 0; e < names.length; e++) {
            if (equalsBytes(b, from, to, names[e])) {
                return e;
            }
        }
        return -1;
    }

    private int findAttribute(int element, byte[] b, int from, int to) {
        byte[][] names = layout.elementAttributeNames[element];
        for (int a = 0; a < names.length; a++) {
            if (equalsBytes(b, from, to, names[a])) {
                return layout.elementAttributeChannels[element][a];
            }
        }
        return -1;
    }

    /** Skips an optional XML declaration, processing instructions, comments and blanks before the root. */
    private static int skipPrologue(byte[] b, int i, int end) {
        while (true) {
            i = skipBlanks(b, i, end);
            if (i + 1 < end && b[i] == '<' && (b[i + 1] == '?' || b[i + 1] == '!')) {
                i = skipMarkup(b, i, end);
                if (i < 0) {
                    return -1;
                }
            } else {
                return i;
            }
        }
    }

    /** Skips {@code <?...?>} or {@code <!...>} (comments included) starting at {@code '<'}. */
    private static int skipMarkup(byte[] b, int i, int end) {
        boolean comment = i + 3 < end && b[i + 1] == '!' && b[i + 2] == '-' && b[i + 3] == '-';
        int j = i + 2;
        while (j < end) {
            if (b[j] == '>') {
                if (!comment || (j - 2 > i + 3 && b[j - 1] == '-' && b[j - 2] == '-')) {
                    return j + 1;
                }
            }
            j++;
        }
        return -1;
    }

    /** @return the index after the name starting at {@code i}, or -1 when there is no name or it runs off the end */
    private static int nameEnd(byte[] b, int i, int end) {
        int j = i;
        while (j < end && isNameByte(b[j])) {
            j++;
        }
        return (j == i || j >= end) ? -1 : j;
    }

    private static boolean isNameByte(byte c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
                || c == '.' || c == ':';
    }

    private static int skipBlanks(byte[] b, int i, int end) {
        while (i < end && AsciiNumbers.isBlank(b[i])) {
            i++;
        }
        return i;
    }

    private static boolean equalsBytes(byte[] b, int from, int to, byte[] name) {
        if (to - from != name.length) {
            return false;
        }
        for (int k = 0; k < name.length; k++) {
            if (b[from + k] != name[k]) {
                return false;
            }
        }
        return true;
    }

    private static boolean equalsRange(byte[] b, int from, int to, int otherFrom, int otherTo) {
        if (to - from != otherTo - otherFrom) {
            return false;
        }
        for (int k = 0; k < to - from; k++) {
            if (b[from + k] != b[otherFrom + k]) {
                return false;
            }
        }
        return true;
    }
}
