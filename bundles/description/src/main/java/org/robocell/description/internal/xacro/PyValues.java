package org.robocell.description.internal.xacro;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.robocell.description.internal.XmlElement;

/**
 * Python's rules for the values xacro expressions compute with: {@code Long} (int), {@code Double} (float),
 * {@code Boolean}, {@code String}, {@link PyNone}, {@code List} (list, tuple) and {@code Map} (a YAML dictionary):
 * truth, {@code str()}, {@code ==}, ordering and arithmetic, and xacro's reading of a property's text as a number or
 * a boolean.
 */
final class PyValues {

    /** Longer than any text a description computes; a bound keeps repeated doubling from exhausting memory. */
    static final int MAX_STRING = 1 << 20;

    private static final Pattern INTEGER = Pattern.compile("\\s*[+-]?\\d+\\s*");
    private static final Pattern FLOAT = Pattern.compile(
            "\\s*[+-]?((\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|inf|infinity|nan)\\s*", Pattern.CASE_INSENSITIVE);

    private PyValues() {
    }

    static Long parseInteger(String digits) {
        try {
            return Long.parseLong(digits.trim().startsWith("+") ? digits.trim().substring(1) : digits.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * xacro's reading of a property or parameter value ({@code Table._eval_literal}): {@code 'quoted'} text without
     * its quotes, then an int, a float, {@code true}/{@code false}; anything else (and any text with {@code _}) stays
     * text. Values that are not text are kept.
     */
    static Object literal(Object value) {
        if (!(value instanceof String s)) {
            return value;
        }
        if (s.length() >= 2 && s.charAt(0) == '\'' && s.charAt(s.length() - 1) == '\'') {
            return s.substring(1, s.length() - 1);
        }
        if (s.indexOf('_') >= 0 || s.length() > 64) {
            return s;
        }
        if (INTEGER.matcher(s).matches()) {
            Long l = parseInteger(s);
            if (l != null) {
                return l;
            }
        }
        if (FLOAT.matcher(s).matches()) {
            String t = s.trim().toLowerCase(java.util.Locale.ROOT);
            String unsigned = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
            double sign = t.startsWith("-") ? -1 : 1;
            if (unsigned.startsWith("inf")) {
                return sign * Double.POSITIVE_INFINITY;
            }
            if (unsigned.equals("nan")) {
                return Double.NaN;
            }
            return Double.parseDouble(t);
        }
        if (s.equals("true") || s.equals("True")) {
            return Boolean.TRUE;
        }
        if (s.equals("false") || s.equals("False")) {
            return Boolean.FALSE;
        }
        return s;
    }

    /** xacro's condition rule ({@code get_boolean_value}): true/false/True/False, a whole number, or a value's truth. */
    static boolean condition(Object value, String written) {
        if (value instanceof String s) {
            if (s.equals("true") || s.equals("True")) {
                return true;
            }
            if (s.equals("false") || s.equals("False")) {
                return false;
            }
            if (INTEGER.matcher(s).matches() && parseInteger(s) != null) {
                return parseInteger(s) != 0;
            }
            throw new XacroProblem("the condition \"" + written + "\" is '" + s + "', which is not a boolean; "
                    + "expected true, false, 1, 0 or an expression such as ${a == 'b'}");
        }
        return truth(value);
    }

    static boolean truth(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Long l) {
            return l != 0;
        }
        if (v instanceof Double d) {
            return d != 0.0;
        }
        if (v instanceof String s) {
            return !s.isEmpty();
        }
        if (v instanceof List<?> l) {
            return !l.isEmpty();
        }
        if (v instanceof Map<?, ?> m) {
            return !m.isEmpty();
        }
        return v != PyNone.NONE && v != null;
    }

    /** Python's {@code str(v)}. */
    static String str(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (v instanceof Double d) {
            return floatRepr(d);
        }
        if (v instanceof List<?> || v instanceof Map<?, ?>) {
            return repr(v);
        }
        if (v instanceof XmlElement e) {
            return "<" + e.name() + "> block";
        }
        return String.valueOf(v);
    }

    /** Python's {@code repr(v)}, as a list shows its items. */
    static String repr(Object v) {
        if (v instanceof String s) {
            return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
        }
        StringBuilder b = new StringBuilder();
        if (v instanceof List<?> list) {
            b.append('[');
            for (int i = 0; i < list.size(); i++) {
                b.append(i > 0 ? ", " : "").append(repr(list.get(i)));
                checkLength(b.length());
            }
            return b.append(']').toString();
        }
        if (v instanceof Map<?, ?> map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                b.append(first ? "" : ", ").append(repr(e.getKey())).append(": ").append(repr(e.getValue()));
                first = false;
                checkLength(b.length());
            }
            return b.append('}').toString();
        }
        return str(v);
    }

    static void checkLength(int length) {
        if (length > MAX_STRING) {
            throw new XacroProblem("a text grows beyond " + MAX_STRING + " characters; expected values of ordinary size");
        }
    }

    /** Python's shortest round-trip repr of a float: 0.5, 1.0, 1e-05, 1e+16, inf, nan. */
    static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
        String digits = exact.unscaledValue().toString();
        int exponent = digits.length() - 1 - exact.scale(); // d = digits[0].digits[1..] * 10^exponent
        StringBuilder b = new StringBuilder(d < 0 ? "-" : "");
        if (exponent >= -5 + 1 && exponent < 16) {
            if (exponent < 0) {
                b.append("0.").append("0".repeat(-exponent - 1)).append(digits);
            } else if (digits.length() <= exponent + 1) {
                b.append(digits).append("0".repeat(exponent + 1 - digits.length())).append(".0");
            } else {
                b.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
            }
            return b.toString();
        }
        b.append(digits.charAt(0));
        if (digits.length() > 1) {
            b.append('.').append(digits, 1, digits.length());
        }
        b.append('e').append(exponent < 0 ? '-' : '+');
        int e = Math.abs(exponent);
        return b.append(e < 10 ? "0" : "").append(e).toString();
    }

    static boolean isNumber(Object v) {
        return v instanceof Long || v instanceof Double || v instanceof Boolean;
    }

    static double toDouble(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Double d) {
            return d;
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        throw new XacroProblem(typeName(v) + " " + quoted(v) + " is not a number; expected a number");
    }

    /** An int, with bools as 0 and 1, or null for anything else. */
    static Long toLong(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        return null;
    }

    static boolean equal(Object a, Object b) {
        if (isNumber(a) && isNumber(b)) {
            Long la = toLong(a);
            Long lb = toLong(b);
            return la != null && lb != null ? la.longValue() == lb.longValue() : toDouble(a) == toDouble(b);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!equal(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a == b || (a != null && a.equals(b));
    }

    static int compare(Object a, Object b, String operator) {
        if (isNumber(a) && isNumber(b)) {
            Long la = toLong(a);
            Long lb = toLong(b);
            return la != null && lb != null ? Long.compare(la, lb) : Double.compare(toDouble(a), toDouble(b));
        }
        if (a instanceof String x && b instanceof String y) {
            return Integer.signum(x.compareTo(y));
        }
        throw new XacroProblem("'" + operator + "' cannot compare " + typeName(a) + " " + quoted(a) + " with "
                + typeName(b) + " " + quoted(b) + "; expected two numbers or two strings");
    }

    static String typeName(Object v) {
        if (v instanceof Boolean) {
            return "bool";
        }
        if (v instanceof Long) {
            return "int";
        }
        if (v instanceof Double) {
            return "float";
        }
        if (v instanceof String) {
            return "str";
        }
        if (v instanceof List<?>) {
            return "list";
        }
        if (v instanceof Map<?, ?>) {
            return "dict";
        }
        if (v instanceof XmlElement) {
            return "block";
        }
        if (v == PyNone.NONE) {
            return "NoneType";
        }
        return "function";
    }

    /** A value for a message, shortened. */
    static String quoted(Object v) {
        String r = v instanceof List<?> || v instanceof Map<?, ?> ? "" : repr(v);
        return r.length() > 60 ? r.substring(0, 57) + "..." : r;
    }
}
