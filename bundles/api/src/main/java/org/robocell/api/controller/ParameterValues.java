package org.robocell.api.controller;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a parameter value written as text ({@code controller:set key=value}, a declared controller's
 * {@code param.<key>=value}) the way a YAML flow value is read, so that what an operator types means what it would
 * mean in the controllers file. One reader for the shell and the declared controllers.
 * <p>
 * The rules are the YAML 1.2 core schema (yaml.org/spec/1.2.2, 10.3.2 "Tag Resolution") for a scalar or a flow
 * sequence:
 * <ul>
 * <li>{@code true}, {@code True}, {@code TRUE}, {@code false}, {@code False}, {@code FALSE}: a {@link Boolean}.
 * {@code yes}, {@code no}, {@code on}, {@code off} are strings (YAML 1.1 read them as booleans; 1.2 does not).</li>
 * <li>{@code [-+]?[0-9]+}, {@code 0o[0-7]+}, {@code 0x[0-9a-fA-F]+}: a {@link Long}; one that does not fit 64 bits
 * is refused. {@code 017} is 17 (no C-style octal).</li>
 * <li>{@code [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?}: a {@link Double} ({@code 2.5}, {@code 1e-3},
 * {@code 1.}, {@code .5}); one too large for a double ({@code 1e309}) is refused rather than read as infinity.</li>
 * <li>{@code .nan}, {@code .NaN}, {@code .NAN} and {@code [-+]?(.inf|.Inf|.INF)}: NaN and the infinities, as YAML
 * writes them. Java's words {@code NaN} and {@code Infinity} are plain strings, so where a number is expected
 * ({@link Parameters#getDouble}) they are refused as "not a number" instead of slipping through as NaN.</li>
 * <li>{@code 'text'} (a doubled {@code ''} is one quote) and {@code "text"} (escapes {@code \\ \" \/ \n \t \r}
 * and {@code \}{@code uXXXX}): a {@link String}, whatever it looks like ({@code '12'} stays text).</li>
 * <li>{@code [a, b]}: a {@link List} of values read by these rules; lists nest ({@code [[1, 2], [3]]}), may be
 * empty ({@code []}) and may end with one comma; an item may not be empty ({@code [a,,b]}). Plain items stop at
 * {@code ,} and {@code ]}: quote an item that contains them.</li>
 * <li>Anything else is a plain string, trimmed ({@code position}, {@code joint_a1}, {@code hello world}).</li>
 * </ul>
 * Refused with an {@link IllegalArgumentException} whose message says what was wrong and what is expected: an empty
 * value and YAML's null ({@code null}, {@code Null}, {@code NULL}, {@code ~}) (a parameter always has a value, as in
 * the controllers file); a flow map {@code {a: 1}} (parameters are flat: set {@code a.b=1}); text that starts with a
 * character YAML reserves ({@code & * ! | > % @ `} and {@code #}, which would start a comment) unless quoted; an
 * unclosed quote or bracket, text after a closing quote or bracket; lists nested deeper than {@value #DEEPEST}.
 * Comments are not read: everything after {@code =} is the value.
 *
 * @since 1.1
 */
public final class ParameterValues {

    /** How deep lists may nest. */
    public static final int DEEPEST = 32;

    private static final Pattern INT = Pattern.compile("[-+]?[0-9]+");
    private static final Pattern OCTAL = Pattern.compile("0o[0-7]+");
    private static final Pattern HEX = Pattern.compile("0x[0-9a-fA-F]+");
    private static final Pattern FLOAT = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    private static final Pattern INFINITY = Pattern.compile("[-+]?\\.(inf|Inf|INF)");
    private static final Pattern NAN = Pattern.compile("\\.(nan|NaN|NAN)");
    private static final Pattern NULL = Pattern.compile("null|Null|NULL|~");
    private static final String RESERVED = "&*!|>%@`#";

    private ParameterValues() {
    }

    /**
     * The value {@code text} stands for: a Boolean, Long, Double, String or List of those.
     *
     * @throws IllegalArgumentException naming what is wrong with the text
     */
    public static Object parse(String text) {
        Reader r = new Reader(text == null ? "" : text);
        r.skipSpace();
        if (r.atEnd()) {
            throw new IllegalArgumentException("no value; expected a number, true/false, a string or a [list]");
        }
        Object v = r.value(0, false);
        r.skipSpace();
        if (!r.atEnd()) {
            throw new IllegalArgumentException("unexpected text after the value: '" + r.rest() + "'");
        }
        return v;
    }

    /**
     * The number {@code text} stands for by these rules, or null when it is not a number (a string, a list, or text
     * that cannot be read). NaN and the infinities come back as doubles: the caller decides whether they are allowed.
     */
    public static Double number(String text) {
        try {
            return parse(text) instanceof Number n ? n.doubleValue() : null;
        } catch (IllegalArgumentException notAValue) {
            return null;
        }
    }

    /**
     * A typed ConfigAdmin value as a parameter value: text read by {@link #parse}; arrays and collections as lists of
     * their elements read the same way; integral numbers as {@link Long}, other numbers as {@link Double}; booleans
     * as they are.
     *
     * @throws IllegalArgumentException for null, a map, or text {@link #parse} refuses
     */
    public static Object value(Object typed) {
        if (typed instanceof String s) {
            return parse(s);
        }
        if (typed instanceof Boolean || typed instanceof Long || typed instanceof Double) {
            return typed;
        }
        if (typed instanceof Integer || typed instanceof Short || typed instanceof Byte) {
            return ((Number) typed).longValue();
        }
        if (typed instanceof Float f) {
            return f.doubleValue();
        }
        if (typed instanceof Character c) {
            return String.valueOf(c);
        }
        if (typed instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>(c.size());
            c.forEach(e -> out.add(value(e)));
            return List.copyOf(out);
        }
        if (typed != null && typed.getClass().isArray()) {
            int n = Array.getLength(typed);
            List<Object> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(value(Array.get(typed, i)));
            }
            return List.copyOf(out);
        }
        if (typed == null) {
            throw new IllegalArgumentException("no value; expected a number, true/false, a string or a list");
        }
        if (typed instanceof Map) {
            throw new IllegalArgumentException("a map is not a parameter value: parameters are flat, set each key"
                    + " on its own (a.b=1)");
        }
        throw new IllegalArgumentException("a " + typed.getClass().getSimpleName()
                + " is not a parameter value; expected a number, true/false, a string or a list");
    }

    /**
     * One {@code key=value} assignment: the key (trimmed, not empty, no spaces) and its value read by {@link #parse}.
     *
     * @throws ParameterException naming the assignment or the key, and what is expected
     */
    public static Map.Entry<String, Object> assignment(String text) {
        int eq = text == null ? -1 : text.indexOf('=');
        String key = eq <= 0 ? "" : text.substring(0, eq).trim();
        if (key.isEmpty() || key.chars().anyMatch(Character::isWhitespace)) {
            throw new ParameterException(null, "'" + text + "' is not key=value (e.g. gains.joint1.p=2.5)");
        }
        try {
            return Map.entry(key, parse(text.substring(eq + 1)));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(key, "parameter '" + key + "': " + e.getMessage());
        }
    }

    /** A cursor over the text; every method reads from the current position. */
    private static final class Reader {

        private final String text;
        private int pos;

        Reader(String text) {
            this.text = text;
        }

        boolean atEnd() {
            return pos >= text.length();
        }

        String rest() {
            return text.substring(pos);
        }

        void skipSpace() {
            while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
                pos++;
            }
        }

        /** A value from the current position; {@code inList}: plain text stops at ',' and ']'. */
        Object value(int depth, boolean inList) {
            char c = text.charAt(pos);
            if (c == '[') {
                return list(depth + 1);
            }
            if (c == '\'' || c == '"') {
                return quoted(c);
            }
            if (c == '{') {
                throw new IllegalArgumentException("'{' starts a map, and a map is not a parameter value: parameters"
                        + " are flat, set each key on its own (a.b=1)");
            }
            if (c == ']' || c == '}' || c == ',') {
                throw new IllegalArgumentException("unexpected '" + c + "'" + where());
            }
            if (RESERVED.indexOf(c) >= 0) {
                throw new IllegalArgumentException("'" + c + "' starts " + reservedMeaning(c) + " in YAML; quote the"
                        + " text ('" + plainPreview() + "') to mean it as a string");
            }
            return plain(inList);
        }

        private List<Object> list(int depth) {
            if (depth > DEEPEST) {
                throw new IllegalArgumentException("lists nested deeper than " + DEEPEST + " levels");
            }
            int open = pos;
            pos++; // '['
            List<Object> items = new ArrayList<>();
            skipSpace();
            if (!atEnd() && text.charAt(pos) == ']') {
                pos++;
                return List.of();
            }
            while (true) {
                skipSpace();
                if (atEnd()) {
                    throw unclosed(open);
                }
                if (text.charAt(pos) == ',') {
                    throw new IllegalArgumentException("an empty item in the list" + where()
                            + "; expected a value between the commas");
                }
                items.add(value(depth, true));
                skipSpace();
                if (atEnd()) {
                    throw unclosed(open);
                }
                char c = text.charAt(pos);
                if (c == ']') {
                    pos++;
                    return java.util.Collections.unmodifiableList(items);
                }
                if (c != ',') {
                    throw new IllegalArgumentException("unexpected '" + c + "'" + where() + "; expected ',' or ']'");
                }
                pos++; // ','
                skipSpace();
                if (!atEnd() && text.charAt(pos) == ']') { // one trailing comma, as YAML allows
                    pos++;
                    return java.util.Collections.unmodifiableList(items);
                }
            }
        }

        private IllegalArgumentException unclosed(int open) {
            return new IllegalArgumentException("the '[' at character " + (open + 1) + " is not closed; expected ']'");
        }

        private String quoted(char quote) {
            int open = pos;
            pos++;
            StringBuilder sb = new StringBuilder();
            while (pos < text.length()) {
                char c = text.charAt(pos++);
                if (c == quote) {
                    if (quote == '\'' && pos < text.length() && text.charAt(pos) == '\'') {
                        sb.append('\'');
                        pos++;
                        continue;
                    }
                    return sb.toString();
                }
                if (quote == '"' && c == '\\') {
                    sb.append(escape());
                } else {
                    sb.append(c);
                }
            }
            throw new IllegalArgumentException("the quote " + quote + " at character " + (open + 1)
                    + " is not closed; expected a closing " + quote);
        }

        private char escape() {
            if (atEnd()) {
                throw new IllegalArgumentException("a '\\' at the end of the text; expected an escape such as \\n");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '\\', '"', '/' -> {
                    return e;
                }
                case 'n' -> {
                    return '\n';
                }
                case 't' -> {
                    return '\t';
                }
                case 'r' -> {
                    return '\r';
                }
                case 'u' -> {
                    if (pos + 4 <= text.length() && text.substring(pos, pos + 4).matches("[0-9a-fA-F]{4}")) {
                        char c = (char) Integer.parseInt(text.substring(pos, pos + 4), 16);
                        pos += 4;
                        return c;
                    }
                    throw new IllegalArgumentException("'\\u' must be followed by four hex digits" + where());
                }
                default -> throw new IllegalArgumentException("unknown escape '\\" + e + "'" + where()
                        + "; expected one of \\\\ \\\" \\/ \\n \\t \\r \\uXXXX");
            }
        }

        private Object plain(boolean inList) {
            int start = pos;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (inList && (c == ',' || c == ']' || c == '[' || c == '{' || c == '}')) {
                    break;
                }
                pos++;
            }
            if (inList && pos < text.length() && (text.charAt(pos) == '[' || text.charAt(pos) == '{'
                    || text.charAt(pos) == '}')) {
                throw new IllegalArgumentException("unexpected '" + text.charAt(pos) + "'" + where()
                        + " inside a list item; quote the item to mean the character");
            }
            return scalar(text.substring(start, pos).strip());
        }

        private String plainPreview() {
            int end = pos;
            while (end < text.length() && text.charAt(end) != ',' && text.charAt(end) != ']') {
                end++;
            }
            return text.substring(pos, end).strip();
        }

        private String where() {
            return " at character " + (pos + 1);
        }

        private static String reservedMeaning(char c) {
            return switch (c) {
                case '#' -> "a comment";
                case '&' -> "an anchor";
                case '*' -> "an alias";
                case '!' -> "a tag";
                case '|', '>' -> "a block scalar";
                case '%' -> "a directive";
                default -> "nothing (it is reserved)";
            };
        }
    }

    /** A plain scalar by the core schema. */
    private static Object scalar(String t) {
        if (NULL.matcher(t).matches()) {
            throw new IllegalArgumentException("'" + t + "' is YAML's null, and a parameter always has a value;"
                    + " quote it ('" + t + "') to mean the text");
        }
        switch (t) {
            case "true", "True", "TRUE" -> {
                return Boolean.TRUE;
            }
            case "false", "False", "FALSE" -> {
                return Boolean.FALSE;
            }
            default -> {
                // numbers below
            }
        }
        if (INT.matcher(t).matches()) {
            try {
                return Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
            } catch (NumberFormatException e) {
                throw outOfRange(t);
            }
        }
        if (OCTAL.matcher(t).matches() || HEX.matcher(t).matches()) {
            try {
                return Long.parseLong(t.substring(2), t.charAt(1) == 'o' ? 8 : 16);
            } catch (NumberFormatException e) {
                throw outOfRange(t);
            }
        }
        if (FLOAT.matcher(t).matches()) {
            double d = Double.parseDouble(t);
            if (Double.isInfinite(d)) {
                throw new IllegalArgumentException("'" + t + "' is too large for a double (about ±1.8e308); write"
                        + " .inf or -.inf for an infinity");
            }
            return d;
        }
        if (INFINITY.matcher(t).matches()) {
            return t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (NAN.matcher(t).matches()) {
            return Double.NaN;
        }
        return t;
    }

    private static IllegalArgumentException outOfRange(String t) {
        return new IllegalArgumentException("'" + t + "' does not fit a 64-bit integer (-2^63 .. 2^63-1)");
    }
}
