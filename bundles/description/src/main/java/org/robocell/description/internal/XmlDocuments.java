package org.robocell.description.internal;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.robocell.description.DescriptionException;

/**
 * Reads an XML document's bytes (a URDF, a xacro file) into an {@link XmlElement} tree: strictly as UTF-8 unless
 * its declaration names another encoding, and, as tinyxml2 (which ros2_control reads URDFs with) and libxml2 do,
 * with blank lines or a byte order mark before the {@code <?xml ...?>} declaration, which the JDK's parser alone
 * refuses.
 */
public final class XmlDocuments {

    private static final Pattern LEADING_DECLARATION = Pattern.compile("^[\\s\\uFEFF]+(<\\?xml\\s[^>]*?\\?>)");
    private static final Pattern DECLARED_ENCODING = Pattern.compile("encoding\\s*=\\s*[\"']([^\"']*)[\"']");

    private XmlDocuments() {
    }

    /** Parses a document read whole; {@code source} names it in messages. */
    public static XmlElement read(byte[] bytes, String source, String expectedRoot) {
        if (InputFiles.isBlank(bytes)) {
            throw new DescriptionException(source, 0, 0, "the document is empty; expected " + expectedRoot);
        }
        if (Utf8Text.isUtf8Xml(bytes)) {
            return read(Utf8Text.decodeUtf8(bytes, source), source);
        }
        String declared = declaredEncoding(bytes);
        if (declared != null && startsWithBlank(bytes)) {
            // the JDK parser would refuse the blank before the declaration: decode here, then as text
            return read(decode(bytes, declared, source), source);
        }
        // another declared encoding: the parser reads the bytes as the XML declaration says
        return SecureXmlReader.read(new ByteArrayInputStream(bytes), source);
    }

    /** Parses document text. */
    public static XmlElement read(String xml, String source) {
        return SecureXmlReader.read(new StringReader(withoutLeadingBlank(xml)), source);
    }

    /**
     * The text with blanks (and byte order marks) before an XML declaration kept, and the declaration itself turned
     * into blanks of the same length: the parser accepts the document, and every line keeps its number. The
     * declaration says nothing the parser still needs: the text is decoded already.
     */
    static String withoutLeadingBlank(String xml) {
        Matcher m = LEADING_DECLARATION.matcher(xml);
        if (!m.find()) {
            return xml;
        }
        StringBuilder b = new StringBuilder(xml.length());
        for (int i = 0; i < m.end(1); i++) {
            char c = xml.charAt(i);
            b.append(c == '\n' || c == '\r' ? c : ' ');
        }
        return b.append(xml, m.end(1), xml.length()).toString();
    }

    private static boolean startsWithBlank(byte[] bytes) {
        return bytes.length > 0 && (bytes[0] == ' ' || bytes[0] == '\t' || bytes[0] == '\r' || bytes[0] == '\n');
    }

    private static String declaredEncoding(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, 200), java.nio.charset.StandardCharsets.ISO_8859_1);
        int start = head.indexOf("<?xml");
        int end = start < 0 ? -1 : head.indexOf("?>", start);
        if (end < 0) {
            return null;
        }
        Matcher m = DECLARED_ENCODING.matcher(head.substring(start, end));
        return m.find() ? m.group(1) : null;
    }

    private static String decode(byte[] bytes, String encoding, String source) {
        Charset charset;
        try {
            charset = Charset.forName(encoding);
        } catch (IllegalArgumentException e) {
            throw new DescriptionException(source, 1, 0, "the declared encoding '" + encoding + "' is not known; "
                    + "expected UTF-8 or another encoding Java reads");
        }
        try {
            return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new DescriptionException(source, 0, 0, "the text is not valid " + charset.name() + " as its "
                    + "declaration says; expected text in the declared encoding");
        }
    }
}
