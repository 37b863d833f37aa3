package org.robocell.driver.kuka.rsi.protocol;

import java.io.ByteArrayInputStream;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * What an RSI datagram says, read independently of {@link RsiParser}: the JDK's own XML parser decides whether the
 * bytes are well-formed XML, and plain Java applies the RSI rules on top (the layout's root; flat children; no
 * text between them; no processing instruction, DTD or entity; each element of the layout at most once; every
 * required channel present; each value a decimal number inside its channel's range, whole where the channel is an
 * integer). The fuzz test compares the two readings: whatever {@link RsiParser} accepts, this reading must accept
 * with the same values.
 */
final class ReferenceReading {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    final boolean accepted;
    /** Why the datagram was refused, for failure messages; empty when accepted. */
    final String reason;
    final double[] values;
    final long presentMask;

    private ReferenceReading(boolean accepted, String reason, double[] values, long presentMask) {
        this.accepted = accepted;
        this.reason = reason;
        this.values = values;
        this.presentMask = presentMask;
    }

    static ReferenceReading read(byte[] data, int offset, int length, RsiLayout layout) {
        try {
            return new Reader(layout).read(data, offset, length);
        } catch (Refused r) {
            return new ReferenceReading(false, r.getMessage(), null, 0);
        }
    }

    /** Thrown inside the reader: the datagram is refused for the reason in the message. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private static final class Reader {
        private final RsiLayout layout;
        private final double[] values;
        private long present;
        private final Set<String> elementsSeen = new HashSet<>();

        Reader(RsiLayout layout) {
            this.layout = layout;
            this.values = new double[layout.channelCount()];
        }

        ReferenceReading read(byte[] data, int offset, int length) throws Refused {
            XMLInputFactory f = XMLInputFactory.newDefaultFactory();
            f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
            f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
            f.setProperty(XMLInputFactory.IS_COALESCING, true);
            XMLStreamReader r = null;
            try {
                r = f.createXMLStreamReader(new ByteArrayInputStream(data, offset, length));
                walk(r);
            } catch (XMLStreamException | RuntimeException e) {
                throw new Refused("not well-formed XML: " + e.getMessage());
            } finally {
                if (r != null) {
                    try {
                        r.close();
                    } catch (XMLStreamException ignored) {
                        // nothing to release
                    }
                }
            }
            long required = layout.requiredMask();
            if ((present & required) != required) {
                throw new Refused("a required channel is missing");
            }
            return new ReferenceReading(true, "", values, present);
        }

        private void walk(XMLStreamReader r) throws XMLStreamException, Refused {
            int depth = 0;
            String child = null;
            StringBuilder text = new StringBuilder();
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        depth++;
                        String name = r.getLocalName();
                        if (depth == 1) {
                            if (!name.equals(layout.root())) {
                                throw new Refused("root <" + name + ">");
                            }
                        } else if (depth == 2) {
                            child = name;
                            text.setLength(0);
                            element(r, name);
                        } else {
                            throw new Refused("nested element <" + name + ">");
                        }
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        if (depth == 2) {
                            textChannel(child, text.toString());
                        }
                        depth--;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                        if (depth == 2) {
                            text.append(r.getText());
                        } else if (!r.getText().isBlank()) {
                            throw new Refused("text outside the children");
                        }
                    }
                    case XMLStreamConstants.PROCESSING_INSTRUCTION -> throw new Refused("processing instruction");
                    case XMLStreamConstants.DTD -> throw new Refused("DTD");
                    case XMLStreamConstants.ENTITY_REFERENCE -> throw new Refused("entity reference");
                    default -> {
                        // comments and the document events
                    }
                }
            }
        }

        private void element(XMLStreamReader r, String name) throws Refused {
            if (!isLayoutElement(name)) {
                return;
            }
            if (!elementsSeen.add(name)) {
                throw new Refused("<" + name + "> twice");
            }
            for (int a = 0; a < r.getAttributeCount(); a++) {
                int channel = layout.indexOf(name + "." + r.getAttributeLocalName(a));
                if (channel >= 0) {
                    store(channel, r.getAttributeValue(a));
                }
            }
        }

        private void textChannel(String element, String text) throws Refused {
            int channel = layout.indexOf(element);
            // <IPOC/> carries no value: the channel is absent
            if (channel >= 0 && !text.isEmpty()) {
                store(channel, text);
            }
        }

        private boolean isLayoutElement(String name) {
            for (int c = 0; c < layout.channelCount(); c++) {
                if (RsiLayout.elementOf(layout.tag(c)).equals(name)) {
                    return true;
                }
            }
            return false;
        }

        private void store(int channel, String text) throws Refused {
            String t = text.strip();
            if (!DECIMAL.matcher(t).matches()) {
                throw new Refused(layout.tag(channel) + " is not a decimal number: '" + text + "'");
            }
            double v = Double.parseDouble(t);
            if (!Double.isFinite(v) || v < layout.min(channel) || v > layout.max(channel)) {
                throw new Refused(layout.tag(channel) + " = " + v + " is out of range");
            }
            if (layout.isInteger(channel) && v != Math.rint(v)) {
                throw new Refused(layout.tag(channel) + " = " + v + " is not a whole number");
            }
            long bit = 1L << channel;
            if ((present & bit) != 0) {
                throw new Refused(layout.tag(channel) + " twice");
            }
            present |= bit;
            values[channel] = v;
        }
    }
}
