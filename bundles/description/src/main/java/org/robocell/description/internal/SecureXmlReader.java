package org.robocell.description.internal;

import java.io.InputStream;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.robocell.description.DescriptionException;

/**
 * Reads XML into an {@link XmlElement} tree with the JDK's own StAX parser, configured for hostile input: no DTD
 * (so no entity expansion bombs and no external entities that could read local files or the network), a bounded
 * nesting depth, and every parser failure reported as a {@link DescriptionException} with line and column.
 */
public final class SecureXmlReader {

    /**
     * Deeper than any URDF; a bound keeps pathological nesting from exhausting memory. Below the JDK's own
     * {@code jdk.xml.maxElementDepth} (100 on JDK 24+), so that our message is the one users see.
     */
    static final int MAX_DEPTH = 64;

    private SecureXmlReader() {
    }

    public static XmlElement read(InputStream in, String source) {
        return parse(source, factory -> factory.createXMLStreamReader(in));
    }

    public static XmlElement read(Reader in, String source) {
        return parse(source, factory -> factory.createXMLStreamReader(in));
    }

    private interface Opener {
        XMLStreamReader open(XMLInputFactory factory) throws XMLStreamException;
    }

    private static XmlElement parse(String source, Opener opener) {
        XMLStreamReader reader = null;
        try {
            reader = opener.open(secureFactory());
            return buildTree(reader, source);
        } catch (XMLStreamException e) {
            throw malformed(source, e);
        } catch (RuntimeException e) {
            if (e instanceof DescriptionException de) {
                throw de;
            }
            // The JDK parser wraps some encoding failures in unchecked exceptions: still a malformed file.
            throw new DescriptionException(source, 0, 0, "malformed XML: " + e.getMessage()
                    + "; expected a well-formed UTF-8 XML document", e);
        } finally {
            closeQuietly(reader);
        }
    }

    private static XMLInputFactory secureFactory() {
        // newDefaultFactory: the JDK's built-in parser, whatever the context class loader of an OSGi thread finds
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return f;
    }

    private static XmlElement buildTree(XMLStreamReader r, String source) throws XMLStreamException {
        Deque<XmlElement> open = new ArrayDeque<>();
        XmlElement root = null;
        while (r.hasNext()) {
            int event = r.next();
            switch (event) {
                case XMLStreamConstants.DTD -> throw new DescriptionException(source, line(r), 0,
                        "the document has a <!DOCTYPE> declaration; expected a plain URDF without DTD "
                                + "(DTDs and entities are refused for safety)");
                case XMLStreamConstants.START_ELEMENT -> {
                    if (open.size() >= MAX_DEPTH) {
                        throw new DescriptionException(source, line(r), 0, "elements are nested more than "
                                + MAX_DEPTH + " levels deep; expected a URDF of ordinary depth");
                    }
                    XmlElement e = new XmlElement(source, qualifiedName(r), line(r), attributes(r));
                    if (open.isEmpty()) {
                        root = e;
                    } else {
                        open.peek().addChild(e);
                    }
                    open.push(e);
                }
                case XMLStreamConstants.END_ELEMENT -> open.pop();
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (!open.isEmpty()) {
                        open.peek().appendText(r.getText());
                    }
                }
                case XMLStreamConstants.ENTITY_REFERENCE -> throw new DescriptionException(source, line(r), 0,
                        "the entity reference &" + r.getLocalName() + "; cannot be resolved; expected plain text "
                                + "or the predefined entities (&lt; &gt; &amp; &quot; &apos;)");
                default -> {
                    // comments, processing instructions and the document events carry nothing we use
                }
            }
        }
        if (root == null) {
            throw new DescriptionException(source, 0, 0, "the document is empty; expected a <robot> element");
        }
        return root;
    }

    private static String qualifiedName(XMLStreamReader r) {
        String prefix = r.getPrefix();
        return prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName();
    }

    private static Map<String, String> attributes(XMLStreamReader r) {
        Map<String, String> attrs = new LinkedHashMap<>();
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String prefix = r.getAttributePrefix(i);
            String local = r.getAttributeLocalName(i);
            attrs.put(prefix == null || prefix.isEmpty() ? local : prefix + ":" + local, r.getAttributeValue(i));
        }
        return attrs;
    }

    private static int line(XMLStreamReader r) {
        Location l = r.getLocation();
        return l == null ? 0 : Math.max(0, l.getLineNumber());
    }

    private static DescriptionException malformed(String source, XMLStreamException e) {
        Location l = e.getLocation();
        int line = l == null ? 0 : Math.max(0, l.getLineNumber());
        int column = l == null ? 0 : Math.max(0, l.getColumnNumber());
        return new DescriptionException(source, line, column,
                "malformed XML: " + parserMessage(e) + "; expected a well-formed XML document", e);
    }

    /** The JDK prefixes its message with "ParseError at [row,col]:[l,c]\nMessage: "; the location is ours to print. */
    private static String parserMessage(XMLStreamException e) {
        String m = String.valueOf(e.getMessage());
        int i = m.indexOf("Message: ");
        String text = i >= 0 ? m.substring(i + "Message: ".length()) : m;
        text = text.strip();
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    private static void closeQuietly(XMLStreamReader reader) {
        if (reader != null) {
            try {
                reader.close();
            } catch (XMLStreamException ignored) {
                // nothing left to release that matters: the input is owned by the caller
            }
        }
    }
}
