package org.robocell.driver.kuka.rsi.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes one RSI datagram from a {@code double[]} indexed by the channels of an {@link RsiLayout}, without
 * allocating: the constant markup is encoded once, the numbers are printed straight into the caller's buffer.
 * <p>
 * Elements appear in the order of their first channel, attributes in channel order:
 * {@code <Sen Type="ImFree"><Stop>0</Stop><AK A1="0.000000" .../><IPOC>123</IPOC></Sen>}.
 */
public final class RsiWriter {

    private final RsiLayout layout;
    /** markup[k] precedes the k-th value; the last entry closes the message */
    private final byte[][] markup;
    private final int[] channelOrder;
    private final int maxLength;

    public RsiWriter(RsiLayout layout) {
        this(layout, Map.of());
    }

    /**
     * A writer that also sends fixed texts, each as a text element right after the root's opening tag:
     * {@code <EStr>RoboCell</EStr>} for the string channel {@code EStr} ({@code TYPE="STRING"}).
     *
     * @param texts element name to text: printable ASCII without {@code < > &}, at most 256 characters
     * @throws IllegalArgumentException naming the element or text that RSI cannot carry
     * @since 1.3
     */
    public RsiWriter(RsiLayout layout, Map<String, String> texts) {
        this.layout = layout;
        int n = layout.channelCount();
        this.markup = new byte[n + 1][];
        this.channelOrder = new int[n];

        StringBuilder pending = new StringBuilder();
        pending.append('<').append(layout.root());
        for (Map.Entry<String, String> a : layout.rootAttributes().entrySet()) {
            pending.append(' ').append(a.getKey()).append("=\"").append(a.getValue()).append('"');
        }
        pending.append('>');
        for (Map.Entry<String, String> t : new java.util.TreeMap<>(texts).entrySet()) {
            RsiLayout.checkName(t.getKey(), "string channel");
            for (int c = 0; c < layout.channelCount(); c++) {
                if (RsiLayout.elementOf(layout.tag(c)).equals(t.getKey())) {
                    throw new IllegalArgumentException("RSI string channel " + RsiLayout.quoted(t.getKey())
                            + " is also an element of the reply's number channels");
                }
            }
            pending.append('<').append(t.getKey()).append('>').append(checkedText(t.getKey(), t.getValue()))
                    .append("</").append(t.getKey()).append('>');
        }
        int k = 0;
        for (int e = 0; e < layout.elementNames.length; e++) {
            String element = new String(layout.elementNames[e], StandardCharsets.US_ASCII);
            int text = layout.elementTextChannel[e];
            if (text >= 0) {
                pending.append('<').append(element).append('>');
                markup[k] = ascii(pending);
                channelOrder[k++] = text;
                pending.setLength(0);
                pending.append("</").append(element).append('>');
            } else {
                pending.append('<').append(element);
                for (int a = 0; a < layout.elementAttributeNames[e].length; a++) {
                    pending.append(' ').append(new String(layout.elementAttributeNames[e][a], StandardCharsets.US_ASCII))
                            .append("=\"");
                    markup[k] = ascii(pending);
                    channelOrder[k++] = layout.elementAttributeChannels[e][a];
                    pending.setLength(0);
                    pending.append('"');
                }
                pending.append("/>");
            }
        }
        pending.append("</").append(layout.root()).append('>');
        markup[n] = ascii(pending);

        int length = 0;
        for (byte[] m : markup) {
            length += m.length;
        }
        for (int c = 0; c < n; c++) {
            length += AsciiNumbers.maxFixedLength(layout.decimals(c));
        }
        this.maxLength = length;
    }

    public RsiLayout layout() {
        return layout;
    }

    /** The size of a buffer that any message of this layout fits in. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * Writes the message for {@code values} into {@code out} from index 0.
     *
     * @return the number of bytes written, or -1 (nothing usable written) when a value is NaN, infinite or beyond
     *         ±9e12: a message with an invented number in it must never reach a robot
     */
    public int write(double[] values, byte[] out) {
        int n = channelOrder.length;
        for (int c = 0; c < n; c++) {
            double v = values[c];
            if (!(Math.abs(v) <= AsciiNumbers.MAX_WRITABLE)) {
                return -1;
            }
        }
        int pos = 0;
        for (int k = 0; k < n; k++) {
            byte[] m = markup[k];
            System.arraycopy(m, 0, out, pos, m.length);
            pos += m.length;
            int channel = channelOrder[k];
            pos = AsciiNumbers.writeFixed(out, pos, values[channel], layout.decimals(channel));
        }
        byte[] last = markup[n];
        System.arraycopy(last, 0, out, pos, last.length);
        return pos + last.length;
    }

    private static String checkedText(String element, String text) {
        if (text.length() > 256) {
            throw new IllegalArgumentException("RSI string channel " + RsiLayout.quoted(element) + ": a text of at most"
                    + " 256 characters, got " + text.length());
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&') {
                throw new IllegalArgumentException("RSI string channel " + RsiLayout.quoted(element) + ": the text "
                        + RsiLayout.quoted(text) + " may hold printable ASCII without '<', '>' and '&' only");
            }
        }
        return text;
    }

    private static byte[] ascii(CharSequence s) {
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
