package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.List;

/** Splits a Python expression into numbers, strings, names and operators. */
final class ExpressionLexer {

    enum Kind { NUMBER, STRING, NAME, OPERATOR, END }

    /** One token; {@code value} is the number (Long or Double) or the string's text. */
    record Token(Kind kind, String text, Object value, int offset) {
    }

    private static final String[] OPERATORS = { "**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "<",
            ">", "(", ")", "[", "]", ",", ".", ":" };

    private ExpressionLexer() {
    }

    static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (true) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i >= n) {
                out.add(new Token(Kind.END, "", null, n));
                return out;
            }
            char c = text.charAt(i);
            int start = i;
            if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
                i = number(text, i, out);
            } else if (c == '\'' || c == '"') {
                i = string(text, i, out);
            } else if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.NAME, text.substring(start, i), null, start));
            } else {
                String op = operatorAt(text, i);
                if (op == null) {
                    throw new XacroProblem("cannot read ${" + text + "}: '" + c + "' at character " + (i + 1)
                            + "; expected numbers, 'strings', names and the operators + - * / // % ** == != < > <= >= "
                            + "and or not in");
                }
                out.add(new Token(Kind.OPERATOR, op, null, start));
                i += op.length();
            }
        }
    }

    private static String operatorAt(String text, int i) {
        for (String op : OPERATORS) {
            if (text.startsWith(op, i)) {
                return op;
            }
        }
        return null;
    }

    private static int number(String text, int start, List<Token> out) {
        int n = text.length();
        int i = start;
        boolean real = false;
        while (i < n && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '_')) {
            i++;
        }
        if (i < n && text.charAt(i) == '.') {
            real = true;
            i++;
            while (i < n && Character.isDigit(text.charAt(i))) {
                i++;
            }
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
                j++;
            }
            if (j < n && Character.isDigit(text.charAt(j))) {
                real = true;
                i = j;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    i++;
                }
            }
        }
        String literal = text.substring(start, i).replace("_", "");
        if (i < n && (Character.isLetter(text.charAt(i)) || text.charAt(i) == '_')) {
            throw new XacroProblem("cannot read ${" + text + "}: the number '" + text.substring(start, i + 1)
                    + "...' at character " + (start + 1) + "; expected a decimal number such as 3, 0.5 or 1e-3");
        }
        Object value;
        if (real) {
            value = Double.parseDouble(literal);
        } else {
            value = PyValues.parseInteger(literal);
            if (value == null) {
                throw new XacroProblem("the integer " + literal + " in ${" + text + "} is too large; expected a number "
                        + "between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
            }
        }
        out.add(new Token(Kind.NUMBER, text.substring(start, i), value, start));
        return i;
    }

    private static int string(String text, int start, List<Token> out) {
        char quote = text.charAt(start);
        StringBuilder b = new StringBuilder();
        int i = start + 1;
        int n = text.length();
        while (i < n && text.charAt(i) != quote) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char e = text.charAt(i + 1);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case '\\', '\'', '"' -> b.append(e);
                    default -> b.append(c).append(e);
                }
                i += 2;
            } else {
                b.append(c);
                i++;
            }
        }
        if (i >= n) {
            throw new XacroProblem("cannot read ${" + text + "}: the string starting at character " + (start + 1)
                    + " is not closed; expected a closing " + quote);
        }
        out.add(new Token(Kind.STRING, text.substring(start, i + 1), b.toString(), start));
        return i + 1;
    }
}
