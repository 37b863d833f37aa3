package org.robocell.description.internal;

import java.io.StringReader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.robocell.api.controller.Parameters;
import org.robocell.api.text.Suggestions;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
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
 * Reads a ros2_control controller YAML file into a {@link ControllersConfig}. SnakeYAML only composes the node
 * tree (which keeps line numbers); values are converted here, one scalar at a time, with the safe constructor.
 *
 * <p>The rules it applies are the contract documented on {@link ControllersConfig}. Structure first (node sections,
 * namespaces, wildcards), then the controller manager's section (update rate, declarations), then each controller's
 * parameters layered over the wildcard defaults.
 */
public final class ControllersYamlReader {

    static final int MAX_VALUES = 100_000;
    private static final int MAX_DEPTH = 64;
    private static final String PARAMS = "ros__parameters";
    private static final String MANAGER = "controller_manager";
    private static final Set<String> MANAGER_GROUPS = Set.of("hardware_components_initial_state", "defaults",
            "diagnostics", "overruns", "hardware_synchronization", "statistics");

    private final String source;
    private final ScalarValues scalars;
    private final Map<Node, Boolean> open = new IdentityHashMap<>();
    private int values;

    /** A node's section: {@code name: ros__parameters: params}. */
    private record Section(String fullName, String namespace, String base, boolean wildcard, Node key, Node params) {

        boolean appliesTo(String nodeBase) {
            return wildcard && (base.equals("*") || base.equals("**") || base.equals(nodeBase));
        }
    }

    /** A flattened value and the line it was written on. */
    private record Located(Object value, int line) {
    }

    private record Entry(String key, Node keyNode, Node value) {
    }

    private record Declared(String name, String type, Node typeNode, List<String> fallbacks, Node fallbackNode,
            Node key) {
    }

    private ControllersYamlReader(String source, LoaderOptions options) {
        this.source = source;
        this.scalars = new ScalarValues(options);
    }

    public static ControllersConfig read(String yaml, String source) {
        LoaderOptions options = loaderOptions();
        ControllersYamlReader reader = new ControllersYamlReader(source, options);
        if (yaml.isBlank()) {
            throw reader.emptyDocument();
        }
        return reader.config(reader.compose(yaml, options));
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
            Node root = composer.getSingleNode();
            if (root == null) {
                throw emptyDocument();
            }
            return root;
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
        } catch (DescriptionException e) {
            throw e;
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

    private DescriptionException emptyDocument() {
        return new DescriptionException(source, 0, 0, "the document is empty; expected a map with a '"
                + MANAGER + ":' key");
    }

    // ---- structure: node sections --------------------------------------------------------------------------

    private ControllersConfig config(Node root) {
        if (!(root instanceof MappingNode rootMap)) {
            throw error(root, "the document is " + kind(root) + "; expected a map whose keys are node names such as '"
                    + MANAGER + "'");
        }
        List<Section> sections = new ArrayList<>();
        collectSections(rootMap, "", sections);

        Section manager = managerSection(sections, root);
        Map<String, Located> managerParams = new LinkedHashMap<>();
        Map<String, Declared> declared = new LinkedHashMap<>();
        for (Section s : sections) {
            if (s.appliesTo(MANAGER)) {
                flattenSection(s, managerParams);
            }
        }
        readManager(manager, managerParams, declared);
        int updateRate = updateRate(managerParams, manager);

        Map<String, Section> own = controllerSections(sections, manager, declared);
        Map<String, ControllerDeclaration> controllers = new LinkedHashMap<>();
        // a set: a file with tens of thousands of controllers must not take quadratic time
        Set<String> names = new LinkedHashSet<>(declared.keySet());
        names.addAll(own.keySet());
        List<Section> wildcards = sections.stream().filter(Section::wildcard).toList();
        for (String name : names) {
            controllers.put(name, controller(name, declared.get(name), own.get(name), wildcards));
        }
        for (ControllerDeclaration c : controllers.values()) {
            checkFallbacks(c, declared.get(c.name()), controllers.keySet());
        }
        return new ControllersConfig(source, manager.namespace(), updateRate,
                parameters(MANAGER, managerParams), controllers);
    }

    private void collectSections(MappingNode map, String prefix, List<Section> out) {
        enter(map);
        for (Entry e : entries(map, prefix.isEmpty() ? "the top level" : "'" + prefix + "'")) {
            count(e.keyNode());
            String name = prefix + e.key();
            if (e.key().equals(PARAMS)) {
                throw error(e.keyNode(), "'" + PARAMS + "' directly under " + (prefix.isEmpty() ? "the top level"
                        : "'" + prefix + "'") + "; expected it under a node name such as '" + MANAGER + ":'");
            }
            if (!(e.value() instanceof MappingNode m)) {
                throw error(e.keyNode(), "'" + name + "' is " + kind(e.value()) + "; expected '" + name + ":' followed by '"
                        + PARAMS + ":' and the parameters");
            }
            List<Entry> children = entries(m, "'" + name + "'");
            Entry params = children.stream().filter(c -> c.key().equals(PARAMS)).findFirst().orElse(null);
            if (params != null) {
                for (Entry c : children) {
                    if (c != params) {
                        throw error(c.keyNode(), "unexpected key '" + c.key() + "' beside '" + PARAMS + "' in '" + name
                                + "'; expected only '" + PARAMS + "' (parameters go inside it)");
                    }
                }
                out.add(section(name, e.keyNode(), params.value()));
            } else if (!children.isEmpty() && children.stream().allMatch(c -> c.value() instanceof MappingNode)) {
                for (Entry c : children) {
                    String hint = Suggestions.didYouMean(c.key(), List.of(PARAMS));
                    if (!hint.isEmpty()) {
                        throw error(c.keyNode(), "'" + name + "' has '" + c.key() + "' but no '" + PARAMS + "'" + hint
                                + "; expected '" + name + ":' then, indented, '" + PARAMS + ":' holding its parameters");
                    }
                }
                collectSections(m, name + "/", out);
            } else {
                throw error(e.keyNode(), "'" + name + "' has no '" + PARAMS + "'; expected '" + name + ":' then, indented, '"
                        + PARAMS + ":' holding its parameters");
            }
        }
        exit(map);
    }

    private Section section(String fullName, Node key, Node params) {
        List<String> segments = new ArrayList<>();
        for (String s : fullName.split("/")) {
            if (!s.isEmpty()) {
                segments.add(s);
            }
        }
        if (segments.isEmpty()) {
            throw error(key, "the node name '" + fullName + "' is empty; expected a name such as '" + MANAGER + "'");
        }
        boolean wildcard = segments.stream().anyMatch(s -> s.equals("*") || s.equals("**"));
        String base = segments.get(segments.size() - 1);
        String namespace = String.join("/", segments.subList(0, segments.size() - 1));
        return new Section(fullName, namespace, base, wildcard, key, params);
    }

    private Section managerSection(List<Section> sections, Node root) {
        List<Section> managers = sections.stream().filter(s -> !s.wildcard() && s.base().equals(MANAGER)).toList();
        if (managers.isEmpty()) {
            throw error(root, "there is no '" + MANAGER + "' section; expected a top-level '" + MANAGER + ":' key with '"
                    + PARAMS + ":' holding update_rate and the controller declarations");
        }
        if (managers.size() > 1) {
            Section a = managers.get(0);
            Section b = managers.get(1);
            throw error(b.key(), a.namespace().equals(b.namespace())
                    ? "parameters for '" + b.fullName() + "' are given a second time (first at line " + line(a.key())
                            + "); expected one section per node"
                    : "a second controller manager '" + b.fullName() + "' (the first, '" + a.fullName() + "', is at line "
                            + line(a.key()) + "); expected one controller manager per file");
        }
        return managers.get(0);
    }

    private void readManager(Section manager, Map<String, Located> params, Map<String, Declared> declared) {
        MappingNode map = paramsMap(manager);
        if (map == null) {
            return;
        }
        String where = manager.fullName() + "." + PARAMS;
        Map<String, Located> own = new LinkedHashMap<>();
        for (Entry e : entries(map, "'" + where + "'")) {
            if (e.value() instanceof MappingNode m && !MANAGER_GROUPS.contains(e.key())) {
                declared.put(e.key(), declaration(e.key(), e.keyNode(), m, where + "." + e.key()));
            } else {
                flatten(e.value(), e.key(), where, own);
            }
        }
        params.putAll(own);
    }

    private Declared declaration(String name, Node key, MappingNode map, String where) {
        String type = null;
        Node typeNode = null;
        List<String> fallbacks = List.of();
        Node fallbackNode = null;
        for (Entry e : entries(map, "'" + where + "'")) {
            switch (e.key()) {
                case "type" -> {
                    typeNode = e.value();
                    type = typeString(e.value(), where + ".type");
                }
                case "fallback_controllers" -> {
                    fallbackNode = e.value();
                    fallbacks = stringList(e.value(), where + ".fallback_controllers");
                }
                case "params_file", "node_options_args" -> throw error(e.keyNode(), "'" + where + "." + e.key()
                        + "' is not supported by RoboCell; expected the parameters of '" + name + "' in this file, under a "
                        + "top-level '" + name + ": " + PARAMS + ":' section");
                default -> throw error(e.keyNode(), "unknown key '" + e.key() + "' in the declaration of controller '"
                        + name + "'; expected only 'type' and 'fallback_controllers' here (the controller's parameters "
                        + "go under a top-level '" + name + ": " + PARAMS + ":' section)");
            }
        }
        return new Declared(name, type, typeNode, fallbacks, fallbackNode, key);
    }

    private int updateRate(Map<String, Located> params, Section manager) {
        Located rate = params.get("update_rate");
        if (rate == null) {
            params.put("update_rate", new Located((long) ControllersConfig.DEFAULT_UPDATE_RATE, line(manager.key())));
            return ControllersConfig.DEFAULT_UPDATE_RATE;
        }
        if (rate.value() instanceof Long l && l > 0 && l <= Integer.MAX_VALUE) {
            return l.intValue();
        }
        throw new DescriptionException(source, rate.line(), 0, "'" + manager.fullName() + "." + PARAMS
                + ".update_rate' is " + describe(rate.value()) + "; expected a positive integer (cycles per second), "
                + "e.g. 1000");
    }

    /** The specific (non-wildcard) section of each controller, checked against the declarations. */
    private Map<String, Section> controllerSections(List<Section> sections, Section manager,
            Map<String, Declared> declared) {
        Map<String, Section> own = new LinkedHashMap<>();
        for (Section s : sections) {
            boolean managerDefaults = s.wildcard() && s.base().equals(MANAGER);
            if (s == manager || managerDefaults || s.base().equals("*") || s.base().equals("**")) {
                continue;
            }
            if (!s.wildcard() && !s.namespace().equals(manager.namespace())) {
                throw error(s.key(), "'" + s.fullName() + "' is in namespace '/" + s.namespace()
                        + "' but the controller manager is in '/" + manager.namespace() + "'; expected controllers in "
                        + "the controller manager's namespace");
            }
            boolean selfDeclared = !s.wildcard() && paramsMap(s) != null && hasKey(paramsMap(s), "type");
            if (!declared.containsKey(s.base()) && !selfDeclared) {
                throw error(s.key(), "parameters for '" + s.base() + "', which '" + MANAGER + "' does not declare; "
                        + "expected one of the declared controllers (" + Suggestions.list(declared.keySet()) + ")"
                        + Suggestions.didYouMean(s.base(), declared.keySet()) + ", or a declaration '" + s.base()
                        + ": {type: package/ClassName}' under '" + MANAGER + ": " + PARAMS + ":'");
            }
            if (s.wildcard()) {
                continue;
            }
            Section first = own.putIfAbsent(s.base(), s);
            if (first != null) {
                throw error(s.key(), "parameters for '" + s.base() + "' are given a second time (first at line "
                        + line(first.key()) + "); expected one section per controller");
            }
        }
        return own;
    }

    /** @param wildcards the wildcard sections, whose defaults apply before the controller's own section */
    private ControllerDeclaration controller(String name, Declared declaration, Section own, List<Section> wildcards) {
        Map<String, Located> params = new LinkedHashMap<>();
        for (Section s : wildcards) {
            if (s.appliesTo(name)) {
                flattenSection(s, params);
            }
        }
        Map<String, Located> ownParams = new LinkedHashMap<>();
        if (own != null) {
            flattenSection(own, ownParams);
        }
        params.putAll(ownParams);

        String type = declaration == null ? null : declaration.type();
        Located ownType = ownParams.get("type");
        if (ownType != null) {
            if (!(ownType.value() instanceof String s) || s.isBlank()) {
                throw new DescriptionException(source, ownType.line(), 0, "'" + name + "." + PARAMS + ".type' is "
                        + describe(ownType.value()) + "; expected a type string such as "
                        + "joint_trajectory_controller/JointTrajectoryController");
            }
            if (type != null && !type.equals(s)) {
                throw new DescriptionException(source, ownType.line(), 0, "controller '" + name + "' has type '" + s
                        + "' here but '" + type + "' in its declaration (line " + line(declaration.typeNode())
                        + "); expected one type");
            }
            type = s;
        }
        if (type == null) {
            throw error(declaration.key(), "controller '" + name + "' has no 'type'; expected 'type: package/ClassName', "
                    + "e.g. 'type: joint_trajectory_controller/JointTrajectoryController', in its declaration under '"
                    + MANAGER + ": " + PARAMS + ":'");
        }
        List<String> fallbacks = declaration == null ? List.of() : declaration.fallbacks();
        return new ControllerDeclaration(name, type, fallbacks, parameters(name, params));
    }

    private void checkFallbacks(ControllerDeclaration c, Declared declaration, Set<String> names) {
        for (String f : c.fallbackControllers()) {
            if (f.equals(c.name())) {
                throw error(declaration.fallbackNode(), "controller '" + c.name() + "' lists itself in "
                        + "fallback_controllers; expected other controllers");
            }
            if (!names.contains(f)) {
                throw error(declaration.fallbackNode(), "fallback controller '" + f + "' of '" + c.name()
                        + "' is not declared; expected one of (" + Suggestions.list(names) + ")"
                        + Suggestions.didYouMean(f, names));
            }
        }
    }

    private Parameters parameters(String node, Map<String, Located> located) {
        Map<String, Object> plain = new LinkedHashMap<>();
        located.forEach((k, v) -> plain.put(k, v.value()));
        return new Parameters(source + ": " + node, plain);
    }

    // ---- values ---------------------------------------------------------------------------------------------

    private MappingNode paramsMap(Section s) {
        Node p = s.params();
        if (p instanceof MappingNode m) {
            return m;
        }
        if (p instanceof ScalarNode sc && sc.getTag().equals(Tag.NULL)) {
            return null;
        }
        throw error(p, "'" + s.fullName() + "." + PARAMS + "' is " + kind(p) + "; expected a map of parameters");
    }

    private void flattenSection(Section s, Map<String, Located> into) {
        MappingNode map = paramsMap(s);
        if (map == null) {
            return;
        }
        Map<String, Located> own = new LinkedHashMap<>();
        String where = s.fullName() + "." + PARAMS;
        for (Entry e : entries(map, "'" + where + "'")) {
            flatten(e.value(), e.key(), where, own);
        }
        into.putAll(own);
    }

    private void flatten(Node value, String key, String where, Map<String, Located> out) {
        String path = where + "." + key;
        Object v;
        if (value instanceof MappingNode m) {
            enter(m);
            for (Entry e : entries(m, "'" + path + "'")) {
                count(e.keyNode());
                flatten(e.value(), key + "." + e.key(), where, out);
            }
            exit(m);
            return;
        } else if (value instanceof SequenceNode seq) {
            v = scalarList(seq, path);
        } else {
            v = scalar((ScalarNode) value, path);
            if (v == null) {
                throw error(value, "'" + path + "' has no value; expected a string, number, boolean, list or map");
            }
            count(value);
        }
        Located first = out.putIfAbsent(key, new Located(v, line(value)));
        if (first != null) {
            throw error(value, "'" + path + "' is given twice in '" + where + "' (first at line " + first.line()
                    + "); expected each parameter once");
        }
    }

    private List<Object> scalarList(SequenceNode seq, String path) {
        enter(seq);
        List<Object> items = new ArrayList<>();
        String firstKind = null;
        for (Node item : seq.getValue()) {
            if (!(item instanceof ScalarNode s)) {
                throw error(item, "'" + path + "' is a list that contains " + kind(item)
                        + "; expected a list of scalars (strings, numbers or booleans)");
            }
            Object v = scalar(s, path);
            if (v == null) {
                throw error(item, "'" + path + "' has an empty list item; expected a string, number or boolean");
            }
            String k = v instanceof String ? "strings" : v instanceof Boolean ? "booleans" : "numbers";
            if (firstKind != null && !firstKind.equals(k)) {
                throw error(item, "'" + path + "' mixes " + firstKind + " and " + k + " (" + kind(item)
                        + "); expected all items of one kind");
            }
            firstKind = k;
            count(item);
            items.add(v);
        }
        exit(seq);
        return Collections.unmodifiableList(items);
    }

    private String typeString(Node value, String path) {
        if (value instanceof ScalarNode s && s.getTag().equals(Tag.STR) && !s.getValue().isBlank()) {
            return s.getValue().trim();
        }
        throw error(value, "'" + path + "' is " + kind(value) + "; expected a type string such as "
                + "joint_trajectory_controller/JointTrajectoryController");
    }

    private List<String> stringList(Node value, String path) {
        if (!(value instanceof SequenceNode seq)) {
            throw error(value, "'" + path + "' is " + kind(value) + "; expected a list of controller names");
        }
        List<String> out = new ArrayList<>();
        for (Node item : seq.getValue()) {
            if (!(item instanceof ScalarNode s) || !s.getTag().equals(Tag.STR)) {
                throw error(item, "'" + path + "' contains " + kind(item) + "; expected a list of controller names");
            }
            out.add(s.getValue());
        }
        return out;
    }

    /** A scalar as a String, Boolean, Long or Double; null for an empty value. */
    private Object scalar(ScalarNode node, String path) {
        Tag tag = node.getTag();
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

    // ---- helpers --------------------------------------------------------------------------------------------

    /** The entries of a map with string keys, in order; duplicate keys and merge keys are errors. */
    private List<Entry> entries(MappingNode map, String where) {
        List<Entry> out = new ArrayList<>();
        Map<String, Node> seen = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            Node k = t.getKeyNode();
            if (!(k instanceof ScalarNode sk)) {
                throw error(k, "a key in " + where + " is " + kind(k) + "; expected a plain name");
            }
            if (sk.getTag().equals(Tag.MERGE)) {
                throw error(k, "merge keys ('<<') are not supported (in " + where + "); expected the keys written out");
            }
            String key = sk.getValue();
            Node first = seen.putIfAbsent(key, k);
            if (first != null) {
                throw error(k, "key '" + key + "' appears twice in " + where + " (first at line " + line(first)
                        + "); expected each key once");
            }
            out.add(new Entry(key, k, t.getValueNode()));
        }
        return out;
    }

    private static boolean hasKey(MappingNode map, String key) {
        for (NodeTuple t : map.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode s && s.getValue().equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** Guards against aliases that contain themselves, which would otherwise recurse without end. */
    private void enter(Node collection) {
        if (open.put(collection, Boolean.TRUE) != null) {
            throw error(collection, "an alias refers to a map or list that contains it; expected no recursive aliases");
        }
        if (open.size() > MAX_DEPTH) {
            throw error(collection, "maps and lists are nested more than " + MAX_DEPTH + " levels deep; expected an "
                    + "ordinary controller configuration");
        }
    }

    private void exit(Node collection) {
        open.remove(collection);
    }

    private void count(Node node) {
        if (++values > MAX_VALUES) {
            throw error(node, "more than " + MAX_VALUES + " values after expanding aliases; expected a controller "
                    + "configuration of ordinary size");
        }
    }

    private DescriptionException error(Node node, String problem) {
        return new DescriptionException(source, line(node), 0, problem);
    }

    private static int line(Node node) {
        return node == null || node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1;
    }

    private static String kind(Node node) {
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

    private static String describe(Object value) {
        if (value instanceof String s) {
            return "'" + UrdfReader.shorten(s) + "'";
        }
        if (value instanceof List) {
            return "a list";
        }
        return String.valueOf(value);
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
