package org.robocell.driver.kuka.rsi.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.driver.kuka.rsi.internal.Texts;

/**
 * The channels of one RSI message direction, as the ETHERNET object's configuration file declares them: the root
 * element ({@code Rob} from the robot, {@code Sen} to it) and an ordered list of channel tags. A tag
 * {@code AK.A1} is attribute {@code A1} of element {@code <AK>}; a tag without a dot ({@code IPOC}, {@code Stop}) is
 * the text of its element. A channel's index in this layout is the index of its value in the {@code double[]} that
 * {@link RsiParser} fills and {@link RsiWriter} reads.
 * <p>
 * RSI allows at most 64 channels per direction, which is also what lets the parser track presence in one long.
 * <p>
 * Every channel has a range: a value outside it makes the datagram malformed. By default it is what the writer can
 * echo (&plusmn;{@value #MAX_VALUE}); the protocol's own counters (IPOC, the late-reply count, the stop flag) are
 * declared as integer channels with their own bounds.
 */
public final class RsiLayout {

    /** The RSI limit on channels per direction. */
    public static final int MAX_CHANNELS = 64;

    /**
     * The largest magnitude a channel may carry: what {@link RsiWriter} can write back (a value read from the robot,
     * such as the IPOC, is echoed in the reply).
     *
     * @since 1.1
     */
    public static final double MAX_VALUE = AsciiNumbers.MAX_WRITABLE;

    private final String root;
    private final Map<String, String> rootAttributes;
    private final List<String> tags;
    private final int[] decimals;
    private final double[] min;
    private final double[] max;
    private final boolean[] integer;
    private final long requiredMask;

    // per element, in order of first appearance: name, text channel (-1 if none), attribute names and channels
    final byte[][] elementNames;
    final int[] elementTextChannel;
    final byte[][][] elementAttributeNames;
    final int[][] elementAttributeChannels;
    final byte[] rootName;

    private RsiLayout(Builder b) {
        this.root = b.root;
        this.rootAttributes = Map.copyOf(b.rootAttributes);
        this.tags = List.copyOf(b.tags);
        this.decimals = b.decimals.stream().mapToInt(Integer::intValue).toArray();
        this.min = b.min.stream().mapToDouble(Double::doubleValue).toArray();
        this.max = b.max.stream().mapToDouble(Double::doubleValue).toArray();
        this.integer = new boolean[b.integer.size()];
        for (int i = 0; i < integer.length; i++) {
            integer[i] = b.integer.get(i);
        }
        long mask = 0;
        for (int i = 0; i < b.required.size(); i++) {
            if (b.required.get(i)) {
                mask |= 1L << i;
            }
        }
        this.requiredMask = mask;
        this.rootName = ascii(root);

        List<String> elements = new ArrayList<>();
        for (String tag : tags) {
            String element = elementOf(tag);
            if (!elements.contains(element)) {
                elements.add(element);
            }
        }
        int n = elements.size();
        elementNames = new byte[n][];
        elementTextChannel = new int[n];
        elementAttributeNames = new byte[n][][];
        elementAttributeChannels = new int[n][];
        for (int e = 0; e < n; e++) {
            String element = elements.get(e);
            elementNames[e] = ascii(element);
            elementTextChannel[e] = -1;
            List<Integer> attributeChannels = new ArrayList<>();
            for (int c = 0; c < tags.size(); c++) {
                if (elementOf(tags.get(c)).equals(element)) {
                    if (attributeOf(tags.get(c)) == null) {
                        if (elementTextChannel[e] >= 0) {
                            throw new IllegalArgumentException(
                                    "RSI channel " + quoted(tags.get(c)) + " is declared twice");
                        }
                        elementTextChannel[e] = c;
                    } else {
                        attributeChannels.add(c);
                    }
                }
            }
            if (elementTextChannel[e] >= 0 && !attributeChannels.isEmpty()) {
                throw new IllegalArgumentException("RSI element " + quoted(element)
                        + " cannot carry both a text channel and attribute channels");
            }
            elementAttributeNames[e] = new byte[attributeChannels.size()][];
            elementAttributeChannels[e] = new int[attributeChannels.size()];
            for (int a = 0; a < attributeChannels.size(); a++) {
                int c = attributeChannels.get(a);
                elementAttributeNames[e][a] = ascii(attributeOf(tags.get(c)));
                elementAttributeChannels[e][a] = c;
            }
        }
    }

    public static Builder builder(String root) {
        return new Builder(root);
    }

    public String root() {
        return root;
    }

    public Map<String, String> rootAttributes() {
        return rootAttributes;
    }

    public int channelCount() {
        return tags.size();
    }

    public String tag(int channel) {
        return tags.get(channel);
    }

    /** Digits after the decimal point this channel is written with; 0 for integers such as IPOC and flags. */
    public int decimals(int channel) {
        return decimals[channel];
    }

    /**
     * The smallest value the channel may carry.
     *
     * @since 1.1
     */
    public double min(int channel) {
        return min[channel];
    }

    /**
     * The largest value the channel may carry.
     *
     * @since 1.1
     */
    public double max(int channel) {
        return max[channel];
    }

    /**
     * True when the channel carries whole numbers only (IPOC, counters, flags).
     *
     * @since 1.1
     */
    public boolean isInteger(int channel) {
        return integer[channel];
    }

    /**
     * True when {@code value} is one the channel may carry: inside its range, and whole for an integer channel.
     *
     * @since 1.1
     */
    public boolean accepts(int channel, double value) {
        return value >= min[channel] && value <= max[channel] && (!integer[channel] || value == Math.rint(value));
    }

    /** Channels that every message must carry; a message missing one is malformed. */
    public long requiredMask() {
        return requiredMask;
    }

    /** The channel index of a tag, or -1. */
    public int indexOf(String tag) {
        return tags.indexOf(tag);
    }

    /** The element part of a tag: {@code AK} of {@code AK.A1}, {@code IPOC} of {@code IPOC}. */
    public static String elementOf(String tag) {
        int dot = tag.indexOf('.');
        return dot < 0 ? tag : tag.substring(0, dot);
    }

    /** The attribute part of a tag, or null for a text channel. */
    public static String attributeOf(String tag) {
        int dot = tag.indexOf('.');
        return dot < 0 ? null : tag.substring(dot + 1);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Checks an element or attribute name: an XML name made of ASCII letters, digits, '_' and '-' that starts with a
     * letter or '_' (RSI writes tags as XML, and the parser reads only what XML allows).
     */
    static void checkName(String name, String what) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("an RSI " + what + " needs a name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
            boolean ok = letter || (i > 0 && ((c >= '0' && c <= '9') || c == '-'));
            if (!ok) {
                throw new IllegalArgumentException("RSI " + what + " " + quoted(name)
                        + " must start with a letter or '_' and contain only letters, digits, '_' and '-'");
            }
        }
    }

    /**
     * {@code text} in single quotes for an error message, on one printable line: other characters are shown as
     * {@code \}{@code uXXXX}, and a long text is cut.
     */
    static String quoted(String text) {
        return Texts.quoted(text);
    }

    @Override
    public String toString() {
        return "<" + root + "> " + tags;
    }

    /** Collects channels in message order. */
    public static final class Builder {
        private final String root;
        private final Map<String, String> rootAttributes = new LinkedHashMap<>();
        private final List<String> tags = new ArrayList<>();
        private final List<Integer> decimals = new ArrayList<>();
        private final List<Double> min = new ArrayList<>();
        private final List<Double> max = new ArrayList<>();
        private final List<Boolean> integer = new ArrayList<>();
        private final List<Boolean> required = new ArrayList<>();

        private Builder(String root) {
            checkName(root, "root element");
            this.root = root;
        }

        /** A constant attribute of the root element, e.g. {@code Type="ImFree"}; written, never parsed. */
        public Builder rootAttribute(String name, String value) {
            checkName(name, "attribute");
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == '"' || c == '<' || c == '>' || c == '&' || c > 126 || c < 32) {
                    throw new IllegalArgumentException("RSI attribute value " + quoted(value) + " needs escaping");
                }
            }
            rootAttributes.put(name, value);
            return this;
        }

        /** Adds a channel that may be absent from a message. */
        public Builder optional(String tag, int decimals) {
            return add(tag, decimals, false, -MAX_VALUE, MAX_VALUE, false);
        }

        /** Adds a channel that every message must carry. */
        public Builder required(String tag, int decimals) {
            return add(tag, decimals, true, -MAX_VALUE, MAX_VALUE, false);
        }

        /**
         * Adds a channel of whole numbers in {@code [min, max]} that may be absent from a message.
         *
         * @since 1.1
         */
        public Builder optionalInteger(String tag, long min, long max) {
            return add(tag, 0, false, min, max, true);
        }

        /**
         * Adds a channel of whole numbers in {@code [min, max]} that every message must carry.
         *
         * @since 1.1
         */
        public Builder requiredInteger(String tag, long min, long max) {
            return add(tag, 0, true, min, max, true);
        }

        private Builder add(String tag, int digits, boolean mandatory, double lowest, double highest,
                boolean whole) {
            if (!(lowest <= highest) || lowest < -MAX_VALUE || highest > MAX_VALUE) {
                throw new IllegalArgumentException("the range of RSI channel " + quoted(tag) + " must lie within +-"
                        + MAX_VALUE + ", got " + lowest + ".." + highest);
            }
            if (tags.contains(tag)) {
                throw new IllegalArgumentException("RSI channel " + quoted(tag) + " is declared twice");
            }
            if (tags.size() == MAX_CHANNELS) {
                throw new IllegalArgumentException("RSI allows at most " + MAX_CHANNELS + " channels, " + quoted(tag)
                        + " is one too many");
            }
            if (digits < 0 || digits > AsciiNumbers.maxDecimals()) {
                throw new IllegalArgumentException("decimals of RSI channel " + quoted(tag) + " must be 0.."
                        + AsciiNumbers.maxDecimals() + ", got " + digits);
            }
            checkName(elementOf(tag), "element");
            String attribute = attributeOf(tag);
            if (attribute != null) {
                checkName(attribute, "attribute");
            }
            tags.add(tag);
            decimals.add(digits);
            min.add(lowest);
            max.add(highest);
            integer.add(whole);
            required.add(mandatory);
            return this;
        }

        public RsiLayout build() {
            return new RsiLayout(this);
        }
    }
}
