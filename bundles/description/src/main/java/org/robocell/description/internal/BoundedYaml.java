package org.robocell.description.internal;

import java.io.StringReader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.description.DescriptionException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * One YAML document composed into SnakeYAML's node tree (which keeps line numbers) under bounds that hostile input
 * cannot get past: 50 aliases to collections, 64 levels of nesting, {@link InputFiles#MAX_YAML_BYTES}, at most
 * {@link #MAX_VALUES} values after alias expansion, no recursive aliases. Scalars are converted one at a time with
 * the safe constructor; every problem is a one-line {@link DescriptionException} at the node's line.
 */
public final class BoundedYaml {

    static final int MAX_VALUES = 100_000;
    private static final int MAX_DEPTH = 64;

    /** A map entry with a plain string key. */
    public record Entry(String key, Node keyNode, Node value) {
    }

    private final String source;
    private final ScalarValues scalars;
    private final Map<Node, Boolean> open = new IdentityHashMap<>();
    private final Node root;
    private int values;

    private BoundedYaml(String yaml, String source) {
        this.source = source;
        LoaderOptions options = loaderOptions();
        this.scalars = new ScalarValues(options);
        this.root = compose(yaml, options);
    }

    /**
     * @param emptyExpectation what an empty document should have been, for its error message
     * @throws DescriptionException for an empty or malformed document
     */
    public static BoundedYaml compose(String yaml, String source, String emptyExpectation) {
        if (yaml == null || yaml.isBlank()) {
            throw new DescriptionException(source, 0, 0, "the document is empty; expected " + emptyExpectation);
        }
        BoundedYaml y = new BoundedYaml(yaml, source);
        if (y.root == null) {
            throw new DescriptionException(source, 0, 0, "the document is empty; expected " + emptyExpectation);
        }
        return y;
    }

    public String source() {
        return source;
    }

    public Node root() {
        return root;
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions o = new LoaderOptions();
        o.setMaxAliasesForCollections(50);
        o.setAllowRecursiveKeys(false);
        o.setNestingDepthLimit(MAX_DEPTH);
        o.setCodePointLimit(InputFiles.MAX_YAML_BYTES);
        o.setProcessComments(false);
        return o;
    }

    private Node compose(String yaml, LoaderOptions options) {
        try {
            Composer composer = new Composer(new ParserImpl(new StreamReader(new StringReader(yaml)), options),
                    new Resolver(), options);
            return composer.getSingleNode();
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String context = e.getContext() == null ? "" : " (" + e.getContext() + ")";
            throw new DescriptionException(source, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
                    "malformed YAML: " + e.getProblem() + context + "; expected well-formed YAML "
                            + "(check indentation and the ': ' after each key)", e);
        } catch (ReaderException e) {
            int[] at = lineAndColumn(yaml, e.getPosition());
            throw new DescriptionException(source, at[0], at[1], String.format("the character U+%04X is not allowed "
                    + "in YAML; expected printable text", e.getCodePoint()), e);
        } catch (YAMLException e) {
            throw new DescriptionException(source, 0, 0, "malformed YAML: " + e.getMessage()
                    + "; expected a well-formed YAML document of ordinary size", e);
        } catch (RuntimeException e) {
            // any other failure inside the parser is still a document it could not read
            throw new DescriptionException(source, 0, 0, "malformed YAML: " + e
                    + "; expected a well-formed YAML document", e);
        }
    }

    /** 1-based line and column of the code point at {@code index}, as SnakeYAML's reader counts. */
    private static int[] lineAndColumn(String text, int index) {
        int line = 1;
        int column = 1;
        int seen = 0;
        for (int i = 0; i < text.length() && seen < index; i += Character.charCount(text.codePointAt(i)), seen++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new int[] {line, column};
    }

    /** The entries of a map with string keys, in order; duplicate keys and merge keys are errors. */
    public List<Entry> entries(MappingNode map, String where) {
        List<Entry> out = new ArrayList<>();
        Map<String, Node> seen = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            Entry e = entry(t, where);
            Node first = seen.putIfAbsent(e.key(), e.keyNode());
            if (first != null) {
                throw error(e.keyNode(), "key '" + e.key() + "' appears twice in " + where + " (first at line "
                        + line(first) + "); expected each key once");
            }
            out.add(e);
        }
        return out;
    }

    /** The entries of a map with string keys, in order, repeated keys included (ROS node names merge). */
    public List<Entry> entriesAllowingRepeats(MappingNode map, String where) {
        List<Entry> out = new ArrayList<>();
        for (NodeTuple t : map.getValue()) {
            out.add(entry(t, where));
        }
        return out;
    }

    private Entry entry(NodeTuple t, String where) {
        Node k = t.getKeyNode();
        if (!(k instanceof ScalarNode sk)) {
            throw error(k, "a key in " + where + " is " + kind(k) + "; expected a plain name");
        }
        if (sk.getTag().equals(Tag.MERGE)) {
            throw error(k, "merge keys ('<<') are not supported (in " + where + "); expected the keys written out");
        }
        if (sk.getValue().isBlank()) {
            throw error(k, "a key in " + where + " is empty; expected a name");
        }
        count(k);
        return new Entry(sk.getValue(), k, t.getValueNode());
    }

    /** A scalar as a String, Boolean, Long or Double; null for an empty value. */
    public Object scalar(ScalarNode node, String path) {
        Tag tag = node.getTag();
        count(node);
        if (tag.equals(Tag.NULL)) {
            return null;
        }
        if (tag.equals(Tag.STR) || tag.equals(Tag.TIMESTAMP)) {
            return node.getValue();
        }
        if (!tag.equals(Tag.INT) && !tag.equals(Tag.FLOAT) && !tag.equals(Tag.BOOL)) {
            throw error(node, "'" + path + "' has the tag " + tag.getValue() + "; expected a plain string, number or "
                    + "boolean");
        }
        Object v;
        try {
            v = scalars.value(node);
        } catch (RuntimeException e) {
            // SnakeYAML's number and boolean constructors fail with unchecked exceptions on odd text
            v = null;
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof Long || v instanceof Double || v instanceof Boolean) {
            return v;
        }
        if (v instanceof BigInteger) {
            throw error(node, "'" + path + "' is " + node.getValue() + ", which is too large; expected an integer "
                    + "between -2^63 and 2^63-1");
        }
        throw error(node, "'" + path + "' is '" + UrdfReader.shorten(node.getValue()) + "', which is not a valid "
                + tag.getValue().replace("tag:yaml.org,2002:", "") + "; expected a plain string, number or boolean");
    }

    /** Guards against aliases that contain themselves, which would otherwise recurse without end. */
    public void enter(Node collection) {
        if (open.put(collection, Boolean.TRUE) != null) {
            throw error(collection, "an alias refers to a map or list that contains it; expected no recursive aliases");
        }
        if (open.size() > MAX_DEPTH) {
            throw error(collection, "maps and lists are nested more than " + MAX_DEPTH + " levels deep; expected an "
                    + "ordinary controller configuration");
        }
    }

    public void exit(Node collection) {
        open.remove(collection);
    }

    private void count(Node node) {
        if (++values > MAX_VALUES) {
            throw error(node, "more than " + MAX_VALUES + " values after expanding aliases; expected a controller "
                    + "configuration of ordinary size");
        }
    }

    public DescriptionException error(Node node, String problem) {
        return new DescriptionException(source, line(node), 0, problem);
    }

    public static int line(Node node) {
        return node == null || node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1;
    }

    /** How a node reads in a message: "a map", "a list", "empty", "the number 7", "'text'". */
    public static String kind(Node node) {
        if (node instanceof MappingNode) {
            return "a map";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        ScalarNode s = (ScalarNode) node;
        Tag t = s.getTag();
        if (t.equals(Tag.NULL)) {
            return "empty";
        }
        String v = UrdfReader.shorten(s.getValue());
        if (t.equals(Tag.INT) || t.equals(Tag.FLOAT)) {
            return "the number " + v;
        }
        if (t.equals(Tag.BOOL)) {
            return "the boolean " + v;
        }
        return "'" + v + "'";
    }

    public static boolean isNull(Node node) {
        return node instanceof ScalarNode s && s.getTag().equals(Tag.NULL);
    }

    /** Exposes SnakeYAML's safe scalar construction (YAML 1.1 ints, floats, booleans) for one node at a time. */
    private static final class ScalarValues extends SafeConstructor {

        ScalarValues(LoaderOptions options) {
            super(options);
        }

        Object value(ScalarNode node) {
            return constructObject(node);
        }
    }
}
