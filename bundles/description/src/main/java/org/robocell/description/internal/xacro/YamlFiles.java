package org.robocell.description.internal.xacro;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.description.DescriptionException;
import org.robocell.description.internal.InputFiles;
import org.robocell.description.internal.Utf8Text;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * {@code xacro.load_yaml(file)}: a YAML file as the values expressions index ({@code config[name]['limit']}) and
 * dot into ({@code limits.lower}), read as PyYAML's safe loader reads it (YAML 1.1 scalars; a repeated key keeps
 * the last value), with the same bounds as controller files: the file's size, aliases, nesting.
 */
final class YamlFiles {

    /** Deeper than any YAML a description loads; a bound keeps a self-referencing alias from recursing forever. */
    static final int MAX_DEPTH = 64;

    private YamlFiles() {
    }

    static Object load(Path file) {
        String source = file.toString();
        String text = Utf8Text.decodeUtf8(InputFiles.read(file, source, InputFiles.MAX_YAML_BYTES), source);
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(50);
        options.setAllowRecursiveKeys(false);
        options.setAllowDuplicateKeys(true);
        options.setCodePointLimit(InputFiles.MAX_YAML_BYTES);
        options.setNestingDepthLimit(MAX_DEPTH);
        Object loaded;
        try {
            loaded = new Yaml(new SafeConstructor(options)).load(text);
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark();
            throw new DescriptionException(source, mark == null ? 0 : mark.getLine() + 1,
                    mark == null ? 0 : mark.getColumn() + 1, "cannot read the YAML: " + e.getProblem()
                    + "; expected a YAML file of maps, lists and scalars", e);
        } catch (YAMLException | IllegalArgumentException | IllegalStateException e) {
            throw new DescriptionException(source, 0, 0, "cannot read the YAML: " + e.getMessage()
                    + "; expected a YAML file of maps, lists and scalars", e);
        }
        try {
            return convert(loaded, 0, new IdentityHashMap<>());
        } catch (XacroProblem p) {
            throw new DescriptionException(source, 0, 0, p.getMessage(), p);
        }
    }

    /** Converts to xacro's values; a map or list reached through several aliases is converted once and shared. */
    private static Object convert(Object v, int depth, Map<Object, Object> done) {
        if (depth > MAX_DEPTH) {
            throw new XacroProblem("the YAML nests more than " + MAX_DEPTH + " levels deep (an alias of itself?); "
                    + "expected maps and lists of ordinary depth");
        }
        if (v == null) {
            return PyNone.NONE;
        }
        if ((v instanceof Map<?, ?> || v instanceof List<?>) && done.containsKey(v)) {
            return done.get(v);
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.put(convert(e.getKey(), depth + 1, done), convert(e.getValue(), depth + 1, done));
            }
            Object converted = Collections.unmodifiableMap(out);
            done.put(v, converted);
            return converted;
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(convert(o, depth + 1, done));
            }
            Object converted = Collections.unmodifiableList(out);
            done.put(v, converted);
            return converted;
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof BigInteger b) {
            if (b.bitLength() >= 64) {
                throw new XacroProblem("the YAML integer " + b + " is too large; expected numbers between "
                        + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
            }
            return b.longValue();
        }
        if (v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof byte[] bytes) {
            return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        return String.valueOf(v); // timestamps and sets: their text
    }
}
