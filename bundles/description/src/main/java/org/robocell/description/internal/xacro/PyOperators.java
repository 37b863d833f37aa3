package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Python's arithmetic, membership and indexing on xacro values: int arithmetic stays int (exact; an overflow is an
 * error instead of a silent wrap), {@code /} is true division, {@code //} and {@code %} floor as Python's do, bools
 * count as 0 and 1, {@code +} also joins two strings or two lists.
 */
final class PyOperators {

    private PyOperators() {
    }

    static Object binary(String op, Object a, Object b) {
        if (op.equals("+") && a instanceof String x && b instanceof String y) {
            PyValues.checkLength(x.length() + y.length());
            return x + y;
        }
        if (op.equals("+") && a instanceof List<?> x && b instanceof List<?> y) {
            PyValues.checkLength(x.size() + y.size());
            List<Object> joined = new ArrayList<>(x);
            joined.addAll(y);
            return List.copyOf(joined);
        }
        if (!PyValues.isNumber(a) || !PyValues.isNumber(b)) {
            throw new XacroProblem("'" + op + "' cannot combine " + PyValues.typeName(a) + " " + PyValues.quoted(a)
                    + " and " + PyValues.typeName(b) + " " + PyValues.quoted(b)
                    + "; expected two numbers" + (op.equals("+") ? " or two strings" : ""));
        }
        Long la = PyValues.toLong(a);
        Long lb = PyValues.toLong(b);
        try {
            if (la != null && lb != null) {
                return integer(op, la, lb);
            }
        } catch (ArithmeticException overflow) {
            throw new XacroProblem("the integer result of " + la + " " + op + " " + lb + " is too large; expected "
                    + "numbers between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
        }
        return real(op, PyValues.toDouble(a), PyValues.toDouble(b));
    }

    private static Object integer(String op, long a, long b) {
        switch (op) {
            case "+":
                return Math.addExact(a, b);
            case "-":
                return Math.subtractExact(a, b);
            case "*":
                return Math.multiplyExact(a, b);
            case "/":
                return real(op, a, b);
            case "//":
                zeroDivisor(b);
                return Math.floorDiv(a, b);
            case "%":
                zeroDivisor(b);
                return Math.floorMod(a, b);
            case "**":
                if (b < 0) {
                    return real(op, a, b);
                }
                long result = 1;
                long base = a;
                long e = b;
                while (e > 0) { // square and multiply: an exponent in the billions costs 64 steps, not billions
                    if ((e & 1) == 1) {
                        result = Math.multiplyExact(result, base);
                    }
                    e >>= 1;
                    if (e > 0) {
                        base = Math.multiplyExact(base, base);
                    }
                }
                return result;
            default:
                throw new IllegalArgumentException(op);
        }
    }

    private static Object real(String op, double a, double b) {
        switch (op) {
            case "+":
                return a + b;
            case "-":
                return a - b;
            case "*":
                return a * b;
            case "/":
                zeroDivisor(b);
                return a / b;
            case "//":
                zeroDivisor(b);
                return Math.floor(a / b);
            case "%":
                zeroDivisor(b);
                double r = a % b;
                return r != 0 && (r < 0) != (b < 0) ? r + b : r;
            case "**":
                if (a == 0 && b < 0) {
                    zeroDivisor(0);
                }
                return Math.pow(a, b);
            default:
                throw new IllegalArgumentException(op);
        }
    }

    private static void zeroDivisor(double b) {
        if (b == 0) {
            throw new XacroProblem("division by zero; expected a divisor other than 0");
        }
    }

    static Object negate(Object v) {
        Long l = PyValues.toLong(v);
        if (l != null) {
            if (l == Long.MIN_VALUE) {
                throw new XacroProblem("-(" + l + ") is too large; expected numbers between " + Long.MIN_VALUE
                        + " and " + Long.MAX_VALUE);
            }
            return -l;
        }
        return -PyValues.toDouble(v);
    }

    static boolean contains(Object container, Object item) {
        if (container instanceof String s) {
            if (!(item instanceof String i)) {
                throw new XacroProblem("'in <string>' needs a string on its left, not " + PyValues.typeName(item)
                        + " " + PyValues.quoted(item) + "; expected 'text' in other_text");
            }
            return s.contains(i);
        }
        if (container instanceof List<?> list) {
            for (Object o : list) {
                if (PyValues.equal(o, item)) {
                    return true;
                }
            }
            return false;
        }
        if (container instanceof Map<?, ?> map) {
            return map.keySet().stream().anyMatch(k -> PyValues.equal(k, item));
        }
        throw new XacroProblem("'in' cannot look into " + PyValues.typeName(container) + " "
                + PyValues.quoted(container) + "; expected a string, a list or a dictionary on its right");
    }

    static Object index(Object target, Object index) {
        if (target instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (PyValues.equal(e.getKey(), index)) {
                    return e.getValue();
                }
            }
            throw new XacroProblem("the dictionary has no key " + PyValues.quoted(index)
                    + (index instanceof String s ? didYouMean(s, map) : "") + keys(map) + "; expected one of its keys");
        }
        Long i = PyValues.toLong(index);
        if (i == null || index instanceof Boolean) {
            throw new XacroProblem("the index " + PyValues.quoted(index) + " is " + PyValues.typeName(index)
                    + "; expected a whole number");
        }
        int size;
        if (target instanceof List<?> list) {
            size = list.size();
        } else if (target instanceof String s) {
            size = s.length();
        } else {
            throw new XacroProblem(PyValues.typeName(target) + " " + PyValues.quoted(target)
                    + " cannot be indexed; expected a list, a string or a dictionary");
        }
        long at = i < 0 ? i + size : i;
        if (at < 0 || at >= size) {
            throw new XacroProblem("the index " + i + " is out of range for " + PyValues.typeName(target)
                    + " of length " + size + "; expected an index from " + -size + " to " + (size - 1));
        }
        return target instanceof List<?> list ? list.get((int) at) : String.valueOf(((String) target).charAt((int) at));
    }

    /** Attribute access: a YAML dictionary's key ({@code limits.lower}). */
    static Object attribute(Object target, String name) {
        if (target instanceof Map<?, ?> map) {
            if (map.containsKey(name)) {
                return map.get(name);
            }
            throw new XacroProblem("the dictionary has no key '" + name + "'" + didYouMean(name, map) + keys(map)
                    + "; expected one of its keys");
        }
        throw new XacroProblem(PyValues.typeName(target) + " " + PyValues.quoted(target) + " has no attribute '"
                + name + "'; expected a dictionary (from xacro.load_yaml) or a namespace such as math");
    }

    private static String didYouMean(String key, Map<?, ?> map) {
        List<String> names = new ArrayList<>();
        for (Object k : map.keySet()) {
            names.add(PyValues.str(k));
        }
        return org.robocell.api.text.Suggestions.didYouMean(key, names);
    }

    private static String keys(Map<?, ?> map) {
        List<String> names = new ArrayList<>();
        for (Object k : map.keySet()) {
            names.add(PyValues.str(k));
        }
        return " (it has " + (names.isEmpty() ? "none" : org.robocell.api.text.Suggestions.list(names)) + ")";
    }
}
