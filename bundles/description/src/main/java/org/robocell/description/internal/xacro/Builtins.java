package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * The names every expression sees, as xacro exposes them: Python's math module directly and as {@code math.*}
 * ({@code pi}, {@code radians()}, {@code sin()}, ...), the builtins xacro allows ({@code len}, {@code str},
 * {@code int}, {@code float}, {@code min}, {@code max}, {@code round}, ...; more under {@code python.*}), and the
 * {@code xacro.*} functions ({@code load_yaml}, {@code arg}, {@code warning}, {@code fatal}, {@code tokenize}, ...).
 */
final class Builtins {

    /** What the xacro functions need from the expansion. */
    interface Host {
        Object loadYaml(String filename);

        String absoluteFilename(String filename);

        String arg(String name);

        void warn(String message);
    }

    /** Longer than any range a description iterates over. */
    static final int MAX_RANGE = 100_000;

    private final Map<String, Object> globals = new LinkedHashMap<>();

    private static final Map<String, Object> MATH = Collections.unmodifiableMap(mathModule());

    Builtins(Host host) {
        Map<String, Object> math = MATH;
        globals.putAll(math);
        Map<String, Object> python = pythonBuiltins();
        for (String direct : List.of("list", "dict", "len", "str", "float", "int", "min", "max", "round", "sorted",
                "range")) {
            globals.put(direct, python.get(direct));
        }
        globals.put("math", new PyNamespace("math", math));
        globals.put("python", new PyNamespace("python", python));
        Map<String, Object> xacro = xacroModule(host);
        globals.put("xacro", new PyNamespace("xacro", xacro));
        globals.put("load_yaml", xacro.get("load_yaml"));
        globals.put("abs_filename", xacro.get("abs_filename"));
    }

    /** The builtin with this name, or null. */
    Object get(String name) {
        return globals.get(name);
    }

    /** Python's math module: constants and functions. */
    static Map<String, Object> math() {
        return MATH;
    }

    java.util.Set<String> names() {
        return Collections.unmodifiableSet(globals.keySet());
    }

    private static Map<String, Object> mathModule() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pi", Math.PI);
        m.put("e", Math.E);
        m.put("tau", 2 * Math.PI);
        m.put("inf", Double.POSITIVE_INFINITY);
        m.put("nan", Double.NaN);
        unary(m, "radians", Math::toRadians);
        unary(m, "degrees", Math::toDegrees);
        unary(m, "sin", Math::sin);
        unary(m, "cos", Math::cos);
        unary(m, "tan", Math::tan);
        unary(m, "asin", Math::asin);
        unary(m, "acos", Math::acos);
        unary(m, "atan", Math::atan);
        unary(m, "sinh", Math::sinh);
        unary(m, "cosh", Math::cosh);
        unary(m, "tanh", Math::tanh);
        unary(m, "exp", Math::exp);
        unary(m, "log10", Math::log10);
        unary(m, "log2", x -> Math.log(x) / Math.log(2));
        unary(m, "sqrt", x -> {
            if (x < 0) {
                throw new XacroProblem("sqrt() of " + PyValues.floatRepr(x) + "; expected a number >= 0");
            }
            return Math.sqrt(x);
        });
        unary(m, "fabs", Math::abs);
        binary(m, "atan2", Math::atan2);
        binary(m, "pow", Math::pow);
        binary(m, "hypot", Math::hypot);
        binary(m, "fmod", (a, b) -> a % b);
        binary(m, "copysign", Math::copySign);
        m.put("log", new PyFunction("log", args -> {
            PyFunction.arity("log", args, 1, 2);
            double x = PyValues.toDouble(args.get(0));
            if (x <= 0) {
                throw new XacroProblem("log() of " + PyValues.str(args.get(0)) + "; expected a number > 0");
            }
            return args.size() == 1 ? Math.log(x) : Math.log(x) / Math.log(PyValues.toDouble(args.get(1)));
        }));
        m.put("floor", new PyFunction("floor", args -> rounded("floor", args, Math::floor)));
        m.put("ceil", new PyFunction("ceil", args -> rounded("ceil", args, Math::ceil)));
        m.put("trunc", new PyFunction("trunc", args -> rounded("trunc", args, x -> x < 0 ? Math.ceil(x) : Math.floor(x))));
        m.put("isnan", new PyFunction("isnan", args -> {
            PyFunction.arity("isnan", args, 1, 1);
            return Double.isNaN(PyValues.toDouble(args.get(0)));
        }));
        m.put("isinf", new PyFunction("isinf", args -> {
            PyFunction.arity("isinf", args, 1, 1);
            return Double.isInfinite(PyValues.toDouble(args.get(0)));
        }));
        return m;
    }

    private static void unary(Map<String, Object> m, String name, DoubleUnaryOperator f) {
        m.put(name, new PyFunction(name, args -> {
            PyFunction.arity(name, args, 1, 1);
            return f.applyAsDouble(PyValues.toDouble(args.get(0)));
        }));
    }

    private static void binary(Map<String, Object> m, String name, DoubleBinaryOperator f) {
        m.put(name, new PyFunction(name, args -> {
            PyFunction.arity(name, args, 2, 2);
            return f.applyAsDouble(PyValues.toDouble(args.get(0)), PyValues.toDouble(args.get(1)));
        }));
    }

    private static Object rounded(String name, List<Object> args, DoubleUnaryOperator f) {
        PyFunction.arity(name, args, 1, 1);
        Long l = PyValues.toLong(args.get(0));
        return l != null ? l : toInteger(name, f.applyAsDouble(PyValues.toDouble(args.get(0))));
    }

    private static long toInteger(String name, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || Math.abs(d) >= 0x1p63) {
            throw new XacroProblem(name + "() of " + PyValues.floatRepr(d) + "; expected a finite number of "
                    + "ordinary size");
        }
        return (long) d;
    }

    private static Map<String, Object> pythonBuiltins() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("len", new PyFunction("len", args -> {
            PyFunction.arity("len", args, 1, 1);
            Object v = args.get(0);
            if (v instanceof String s) {
                return (long) s.length();
            }
            if (v instanceof List<?> l) {
                return (long) l.size();
            }
            if (v instanceof Map<?, ?> map) {
                return (long) map.size();
            }
            throw new XacroProblem("len() of " + PyValues.typeName(v) + "; expected a string, a list or a dictionary");
        }));
        p.put("str", new PyFunction("str", args -> {
            PyFunction.arity("str", args, 0, 1);
            return args.isEmpty() ? "" : PyValues.str(args.get(0));
        }));
        p.put("float", new PyFunction("float", args -> {
            PyFunction.arity("float", args, 0, 1);
            if (args.isEmpty()) {
                return 0.0;
            }
            // float('0.5'), float(' inf '): text as Python reads a number; bools and ints as numbers
            Object v = args.get(0) instanceof String s ? PyValues.literal(s.trim()) : args.get(0);
            if (v instanceof String || !PyValues.isNumber(v)) {
                throw new XacroProblem("float() of " + PyValues.quoted(args.get(0)) + "; expected a number");
            }
            return PyValues.toDouble(v);
        }));
        p.put("int", new PyFunction("int", args -> {
            PyFunction.arity("int", args, 0, 1);
            if (args.isEmpty()) {
                return 0L;
            }
            Object v = args.get(0);
            if (v instanceof String s) {
                Long l = PyValues.parseInteger(s.trim());
                if (l == null) {
                    throw new XacroProblem("int() of " + PyValues.quoted(s) + "; expected a whole number");
                }
                return l;
            }
            Long l = PyValues.toLong(v);
            return l != null ? l : toInteger("int", PyValues.toDouble(v));
        }));
        p.put("bool", new PyFunction("bool", args -> {
            PyFunction.arity("bool", args, 0, 1);
            return !args.isEmpty() && PyValues.truth(args.get(0));
        }));
        p.put("abs", new PyFunction("abs", args -> {
            PyFunction.arity("abs", args, 1, 1);
            Long l = PyValues.toLong(args.get(0));
            return l != null ? (Object) Math.abs(l) : (Object) Math.abs(PyValues.toDouble(args.get(0)));
        }));
        p.put("min", new PyFunction("min", args -> extreme("min", args, -1)));
        p.put("max", new PyFunction("max", args -> extreme("max", args, 1)));
        p.put("round", new PyFunction("round", args -> {
            PyFunction.arity("round", args, 1, 2);
            double x = PyValues.toDouble(args.get(0));
            if (args.size() == 1) {
                return toInteger("round", Math.rint(x));
            }
            Long digits = PyValues.toLong(args.get(1));
            if (digits == null || Math.abs(digits) > 300) {
                throw new XacroProblem("round() digits " + PyValues.quoted(args.get(1)) + "; expected a whole number");
            }
            return new java.math.BigDecimal(x).setScale(digits.intValue(), java.math.RoundingMode.HALF_EVEN)
                    .doubleValue();
        }));
        p.put("list", new PyFunction("list", args -> {
            PyFunction.arity("list", args, 0, 1);
            return args.isEmpty() ? List.of() : List.copyOf(iterate("list", args.get(0)));
        }));
        p.put("sorted", new PyFunction("sorted", args -> {
            PyFunction.arity("sorted", args, 1, 1);
            List<Object> items = new ArrayList<>(iterate("sorted", args.get(0)));
            items.sort((a, b) -> PyValues.compare(a, b, "sorted"));
            return List.copyOf(items);
        }));
        p.put("sum", new PyFunction("sum", args -> {
            PyFunction.arity("sum", args, 1, 2);
            Object total = args.size() == 2 ? args.get(1) : (Object) 0L;
            for (Object o : iterate("sum", args.get(0))) {
                total = PyOperators.binary("+", total, o);
            }
            return total;
        }));
        p.put("any", new PyFunction("any", args -> {
            PyFunction.arity("any", args, 1, 1);
            return iterate("any", args.get(0)).stream().anyMatch(PyValues::truth);
        }));
        p.put("all", new PyFunction("all", args -> {
            PyFunction.arity("all", args, 1, 1);
            return iterate("all", args.get(0)).stream().allMatch(PyValues::truth);
        }));
        p.put("range", new PyFunction("range", Builtins::range));
        p.put("dict", new PyFunction("dict", args -> {
            PyFunction.arity("dict", args, 0, 0);
            return Map.of();
        }));
        return p;
    }

    private static Object extreme(String name, List<Object> args, int sign) {
        if (args.isEmpty()) {
            PyFunction.arity(name, args, 1, Integer.MAX_VALUE);
        }
        List<?> items = args.size() == 1 ? iterate(name, args.get(0)) : args;
        if (items.isEmpty()) {
            throw new XacroProblem(name + "() of an empty list; expected at least one value");
        }
        Object best = items.get(0);
        for (Object o : items) {
            if (PyValues.compare(o, best, name) * sign > 0) {
                best = o;
            }
        }
        return best;
    }

    private static Object range(List<Object> args) {
        PyFunction.arity("range", args, 1, 3);
        long[] v = new long[args.size()];
        for (int i = 0; i < v.length; i++) {
            Long l = PyValues.toLong(args.get(i));
            if (l == null) {
                throw new XacroProblem("range() of " + PyValues.quoted(args.get(i)) + "; expected whole numbers");
            }
            v[i] = l;
        }
        long start = v.length == 1 ? 0 : v[0];
        long stop = v.length == 1 ? v[0] : v[1];
        long step = v.length == 3 ? v[2] : 1;
        if (step == 0) {
            throw new XacroProblem("range() with step 0; expected a step other than 0");
        }
        List<Object> out = new ArrayList<>();
        for (long i = start; step > 0 ? i < stop : i > stop; i += step) {
            if (out.size() >= MAX_RANGE) {
                throw new XacroProblem("range() of more than " + MAX_RANGE + " numbers; expected a shorter range");
            }
            out.add(i);
        }
        return List.copyOf(out);
    }

    static List<?> iterate(String name, Object v) {
        if (v instanceof List<?> l) {
            return l;
        }
        if (v instanceof Map<?, ?> m) {
            return List.copyOf(m.keySet());
        }
        if (v instanceof String s) {
            List<Object> chars = new ArrayList<>();
            s.codePoints().forEach(c -> chars.add(new String(Character.toChars(c))));
            return chars;
        }
        throw new XacroProblem(name + "() of " + PyValues.typeName(v) + " " + PyValues.quoted(v)
                + "; expected a list, a string or a dictionary");
    }

    private static Map<String, Object> xacroModule(Host host) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("load_yaml", new PyFunction("load_yaml", args -> {
            PyFunction.arity("load_yaml", args, 1, 1);
            return host.loadYaml(PyFunction.string("load_yaml", args.get(0)));
        }));
        x.put("abs_filename", new PyFunction("abs_filename", args -> {
            PyFunction.arity("abs_filename", args, 1, 1);
            return host.absoluteFilename(PyFunction.string("abs_filename", args.get(0)));
        }));
        x.put("arg", new PyFunction("arg", args -> {
            PyFunction.arity("arg", args, 1, 1);
            return host.arg(PyFunction.string("arg", args.get(0)));
        }));
        x.put("dotify", new PyFunction("dotify", args -> {
            PyFunction.arity("dotify", args, 1, 1);
            return args.get(0);
        }));
        for (String level : List.of("message", "warning", "error", "print_location")) {
            x.put(level, new PyFunction(level, args -> {
                if (!level.equals("message") || !args.isEmpty()) {
                    StringBuilder b = new StringBuilder();
                    for (Object a : args) {
                        b.append(b.length() > 0 ? " " : "").append(PyValues.str(a));
                    }
                    if (!level.equals("message")) {
                        host.warn(b.toString());
                    }
                }
                return "";
            }));
        }
        x.put("fatal", new PyFunction("fatal", args -> {
            StringBuilder b = new StringBuilder();
            for (Object a : args) {
                b.append(b.length() > 0 ? " " : "").append(PyValues.str(a));
            }
            throw new XacroProblem("xacro.fatal: " + b + "; expected the conditions this file checks to hold");
        }));
        x.put("tokenize", new PyFunction("tokenize", args -> {
            PyFunction.arity("tokenize", args, 1, 3);
            String s = PyFunction.string("tokenize", args.get(0));
            String separators = args.size() > 1 ? PyFunction.string("tokenize", args.get(1)) : ",; ";
            boolean skipEmpty = args.size() < 3 || PyValues.truth(args.get(2));
            List<Object> out = new ArrayList<>();
            StringBuilder item = new StringBuilder();
            for (int i = 0; i <= s.length(); i++) {
                if (i == s.length() || separators.indexOf(s.charAt(i)) >= 0) {
                    if (!skipEmpty || item.length() > 0) {
                        out.add(item.toString());
                    }
                    item.setLength(0);
                } else {
                    item.append(s.charAt(i));
                }
            }
            return List.copyOf(out);
        }));
        return x;
    }
}
