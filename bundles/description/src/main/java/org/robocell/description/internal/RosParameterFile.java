package org.robocell.description.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.text.Suggestions;
import org.robocell.description.DescriptionException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A ROS 2 parameter file as rcl_yaml_param_parser reads it: node names (nested keys join into one name with
 * {@code /}; {@code /**} and {@code *} are wildcards), each with its {@code ros__parameters} flattened to dotted
 * keys. A node name written twice at the top level (two {@code /**:} blocks) is merged, as ROS 2's parameter loader
 * merges it: both blocks' nodes are kept in file order.
 *
 * <p>Values: strings, booleans, 64-bit integers, doubles, lists of one kind of those. A list of maps, which
 * gpio_controllers' interface lists use ({@code flange_vacuum: [{interfaces: [vacuum]}]}), is read as the maps'
 * keys under the list's key ({@code flange_vacuum.interfaces}).
 */
public final class RosParameterFile {

    static final String PARAMS = "ros__parameters";

    private final BoundedYaml yaml;
    private final List<NodeSection> sections = new ArrayList<>();

    private final LaunchSubstitutions substitutions;

    private RosParameterFile(BoundedYaml yaml, LaunchSubstitutions substitutions) {
        this.yaml = yaml;
        this.substitutions = substitutions;
    }

    /** Reads one file; {@code source} names it in every error. */
    public static RosParameterFile read(String text, String source) {
        return read(text, source, java.util.Map.of());
    }

    /**
     * Reads one file whose string values may hold launch substitutions ({@code $(var name)}, {@code $(env NAME)}),
     * as a launch file's {@code ParameterFile(..., allow_substs=True)} resolves them.
     *
     * @param launchArgs the launch arguments {@code $(var)} reads
     */
    public static RosParameterFile read(String text, String source, java.util.Map<String, String> launchArgs) {
        BoundedYaml yaml = BoundedYaml.compose(text, source, "a map with a 'controller_manager:' key");
        RosParameterFile file = new RosParameterFile(yaml, new LaunchSubstitutions(launchArgs));
        if (!(yaml.root() instanceof MappingNode root)) {
            throw yaml.error(yaml.root(), "the document is " + BoundedYaml.kind(yaml.root())
                    + "; expected a map whose keys are node names such as 'controller_manager'");
        }
        file.collect(root, "");
        return file;
    }

    public String source() {
        return yaml.source();
    }

    /** The node sections in file order. */
    public List<NodeSection> sections() {
        return Collections.unmodifiableList(sections);
    }

    private void collect(MappingNode map, String prefix) {
        yaml.enter(map);
        for (BoundedYaml.Entry e : yaml.entriesAllowingRepeats(map, "the top level")) {
            if (e.key().equals(PARAMS)) {
                throw yaml.error(e.keyNode(), "'" + PARAMS + "' directly under the top level; expected it under a node "
                        + "name such as 'controller_manager:'");
            }
            name(join(prefix, e.key()), e);
        }
        yaml.exit(map);
    }

    /** A name's map: its {@code ros__parameters} and the names nested under it. */
    private void name(String name, BoundedYaml.Entry e) {
        if (!(e.value() instanceof MappingNode m)) {
            throw yaml.error(e.keyNode(), "'" + name + "' is " + BoundedYaml.kind(e.value()) + "; expected '" + name
                    + ":' followed by '" + PARAMS + ":' and the parameters");
        }
        yaml.enter(m);
        List<BoundedYaml.Entry> children = yaml.entriesAllowingRepeats(m, "'" + name + "'");
        boolean hasParams = children.stream().anyMatch(c -> c.key().equals(PARAMS));
        if (children.isEmpty()) {
            throw yaml.error(e.keyNode(), "'" + name + "' has no '" + PARAMS + "'; expected '" + name
                    + ":' then, indented, '" + PARAMS + ":' holding its parameters");
        }
        boolean paramsSeen = false;
        for (BoundedYaml.Entry c : children) {
            if (c.key().equals(PARAMS)) {
                if (paramsSeen) {
                    throw yaml.error(c.keyNode(), "'" + PARAMS + "' appears twice in '" + name
                            + "'; expected each key once");
                }
                paramsSeen = true;
                sections.add(section(name, e.keyNode(), c.value()));
                continue;
            }
            String hint = Suggestions.didYouMean(c.key(), List.of(PARAMS));
            boolean nodeBeside = c.value() instanceof MappingNode cm && cm.getValue().stream()
                    .anyMatch(t -> t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(PARAMS));
            if (hasParams && !nodeBeside) {
                throw yaml.error(c.keyNode(), "unexpected key '" + c.key() + "' beside '" + PARAMS + "' in '" + name
                        + "'; expected only '" + PARAMS + "' (parameters go inside it)");
            }
            if (!(c.value() instanceof MappingNode)) {
                throw yaml.error(e.keyNode(), "'" + name + "' has no '" + PARAMS + "'" + hint + "; expected '" + name
                        + ":' then, indented, '" + PARAMS + ":' holding its parameters");
            }
            if (!hint.isEmpty()) {
                throw yaml.error(c.keyNode(), "'" + name + "' has '" + c.key() + "' but no '" + PARAMS + "'" + hint
                        + "; expected '" + name + ":' then, indented, '" + PARAMS + ":' holding its parameters");
            }
            name(join(name, c.key()), c);
        }
        yaml.exit(m);
    }

    private static String join(String prefix, String key) {
        if (prefix.isEmpty()) {
            return key;
        }
        return prefix.endsWith("/") || key.startsWith("/") ? prefix + key : prefix + "/" + key;
    }

    private NodeSection section(String fullName, Node key, Node params) {
        NodeName name = NodeName.parse(fullName);
        if (name == null) {
            throw yaml.error(key, "the node name '" + fullName + "' is empty; expected a name such as "
                    + "'controller_manager'");
        }
        Map<String, Located> values = new LinkedHashMap<>();
        String where = fullName + "." + PARAMS;
        if (params instanceof MappingNode m) {
            yaml.enter(m);
            for (BoundedYaml.Entry e : yaml.entries(m, "'" + where + "'")) {
                flatten(e.value(), e.key(), where, values);
            }
            yaml.exit(m);
        } else if (!BoundedYaml.isNull(params)) {
            throw yaml.error(params, "'" + where + "' is " + BoundedYaml.kind(params) + "; expected a map of parameters");
        }
        return new NodeSection(name, source(), BoundedYaml.line(key), Collections.unmodifiableMap(values));
    }

    private void flatten(Node value, String key, String where, Map<String, Located> out) {
        String path = where + "." + key;
        if (value instanceof MappingNode m) {
            yaml.enter(m);
            for (BoundedYaml.Entry e : yaml.entries(m, "'" + path + "'")) {
                flatten(e.value(), key + "." + e.key(), where, out);
            }
            yaml.exit(m);
            return;
        }
        if (value instanceof SequenceNode seq && !seq.getValue().isEmpty()
                && seq.getValue().stream().allMatch(i -> i instanceof MappingNode)) {
            // gpio_controllers' list-of-maps form: the maps' keys belong to the list's key
            yaml.enter(seq);
            for (Node item : seq.getValue()) {
                flatten(item, key, where, out);
            }
            yaml.exit(seq);
            return;
        }
        Object v;
        if (value instanceof SequenceNode seq) {
            v = scalarList(seq, path);
        } else {
            v = substituted(yaml.scalar((ScalarNode) value, path), value, path);
            if (v == null) {
                throw yaml.error(value, "'" + path + "' has no value; expected a string, number, boolean, list or map");
            }
        }
        Located first = out.putIfAbsent(key, new Located(v, source(), BoundedYaml.line(value)));
        if (first != null) {
            throw yaml.error(value, "'" + path + "' is given twice in '" + where + "' (first at line " + first.line()
                    + "); expected each parameter once");
        }
    }

    private Object substituted(Object value, Node node, String path) {
        if (!(value instanceof String text) || !text.contains("$(")) {
            return value;
        }
        try {
            return substitutions.apply(text);
        } catch (IllegalArgumentException e) {
            throw yaml.error(node, "'" + path + "': " + e.getMessage());
        }
    }

    private List<Object> scalarList(SequenceNode seq, String path) {
        yaml.enter(seq);
        List<Object> items = new ArrayList<>();
        String firstKind = null;
        for (Node item : seq.getValue()) {
            if (!(item instanceof ScalarNode s)) {
                throw yaml.error(item, "'" + path + "' is a list that contains " + BoundedYaml.kind(item)
                        + "; expected a list of scalars (strings, numbers or booleans), or a list of maps");
            }
            Object v = substituted(yaml.scalar(s, path), item, path);
            if (v == null) {
                throw yaml.error(item, "'" + path + "' has an empty list item; expected a string, number or boolean");
            }
            String k = v instanceof String ? "strings" : v instanceof Boolean ? "booleans" : "numbers";
            if (firstKind != null && !firstKind.equals(k)) {
                throw yaml.error(item, "'" + path + "' mixes " + firstKind + " and " + k + " (" + BoundedYaml.kind(item)
                        + "); expected all items of one kind");
            }
            firstKind = k;
            items.add(v);
        }
        yaml.exit(seq);
        return Collections.unmodifiableList(items);
    }

    /**
     * One node's {@code ros__parameters}.
     *
     * @param name       the node name as written, parsed
     * @param source     the file
     * @param line       the line of the node's name
     * @param parameters flattened, in file order
     */
    public record NodeSection(NodeName name, String source, int line, Map<String, Located> parameters) {

        public String where() {
            return source + ":" + line;
        }
    }
}
