package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The methods of strings and dictionaries xacro files call: {@code xyz.split(' ')[0]}, {@code d.get('k', 0)}. */
final class StringMethods {

    private static final List<String> STRING_METHODS = List.of("split", "strip", "lstrip", "rstrip", "lower",
            "upper", "replace", "startswith", "endswith", "join", "find", "count");

    private StringMethods() {
    }

    static PyFunction method(String s, String name) {
        PyFunction.Body body = switch (name) {
            case "split" -> args -> split(s, args);
            case "strip" -> args -> noArgs(name, args, s.strip());
            case "lstrip" -> args -> noArgs(name, args, s.stripLeading());
            case "rstrip" -> args -> noArgs(name, args, s.stripTrailing());
            case "lower" -> args -> noArgs(name, args, s.toLowerCase(java.util.Locale.ROOT));
            case "upper" -> args -> noArgs(name, args, s.toUpperCase(java.util.Locale.ROOT));
            case "replace" -> args -> {
                PyFunction.arity(name, args, 2, 2);
                String replaced = s.replace(PyFunction.string(name, args.get(0)), PyFunction.string(name, args.get(1)));
                PyValues.checkLength(replaced.length());
                return replaced;
            };
            case "startswith" -> args -> {
                PyFunction.arity(name, args, 1, 1);
                return s.startsWith(PyFunction.string(name, args.get(0)));
            };
            case "endswith" -> args -> {
                PyFunction.arity(name, args, 1, 1);
                return s.endsWith(PyFunction.string(name, args.get(0)));
            };
            case "find" -> args -> {
                PyFunction.arity(name, args, 1, 1);
                return (long) s.indexOf(PyFunction.string(name, args.get(0)));
            };
            case "count" -> args -> {
                PyFunction.arity(name, args, 1, 1);
                String part = PyFunction.string(name, args.get(0));
                if (part.isEmpty()) {
                    return (long) s.length() + 1;
                }
                long n = 0;
                for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
                    n++;
                }
                return n;
            };
            case "join" -> args -> {
                PyFunction.arity(name, args, 1, 1);
                return join(s, Builtins.iterate(name, args.get(0)));
            };
            default -> null;
        };
        if (body == null) {
            throw new XacroProblem("a string has no method '" + name + "'"
                    + org.robocell.api.text.Suggestions.didYouMean(name, STRING_METHODS) + "; expected one of "
                    + String.join(", ", STRING_METHODS));
        }
        return new PyFunction(name, body);
    }

    private static String join(String separator, List<?> items) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(separator);
            }
            b.append(PyFunction.string("join", items.get(i)));
            PyValues.checkLength(b.length());
        }
        return b.toString();
    }

    private static Object noArgs(String name, List<Object> args, Object result) {
        PyFunction.arity(name, args, 0, 0);
        return result;
    }

    /** Python's split: on runs of whitespace without a separator, on each separator otherwise. */
    private static Object split(String s, List<Object> args) {
        PyFunction.arity("split", args, 0, 1);
        List<Object> parts = new ArrayList<>();
        if (args.isEmpty() || args.get(0) == PyNone.NONE) {
            for (String p : s.strip().split("\\s+")) {
                if (!p.isEmpty()) {
                    parts.add(p);
                }
            }
            return List.copyOf(parts);
        }
        String separator = PyFunction.string("split", args.get(0));
        if (separator.isEmpty()) {
            throw new XacroProblem("split('') with an empty separator; expected split() or split(' ')");
        }
        int from = 0;
        for (int i = s.indexOf(separator); i >= 0; i = s.indexOf(separator, from)) {
            parts.add(s.substring(from, i));
            from = i + separator.length();
        }
        parts.add(s.substring(from));
        return List.copyOf(parts);
    }

    /** {@code get}, {@code keys}, {@code values}, {@code items} of a YAML dictionary, or null. */
    static PyFunction dictionaryMethod(Map<?, ?> map, String name) {
        return switch (name) {
            case "get" -> new PyFunction(name, args -> {
                PyFunction.arity(name, args, 1, 2);
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (PyValues.equal(e.getKey(), args.get(0))) {
                        return e.getValue();
                    }
                }
                return args.size() == 2 ? args.get(1) : PyNone.NONE;
            });
            case "keys" -> new PyFunction(name, args -> noArgs(name, args, List.copyOf(map.keySet())));
            case "values" -> new PyFunction(name, args -> noArgs(name, args, List.copyOf(map.values())));
            case "items" -> new PyFunction(name, args -> {
                PyFunction.arity(name, args, 0, 0);
                List<Object> items = new ArrayList<>();
                map.forEach((k, v) -> items.add(List.of(k, v)));
                return List.copyOf(items);
            });
            default -> null;
        };
    }
}
