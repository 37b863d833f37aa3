package org.robocell.description.internal.xacro;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.robocell.api.text.Suggestions;
import org.robocell.description.DescriptionException;
import org.robocell.description.internal.InputFiles;
import org.robocell.description.internal.XmlDocuments;
import org.robocell.description.internal.XmlElement;

/**
 * Expands a xacro file into the plain URDF element tree, in document order as xacro (2.x, "in order") does:
 * {@code <xacro:property>}, {@code <xacro:arg>}, {@code <xacro:macro>} and their calls (also
 * {@code <xacro:call macro="...">}), {@code <xacro:include>}, {@code <xacro:if>}/{@code <xacro:unless>},
 * {@code <xacro:insert_block>}, {@code <xacro:element>}, {@code <xacro:attribute>}, and {@code ${}} / {@code $()}
 * in every attribute and text. Every element of the result keeps the file and line it was written at (in a macro
 * body, the macro's file), so the URDF checks that follow point into the right file. Problems are one
 * {@link DescriptionException} at the element where they were found; the {@link ExpansionBudget} bounds the work.
 */
public final class XacroExpander implements Builtins.Host {

    private static final System.Logger LOG = System.getLogger("org.robocell.description.xacro");

    /** Elements inside elements, counting macro bodies and included files: far above real files, safe for the stack. */
    static final int MAX_NESTING = 400;
    /** The expanded document's depth; the URDF reader's own bound on parsed files. */
    static final int MAX_OUTPUT_DEPTH = 64;

    private final ExpansionBudget budget = new ExpansionBudget();
    private final PackagePath packages;
    private final Substitutions substitutions;
    private final TextEvaluator text;
    private final Deque<Path> files = new ArrayDeque<>();
    private final Map<Path, XmlElement> parsedFiles = new HashMap<>();
    private final Map<Path, Object> yamlFiles = new HashMap<>();
    private int nesting;
    private int macroDepth;

    /** The content an element collects while it is expanded: elements and text, and attributes set from inside. */
    private static final class Output {
        final List<Object> content = new ArrayList<>();
        final Map<String, String> attributes = new LinkedHashMap<>();
    }

    private XacroExpander(Map<String, String> args, List<Path> packagePath, Function<String, String> environment) {
        this.packages = new PackagePath(packagePath);
        this.substitutions = new Substitutions(new LinkedHashMap<>(args), packages, environment, files::peek, budget);
        this.text = new TextEvaluator(new Builtins(this), substitutions, budget);
    }

    /**
     * Expands {@code file}.
     *
     * @param args        xacro args by name, as {@code name:=value} on xacro's command line
     * @param packagePath directories searched for the packages {@code $(find)} and {@code package://} name
     * @param environment {@code $(env)}'s variables
     * @return the root element of the expanded document
     */
    public static XmlElement expand(Path file, Map<String, String> args, List<Path> packagePath,
            Function<String, String> environment) {
        XacroExpander x = new XacroExpander(args, packagePath, environment);
        XmlElement root = x.parse(file, file.toString());
        if (root.name().startsWith("xacro:")) {
            throw root.error("the root element is <" + root.name() + ">; expected <robot name=\"...\"> with the xacro "
                    + "elements inside it");
        }
        x.files.push(file);
        Output top = new Output();
        x.element(root, top, new Scope(null), new MacroTable(null));
        XmlElement expanded = (XmlElement) top.content.get(0);
        checkDepth(expanded);
        return expanded;
    }

    private XmlElement parse(Path file, String source) {
        XmlElement cached = parsedFiles.get(file);
        if (cached != null) {
            return cached;
        }
        if (parsedFiles.size() + yamlFiles.size() >= ExpansionBudget.MAX_FILES) {
            throw new XacroProblem("more than " + ExpansionBudget.MAX_FILES + " files are included; expected a "
                    + "description of ordinary size");
        }
        XmlElement root = XmlDocuments.read(InputFiles.read(file, source, InputFiles.MAX_URDF_BYTES), source,
                "a xacro file with a <robot> element");
        parsedFiles.put(file, root);
        return root;
    }

    private void content(XmlElement source, Output out, Scope scope, MacroTable macros) {
        for (Object item : source.content()) {
            if (item instanceof XmlElement e) {
                element(e, out, scope, macros);
            } else {
                String s = text.evaluateToString((String) item, scope);
                budget.characters(s.length());
                out.content.add(s);
            }
        }
    }

    private void element(XmlElement e, Output out, Scope scope, MacroTable macros) {
        budget.step();
        if (nesting >= MAX_NESTING) {
            throw e.error("elements, macro calls and includes are nested more than " + MAX_NESTING + " levels deep "
                    + "(a macro or a file that includes itself?); expected a description of ordinary depth");
        }
        nesting++;
        try {
            String name = e.name();
            if (!name.startsWith("xacro:")) {
                plain(e, name, e.attributes(), out, scope, macros);
                return;
            }
            switch (name) {
                case "xacro:property" -> property(e, scope, macros);
                case "xacro:arg" -> substitutions.declare(required(e, "name"),
                        text.evaluateToString(required(e, "default", ""), scope));
                case "xacro:macro" -> defineMacro(e, scope, macros);
                case "xacro:include" -> include(e, out, scope, macros);
                case "xacro:if", "xacro:unless" -> {
                    String written = required(e, "value");
                    boolean keep = PyValues.condition(text.evaluate(written, scope), written) == name.equals("xacro:if");
                    if (keep) {
                        content(e, out, scope, macros);
                    }
                }
                case "xacro:insert_block" -> insertBlock(e, out, scope, macros);
                case "xacro:element" -> {
                    String elementName = text.evaluateToString(required(e, "xacro:name"), scope).strip();
                    if (elementName.isEmpty() || elementName.startsWith("xacro:")) {
                        throw new XacroProblem("<xacro:element> names the element '" + elementName + "'; expected "
                                + "a plain element name");
                    }
                    Map<String, String> attributes = new LinkedHashMap<>(e.attributes());
                    attributes.remove("xacro:name");
                    plain(e, elementName, attributes, out, scope, macros);
                }
                case "xacro:attribute" -> {
                    String attributeName = text.evaluateToString(required(e, "name"), scope).strip();
                    if (attributeName.isEmpty()) {
                        throw new XacroProblem("<xacro:attribute> has an empty name; expected name=\"...\"");
                    }
                    String value = text.evaluateToString(required(e, "value", ""), scope);
                    budget.characters(attributeName.length() + value.length());
                    out.attributes.put(attributeName, value);
                }
                case "xacro:call" -> {
                    String macroName = text.evaluateToString(required(e, "macro"), scope).strip();
                    Map<String, String> attributes = new LinkedHashMap<>(e.attributes());
                    attributes.remove("macro");
                    call(e, macroName, attributes, out, scope, macros);
                }
                default -> call(e, name.substring("xacro:".length()), e.attributes(), out, scope, macros);
            }
        } catch (XacroProblem p) {
            throw e.error(p.getMessage());
        } finally {
            nesting--;
        }
    }

    /** An element of the URDF itself: attributes and content evaluated. */
    private void plain(XmlElement e, String name, Map<String, String> written, Output out, Scope scope,
            MacroTable macros) {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Map.Entry<String, String> a : written.entrySet()) {
            String key = a.getKey();
            if (key.startsWith("xacro:") || key.equals("xmlns:xacro")) {
                continue;
            }
            String value = text.evaluateToString(a.getValue(), scope);
            budget.characters(key.length() + value.length());
            attributes.put(key, value);
        }
        Output inner = new Output();
        content(e, inner, scope, macros);
        attributes.putAll(inner.attributes);
        budget.element(name);
        XmlElement result = new XmlElement(e.source(), name, e.line(), attributes);
        for (Object item : inner.content) {
            if (item instanceof XmlElement child) {
                result.addChild(child);
            } else {
                result.appendText((String) item);
            }
        }
        out.content.add(result);
    }

    private void property(XmlElement e, Scope scope, MacroTable macros) {
        String name = text.evaluateToString(required(e, "name"), scope).strip();
        if (!XacroNames.isIdentifier(name)) {
            throw new XacroProblem("the property name '" + name + "' is not a Python identifier; expected letters, "
                    + "digits and _ (not starting with a digit or __, not a keyword)");
        }
        String value = e.attribute("value");
        String fallback = e.attribute("default");
        String removeText = e.attribute("remove");
        boolean remove = removeText != null && PyValues.condition(text.evaluate(removeText, scope), removeText);
        if ((value != null ? 1 : 0) + (fallback != null ? 1 : 0) + (remove ? 1 : 0) > 1) {
            throw new XacroProblem("the property '" + name + "' has more than one of value, default and remove; "
                    + "expected one of them");
        }
        if (remove) {
            scope.remove(name);
            return;
        }
        if (fallback != null) {
            if (scope.contains(name)) {
                return;
            }
            value = fallback;
        }
        String lazyText = e.attribute("lazy_eval");
        boolean lazy = lazyText == null || PyValues.condition(text.evaluate(lazyText, scope), lazyText);
        String where = e.attribute("scope");
        Scope target = scope;
        if ("global".equals(where)) {
            target = scope.top();
            lazy = false;
        } else if ("parent".equals(where)) {
            if (scope.parent() == null) {
                LOG.log(System.Logger.Level.WARNING, e.source() + ":" + e.line() + ": the property '" + name
                        + "' is set in the parent scope, but this is the file level: ignored");
                return;
            }
            target = scope.parent();
            lazy = false;
        } else if (where != null) {
            throw new XacroProblem("the property '" + name + "' has scope=\"" + where + "\"; expected scope=\"parent\" "
                    + "or scope=\"global\" (or none, for the current scope)");
        }
        if (value == null) {
            target.define("**" + name, Block.property(e), false); // a block property: its content
            return;
        }
        target.define(name, lazy ? value : text.evaluate(value, scope), lazy);
    }

    private void defineMacro(XmlElement e, Scope scope, MacroTable macros) {
        String name = required(e, "name").strip();
        if (name.isEmpty() || name.equals("call") || name.contains(".") || name.startsWith("xacro:")) {
            throw new XacroProblem("the macro name '" + name + "' is not allowed; expected a name without '.' and "
                    + "'xacro:', other than 'call'");
        }
        macros.define(Macro.define(name, e.attribute("params"), e));
    }

    private void include(XmlElement e, Output out, Scope scope, MacroTable macros) {
        if (e.attribute("ns") != null) {
            throw new XacroProblem("<xacro:include ns=\"...\"> (macros in a namespace) is not supported; expected "
                    + "an include without ns");
        }
        String written = required(e, "filename");
        String name = text.evaluateToString(written, scope).strip();
        Path current = files.peek();
        Path file = packages.file(name, current == null ? null : current.toAbsolutePath().getParent()).normalize();
        if (!Files.isRegularFile(file)) {
            String optional = e.attribute("optional");
            if (optional != null && PyValues.condition(text.evaluate(optional, scope), optional)) {
                return;
            }
            throw new XacroProblem("the included file " + file + " does not exist; expected an existing file "
                    + "(a relative name is read from the including file's folder, $(find pkg) from the package path)");
        }
        if (files.size() >= ExpansionBudget.MAX_INCLUDE_DEPTH) {
            throw new XacroProblem("files include each other more than " + ExpansionBudget.MAX_INCLUDE_DEPTH
                    + " deep (a file that includes itself?); expected includes of ordinary depth");
        }
        XmlElement root = parse(file, file.toString());
        files.push(file);
        try {
            content(root, out, scope, macros);
        } finally {
            files.pop();
        }
    }

    private void insertBlock(XmlElement e, Output out, Scope scope, MacroTable macros) {
        String name = text.evaluateToString(required(e, "name"), scope).strip();
        Object many = scope.get("**" + name, text);
        Object one = many == null ? scope.get("*" + name, text) : null;
        if (!(many instanceof Block) && !(one instanceof Block)) {
            throw new XacroProblem("there is no block '" + name + "' here"
                    + Suggestions.didYouMean(name, blockNames(scope)) + "; expected a macro parameter *" + name
                    + " or **" + name + ", or a property " + name + " with content");
        }
        Block block = (Block) (many != null ? many : one);
        if (!block.expanded()) {
            content(block.element(), out, scope, macros);
            return;
        }
        budget.inserted(block.elements(), block.characters());
        if (many != null) {
            out.content.addAll(block.element().content());
        } else {
            out.content.add(block.element());
        }
    }

    private static List<String> blockNames(Scope scope) {
        List<String> out = new ArrayList<>();
        for (String n : scope.blockNames()) {
            out.add(n.replace("*", ""));
        }
        return out;
    }

    private void call(XmlElement node, String name, Map<String, String> attributes, Output out, Scope scope,
            MacroTable macros) {
        Macro m = macros.find(name);
        if (m == null) {
            throw new XacroProblem("<xacro:" + name + "> calls the macro '" + name + "', which is not defined"
                    + Suggestions.didYouMean(name, macros.names()) + "; expected a macro defined (or included) before "
                    + "its call, or one of xacro's elements: property, arg, macro, include, if, unless, insert_block, "
                    + "element, attribute, call");
        }
        if (macroDepth >= ExpansionBudget.MAX_MACRO_DEPTH) {
            throw new XacroProblem("macros call macros more than " + ExpansionBudget.MAX_MACRO_DEPTH + " deep (does '"
                    + name + "' call itself without end?); expected macro calls of ordinary depth");
        }
        Scope local = new Scope(scope);
        List<String> remaining = new ArrayList<>(m.params());
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            if (!remaining.remove(a.getKey())) {
                List<String> plainParams = m.params().stream().filter(p -> !p.startsWith("*")).toList();
                throw new XacroProblem("macro '" + name + "' has no parameter '" + a.getKey() + "'"
                        + (m.params().contains(a.getKey()) ? " left (it is given twice)" : "")
                        + Suggestions.didYouMean(a.getKey(), plainParams) + "; expected "
                        + (plainParams.isEmpty() ? "no parameters" : "its parameters " + Suggestions.list(plainParams)));
            }
            local.define(a.getKey(), text.evaluate(a.getValue(), scope), false);
        }
        Output blocks = new Output();
        content(node, blocks, scope, macros);
        List<XmlElement> given = new ArrayList<>();
        for (Object item : blocks.content) {
            if (item instanceof XmlElement b) {
                given.add(b);
            }
        }
        int next = 0;
        for (String p : List.copyOf(remaining)) {
            if (p.startsWith("*")) {
                if (next >= given.size()) {
                    throw new XacroProblem("macro '" + name + "' takes the block " + p + " but the call has "
                            + given.size() + " element" + (given.size() == 1 ? "" : "s") + " inside; expected one "
                            + "element inside the call for each block parameter");
                }
                local.define(p, Block.expanded(given.get(next++)), false);
                remaining.remove(p);
            }
        }
        if (next < given.size()) {
            throw new XacroProblem("the call of macro '" + name + "' has the element <" + given.get(next).name()
                    + "> inside, which no block parameter takes; expected " + next + " element"
                    + (next == 1 ? "" : "s") + " inside the call");
        }
        for (String p : List.copyOf(remaining)) {
            Macro.Default d = m.defaults().get(p);
            if (d == null) {
                continue;
            }
            Object value;
            if (d.forward() && scope.contains(p)) {
                value = scope.get(p, text);
            } else if (d.value() != null) {
                value = text.evaluate(d.value(), scope);
            } else {
                throw new XacroProblem("macro '" + name + "' takes " + p + " from its caller (" + p + ":=^), but the "
                        + "caller has no property '" + p + "'; expected " + p + "=\"...\" in the call, or a property "
                        + p + " where it is called");
            }
            local.define(p, value, false);
            remaining.remove(p);
        }
        if (!remaining.isEmpty()) {
            throw new XacroProblem("the call of macro '" + name + "' leaves the parameter"
                    + (remaining.size() == 1 ? " " : "s ") + String.join(", ", remaining) + " without a value; expected "
                    + "<xacro:" + name + " " + remaining.get(0) + "=\"...\" ...>");
        }
        macroDepth++;
        try {
            content(m.body(), out, local, new MacroTable(macros));
        } finally {
            macroDepth--;
        }
    }

    private static String required(XmlElement e, String attribute) {
        String v = e.attribute(attribute);
        if (v == null) {
            throw new XacroProblem("<" + e.name() + "> has no " + attribute + " attribute; expected <" + e.name()
                    + " " + attribute + "=\"...\">");
        }
        return v;
    }

    private static String required(XmlElement e, String attribute, String example) {
        String v = e.attribute(attribute);
        if (v == null) {
            throw new XacroProblem("<" + e.name() + "> has no " + attribute + " attribute; expected <" + e.name()
                    + " " + attribute + "=\"" + example + "\"> (an empty value is allowed)");
        }
        return v;
    }

    private static void checkDepth(XmlElement root) {
        Deque<XmlElement> elements = new ArrayDeque<>(List.of(root));
        Deque<Integer> depths = new ArrayDeque<>(List.of(1));
        while (!elements.isEmpty()) {
            XmlElement e = elements.pop();
            int depth = depths.pop();
            if (depth > MAX_OUTPUT_DEPTH) {
                throw e.error("after expansion, elements are nested more than " + MAX_OUTPUT_DEPTH
                        + " levels deep; expected a URDF of ordinary depth");
            }
            for (XmlElement c : e.children()) {
                elements.push(c);
                depths.push(depth + 1);
            }
        }
    }

    @Override
    public Object loadYaml(String filename) {
        Path current = files.peek();
        Path file = packages.file(filename, current == null ? null : current.toAbsolutePath().getParent()).normalize();
        Object cached = yamlFiles.get(file);
        if (cached != null) {
            return cached;
        }
        if (!Files.isRegularFile(file)) {
            throw new XacroProblem("load_yaml: the file " + file + " does not exist; expected an existing YAML file");
        }
        if (parsedFiles.size() + yamlFiles.size() >= ExpansionBudget.MAX_FILES) {
            throw new XacroProblem("more than " + ExpansionBudget.MAX_FILES + " files are read; expected a "
                    + "description of ordinary size");
        }
        Object loaded = YamlFiles.load(file);
        yamlFiles.put(file, loaded);
        return loaded;
    }

    @Override
    public String absoluteFilename(String filename) {
        Path current = files.peek();
        return packages.file(filename, current == null ? null : current.toAbsolutePath().getParent()).toString();
    }

    @Override
    public String arg(String name) {
        return substitutions.arg(name);
    }

    @Override
    public void warn(String message) {
        Path current = files.peek();
        LOG.log(System.Logger.Level.WARNING, (current == null ? "" : current + ": ") + "xacro: " + message);
    }
}
