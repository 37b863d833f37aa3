package org.robocell.driver.kuka.rsi.protocol;

/**
 * Reads one RSI datagram into a {@code double[]} indexed by the channels of an {@link RsiLayout}, without
 * allocating: a forward scan over the bytes, no Strings, no DOM, no regular expressions.
 * <p>
 * It accepts the flat shape RSI sends, a subset of well-formed XML: printable ASCII only; an optional XML declaration
 * ({@code version="1.0"}, optionally {@code encoding="UTF-8"} and {@code standalone}) at the very start; comments and
 * blanks around the root element and between its children; the root element, then child elements that are either
 * self-closing with attributes ({@code <AIPos A1="0.0" .../>}) or carry text ({@code <IPOC>123</IPOC>}), then the
 * closing root tag. Elements and attributes that the layout does not name are skipped, so a controller configured
 * with more channels than the driver uses is still understood.
 * <p>
 * Anything else makes the datagram malformed: truncation; a nested element; a mismatched closing tag; text between
 * the children or after the root; a processing instruction, DTD, CDATA section or entity reference; a name that is
 * not an XML name; an attribute given twice or more than {@value #MAX_ATTRIBUTES} attributes in one tag; an element
 * of the layout given twice; a mapped value that is not a number or lies outside its channel's range
 * ({@link RsiLayout#accepts}); a missing required channel. A malformed datagram may have overwritten some values;
 * callers use the values only after a successful parse.
 * <p>
 * One instance per thread: it keeps the presence mask of the last parse.
 */
public final class RsiParser {

    /** At most as many attributes per tag as RSI has channels: the duplicate check stays cheap for any input. */
    static final int MAX_ATTRIBUTES = RsiLayout.MAX_CHANNELS;

    private static final byte[] XML_DECLARATION = ascii("<?xml");
    private static final byte[] VERSION = ascii("version");
    private static final byte[] VERSION_1_0 = ascii("1.0");
    private static final byte[] ENCODING = ascii("encoding");
    private static final byte[] UTF_8 = ascii("utf-8");
    private static final byte[] STANDALONE = ascii("standalone");
    private static final byte[] YES = ascii("yes");
    private static final byte[] NO = ascii("no");
    private static final byte[] COMMENT = ascii("<!--");

    private final RsiLayout layout;
    private long present;
    /** Channels met so far in the datagram being parsed. */
    private long seen;
    /** Elements of the layout met so far in the datagram being parsed. */
    private long seenElements;

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
     * @return true when the datagram is well-formed and carries every required channel, each once and in range
     */
    public boolean parse(byte[] data, int offset, int length, double[] values) {
        present = 0;
        seen = 0;
        seenElements = 0;
        if (offset < 0 || length < 0 || length > data.length - offset) {
            return false;
        }
        int end = offset + length;
        if (!printableAscii(data, offset, end) || !scan(data, offset, end, values)) {
            return false;
        }
        if ((seen & layout.requiredMask()) != layout.requiredMask()) {
            return false;
        }
        present = seen;
        return true;
    }

    /** @return false when the datagram is malformed */
    private boolean scan(byte[] b, int start, int end, double[] values) {
        int i = skipDeclaration(b, start, end);
        i = skipMisc(b, i, end);
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
            return i + 1 < end && b[i + 1] == '>' && skipMisc(b, i + 2, end) == end;
        }
        i++; // '>'
        while (true) {
            // between the children: blanks and comments only
            i = skipMisc(b, i, end);
            if (i < 0 || i + 1 >= end || b[i] != '<') {
                return false;
            }
            if (b[i + 1] == '/') {
                int close = i + 2;
                int closeEnd = nameEnd(b, close, end);
                if (closeEnd < 0 || !equalsBytes(b, close, closeEnd, layout.rootName)) {
                    return false;
                }
                closeEnd = skipBlanks(b, closeEnd, end);
                return closeEnd < end && b[closeEnd] == '>' && skipMisc(b, closeEnd + 1, end) == end;
            }
            int elementStart = i + 1;
            int elementEnd = nameEnd(b, elementStart, end);
            if (elementEnd < 0) {
                return false; // also <!DOCTYPE, <![CDATA[ and <?pi
            }
            int element = findElement(b, elementStart, elementEnd);
            if (element >= 0) {
                long bit = 1L << element;
                if ((seenElements & bit) != 0) {
                    return false;
                }
                seenElements |= bit;
            }
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
                if (b[textEnd] == '&' || b[textEnd] == '>') {
                    return false;
                }
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
                if (channel >= 0 && !store(channel, AsciiNumbers.parse(b, textStart, textEnd), values)) {
                    return false;
                }
            }
            i = closeEnd + 1;
        }
    }

    /** Takes a mapped value: a number in the channel's range, not yet seen in this datagram. */
    private boolean store(int channel, double value, double[] values) {
        long bit = 1L << channel;
        if (Double.isNaN(value) || !layout.accepts(channel, value) || (seen & bit) != 0) {
            return false;
        }
        values[channel] = value;
        seen |= bit;
        return true;
    }

    /**
     * Skips the attributes of a start tag from {@code i} (just after its name), storing the mapped ones of
     * {@code element}.
     *
     * @return the index of the closing {@code '>'} or of the {@code '/'} of {@code "/>"}, or -1 when malformed
     */
    private int skipAttributes(byte[] b, int i, int end, int element, double[] values) {
        int first = i;
        int count = 0;
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
            if (nameEnd < 0 || ++count > MAX_ATTRIBUTES || isEarlierAttribute(b, first, nameStart, nameEnd)) {
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
                if (b[valueEnd] == '<' || b[valueEnd] == '&') {
                    return -1;
                }
                valueEnd++;
            }
            if (valueEnd >= end) {
                return -1;
            }
            if (element >= 0) {
                int channel = findAttribute(element, b, nameStart, nameEnd);
                if (channel >= 0 && !store(channel, AsciiNumbers.parse(b, valueStart, valueEnd), values)) {
                    return -1;
                }
            }
            i = valueEnd + 1;
            if (i < end && !AsciiNumbers.isBlank(b[i]) && b[i] != '>' && b[i] != '/') {
                return -1; // attributes must be separated by blanks
            }
        }
    }

    /**
     * True when the attribute named {@code b[from, to)} was already given in the tag whose attributes start at
     * {@code first}. The attributes before it were checked on the way, so they are walked without checks.
     */
    private static boolean isEarlierAttribute(byte[] b, int first, int from, int to) {
        int i = first;
        while (true) {
            i = skipBlanks(b, i, from);
            if (i >= from) {
                return false;
            }
            int nameEnd = nameEnd(b, i, from);
            if (equalsRange(b, i, nameEnd, from, to)) {
                return true;
            }
            i = nameEnd;
            while (b[i] != '"' && b[i] != '\'') {
                i++;
            }
            byte quote = b[i++];
            while (b[i] != quote) {
                i++;
            }
            i++;
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

    /** Tab, line feed, carriage return and the printable ASCII characters: all an RSI datagram is made of. */
    private static boolean printableAscii(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if ((c < 0x20 || c > 0x7E) && !AsciiNumbers.isBlank(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Skips the XML declaration if the datagram starts with one:
     * {@code <?xml version="1.0" [encoding="UTF-8"] [standalone="yes|no"]?>}, the only processing instruction
     * accepted.
     *
     * @return the index after it, {@code i} when there is none, or -1 when it is malformed
     */
    private static int skipDeclaration(byte[] b, int i, int end) {
        if (!startsWith(b, i, end, XML_DECLARATION)) {
            return i;
        }
        int j = i + XML_DECLARATION.length;
        j = pseudoAttribute(b, j, end, VERSION, VERSION_1_0, null, false);
        if (j < 0) {
            return -1;
        }
        // an encoding name is case-insensitive, the standalone values are not
        int k = pseudoAttribute(b, j, end, ENCODING, UTF_8, null, true);
        j = k < 0 ? j : k;
        k = pseudoAttribute(b, j, end, STANDALONE, YES, NO, false);
        j = k < 0 ? j : k;
        j = skipBlanks(b, j, end);
        return j + 1 < end && b[j] == '?' && b[j + 1] == '>' ? j + 2 : -1;
    }

    /**
     * Reads {@code S name S? = S? "value"} where the value is one of the given.
     *
     * @return the index after the closing quote, or -1 when the text there is something else
     */
    private static int pseudoAttribute(byte[] b, int i, int end, byte[] name, byte[] value, byte[] otherValue,
            boolean ignoreCase) {
        int j = skipBlanks(b, i, end);
        if (j == i || !startsWith(b, j, end, name)) {
            return -1;
        }
        j = skipBlanks(b, j + name.length, end);
        if (j >= end || b[j] != '=') {
            return -1;
        }
        j = skipBlanks(b, j + 1, end);
        if (j >= end || (b[j] != '"' && b[j] != '\'')) {
            return -1;
        }
        byte quote = b[j++];
        int valueEnd = j;
        while (valueEnd < end && b[valueEnd] != quote) {
            valueEnd++;
        }
        if (valueEnd >= end || !(matches(b, j, valueEnd, value, ignoreCase)
                || matches(b, j, valueEnd, otherValue, ignoreCase))) {
            return -1;
        }
        return valueEnd + 1;
    }

    /**
     * Skips blanks and comments. A comment is {@code <!-- ... -->} without {@code --} inside, as XML requires.
     *
     * @return the index of the first other byte (or {@code end}), or -1 when a comment is malformed
     */
    private static int skipMisc(byte[] b, int i, int end) {
        while (i >= 0) {
            i = skipBlanks(b, i, end);
            if (!startsWith(b, i, end, COMMENT)) {
                return i;
            }
            int j = i + COMMENT.length;
            while (j + 1 < end && !(b[j] == '-' && b[j + 1] == '-')) {
                j++;
            }
            i = j + 2 < end && b[j + 2] == '>' ? j + 3 : -1;
        }
        return -1;
    }

    /**
     * @return the index after the XML name starting at {@code i} (an ASCII letter or '_', then letters, digits,
     *         '_', '-', '.'), or -1 when there is none there or it runs off the end
     */
    private static int nameEnd(byte[] b, int i, int end) {
        if (i >= end || !isNameStart(b[i])) {
            return -1;
        }
        int j = i + 1;
        while (j < end && (isNameStart(b[j]) || AsciiNumbers.isDigit(b[j]) || b[j] == '-' || b[j] == '.')) {
            j++;
        }
        return j >= end ? -1 : j;
    }

    private static boolean isNameStart(byte c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    }

    private static int skipBlanks(byte[] b, int i, int end) {
        while (i < end && AsciiNumbers.isBlank(b[i])) {
            i++;
        }
        return i;
    }

    private static boolean startsWith(byte[] b, int i, int end, byte[] prefix) {
        return end - i >= prefix.length && equalsBytes(b, i, i + prefix.length, prefix);
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

    /** {@code b[from, to)} is {@code lowerCase} (null: nothing is), ASCII letters compared without case if asked. */
    private static boolean matches(byte[] b, int from, int to, byte[] lowerCase, boolean ignoreCase) {
        if (lowerCase == null || to - from != lowerCase.length) {
            return false;
        }
        for (int k = 0; k < lowerCase.length; k++) {
            byte c = b[from + k];
            if (ignoreCase && c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != lowerCase[k]) {
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

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
