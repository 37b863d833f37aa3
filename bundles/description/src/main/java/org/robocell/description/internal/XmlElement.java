package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.description.DescriptionException;

/**
 * One element of a parsed XML document that remembers where it was written, so every later check can report
 * {@code file:line}. Built once by {@link SecureXmlReader} (or by the xacro expander, which gives each element the
 * file and line of the xacro source it came from) and not changed afterwards.
 */
public final class XmlElement {

    private final String source;
    private final String name;
    private final int line;
    private final Map<String, String> attributes;
    private final List<XmlElement> children = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    /** Children and text pieces in document order (xacro evaluates them in that order). */
    private final List<Object> content = new ArrayList<>();

    public XmlElement(String source, String name, int line, Map<String, String> attributes) {
        this.source = source;
        this.name = name;
        this.line = line;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    public void addChild(XmlElement child) {
        children.add(child);
        content.add(child);
    }

    public void appendText(String chars) {
        text.append(chars);
        int last = content.size() - 1;
        if (last >= 0 && content.get(last) instanceof String previous) {
            content.set(last, previous + chars);
        } else {
            content.add(chars);
        }
    }

    /** The file name or label the element was read from. */
    public String source() {
        return source;
    }

    /** The attributes in document order. */
    public Map<String, String> attributes() {
        return attributes;
    }

    /** Child elements ({@link XmlElement}) and text ({@link String}, untrimmed) in document order. */
    public List<Object> content() {
        return Collections.unmodifiableList(content);
    }

    public String name() {
        return name;
    }

    public int line() {
        return line;
    }

    public List<XmlElement> children() {
        return Collections.unmodifiableList(children);
    }

    public List<XmlElement> children(String childName) {
        List<XmlElement> out = new ArrayList<>();
        for (XmlElement c : children) {
            if (c.name.equals(childName)) {
                out.add(c);
            }
        }
        return out;
    }

    /** The only child with this name, or null; two of them are an error. */
    public XmlElement optionalChild(String childName) {
        List<XmlElement> found = children(childName);
        if (found.size() > 1) {
            throw found.get(1).error("a second <" + childName + "> in " + describe() + " (the first is at line "
                    + found.get(0).line + "); expected at most one");
        }
        return found.isEmpty() ? null : found.get(0);
    }

    /** The character content, trimmed. */
    public String text() {
        return text.toString().trim();
    }

    public String attribute(String attributeName) {
        return attributes.get(attributeName);
    }

    /** The attribute's value, trimmed; missing or blank is an error that shows the expected form. */
    public String requiredAttribute(String attributeName, String example) {
        String v = attributes.get(attributeName);
        if (v == null || v.isBlank()) {
            throw error(describe() + (v == null ? " has no " : " has an empty ") + attributeName
                    + " attribute; expected <" + name + " " + attributeName + "=\"" + example + "\" ...>");
        }
        return v.trim();
    }

    /** {@code <joint name="joint1">}, or {@code <joint>} when it has no name. */
    public String describe() {
        String n = attributes.get("name");
        return n == null ? "<" + name + ">" : "<" + name + " name=\"" + n + "\">";
    }

    public DescriptionException error(String problem) {
        return new DescriptionException(source, line, 0, problem);
    }
}
