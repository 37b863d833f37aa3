package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses the Python expressions of {@code ${...}} into an {@link Expr}, with Python's precedence: conditional
 * expressions, {@code or}, {@code and}, {@code not}, comparisons (also {@code in}, {@code not in}, {@code is}),
 * {@code + -}, {@code * / // %}, unary signs, {@code **}, then calls, attributes and indexing on numbers, strings,
 * names, lists and tuples. Nesting is bounded, so a hostile expression cannot exhaust the stack.
 */
final class ExpressionParser {

    /** Deeper than any expression a person writes. */
    static final int MAX_NESTING = 64;

    private static final Set<String> KEYWORDS = Set.of("and", "or", "not", "in", "is", "if", "else", "lambda",
            "True", "False", "None", "for", "import", "yield", "await");

    private final List<ExpressionLexer.Token> tokens;
    private final String text;
    private int position;
    private int nesting;

    private ExpressionParser(String text) {
        this.text = text;
        this.tokens = ExpressionLexer.tokens(text);
    }

    static Expr parse(String text) {
        ExpressionParser p = new ExpressionParser(text);
        if (p.peek().kind() == ExpressionLexer.Kind.END) {
            throw new XacroProblem("the expression ${" + text + "} is empty; expected an expression such as ${width/2}");
        }
        Expr e = p.conditional();
        if (p.peek().kind() != ExpressionLexer.Kind.END) {
            throw p.unexpected("the end of the expression");
        }
        return e;
    }

    private ExpressionLexer.Token peek() {
        return tokens.get(position);
    }

    private ExpressionLexer.Token next() {
        return tokens.get(position++);
    }

    private boolean accept(String symbol) {
        ExpressionLexer.Token t = peek();
        if ((t.kind() == ExpressionLexer.Kind.OPERATOR || t.kind() == ExpressionLexer.Kind.NAME)
                && t.text().equals(symbol)) {
            position++;
            return true;
        }
        return false;
    }

    private void expect(String symbol) {
        if (!accept(symbol)) {
            throw unexpected("'" + symbol + "'");
        }
    }

    private XacroProblem unexpected(String expected) {
        ExpressionLexer.Token t = peek();
        String found = t.kind() == ExpressionLexer.Kind.END ? "the end" : "'" + t.text() + "'";
        return new XacroProblem("cannot read ${" + text + "}: " + found + " at character " + (t.offset() + 1)
                + "; expected " + expected);
    }

    private void enter() {
        if (++nesting > MAX_NESTING) {
            throw new XacroProblem("the expression ${" + abbreviated() + "} is nested more than " + MAX_NESTING
                    + " levels deep; expected an expression of ordinary depth");
        }
    }

    private String abbreviated() {
        return text.length() > 60 ? text.substring(0, 60) + "..." : text;
    }

    private Expr conditional() {
        enter();
        Expr then = or();
        if (accept("if")) {
            Expr condition = or();
            expect("else");
            Expr otherwise = conditional();
            then = new Expr.Conditional(condition, then, otherwise);
        }
        nesting--;
        return then;
    }

    private Expr or() {
        Expr left = and();
        while (accept("or")) {
            left = new Expr.Logical(false, left, and());
        }
        return left;
    }

    private Expr and() {
        Expr left = not();
        while (accept("and")) {
            left = new Expr.Logical(true, left, not());
        }
        return left;
    }

    private Expr not() {
        if (accept("not")) {
            enter();
            Expr e = new Expr.Unary("not", not());
            nesting--;
            return e;
        }
        return comparison();
    }

    private Expr comparison() {
        Expr first = sum();
        List<Expr> operands = null;
        List<String> operators = null;
        while (true) {
            String op = comparisonOperator();
            if (op == null) {
                break;
            }
            if (operands == null) {
                operands = new ArrayList<>(List.of(first));
                operators = new ArrayList<>();
            }
            operators.add(op);
            operands.add(sum());
        }
        return operands == null ? first : new Expr.Compare(operands, operators);
    }

    private String comparisonOperator() {
        for (String op : List.of("==", "!=", "<=", ">=", "<", ">", "in")) {
            if (accept(op)) {
                return op;
            }
        }
        if (accept("not")) {
            expect("in");
            return "not in";
        }
        if (accept("is")) {
            return accept("not") ? "is not" : "is";
        }
        return null;
    }

    private Expr sum() {
        Expr left = product();
        while (true) {
            if (accept("+")) {
                left = new Expr.Binary("+", left, product());
            } else if (accept("-")) {
                left = new Expr.Binary("-", left, product());
            } else {
                return left;
            }
        }
    }

    private Expr product() {
        Expr left = unary();
        while (true) {
            String op = null;
            for (String candidate : List.of("*", "//", "/", "%")) {
                if (accept(candidate)) {
                    op = candidate;
                    break;
                }
            }
            if (op == null) {
                return left;
            }
            left = new Expr.Binary(op, left, unary());
        }
    }

    private Expr unary() {
        for (String sign : List.of("-", "+")) {
            if (accept(sign)) {
                enter();
                Expr e = new Expr.Unary(sign, unary());
                nesting--;
                return e;
            }
        }
        return power();
    }

    private Expr power() {
        Expr base = postfix();
        if (accept("**")) {
            enter();
            Expr e = new Expr.Binary("**", base, unary()); // right-associative, binds tighter than a sign on its left
            nesting--;
            return e;
        }
        return base;
    }

    private Expr postfix() {
        Expr e = atom();
        while (true) {
            if (accept(".")) {
                ExpressionLexer.Token name = next();
                if (name.kind() != ExpressionLexer.Kind.NAME) {
                    position--;
                    throw unexpected("a name after '.'");
                }
                e = new Expr.Attribute(e, name.text());
            } else if (accept("[")) {
                enter();
                Expr index = conditional();
                expect("]");
                nesting--;
                e = new Expr.Index(e, index);
            } else if (accept("(")) {
                enter();
                List<Expr> args = new ArrayList<>();
                if (!accept(")")) {
                    do {
                        if (peek().text().equals(")") && peek().kind() == ExpressionLexer.Kind.OPERATOR) {
                            break; // a trailing comma
                        }
                        args.add(conditional());
                    } while (accept(","));
                    expect(")");
                }
                nesting--;
                e = new Expr.Call(e, args);
            } else {
                return e;
            }
        }
    }

    private Expr atom() {
        ExpressionLexer.Token t = next();
        switch (t.kind()) {
            case NUMBER -> {
                return new Expr.Constant(t.value());
            }
            case STRING -> {
                StringBuilder s = new StringBuilder((String) t.value());
                while (peek().kind() == ExpressionLexer.Kind.STRING) { // 'a' 'b' is 'ab' in Python
                    s.append((String) next().value());
                }
                return new Expr.Constant(s.toString());
            }
            case NAME -> {
                switch (t.text()) {
                    case "True" -> {
                        return new Expr.Constant(Boolean.TRUE);
                    }
                    case "False" -> {
                        return new Expr.Constant(Boolean.FALSE);
                    }
                    case "None" -> {
                        return new Expr.Constant(PyNone.NONE);
                    }
                    default -> {
                        if (KEYWORDS.contains(t.text())) {
                            position--;
                            throw unexpected("a value");
                        }
                        return new Expr.Name(t.text());
                    }
                }
            }
            case OPERATOR -> {
                if (t.text().equals("(")) {
                    return display(")", true);
                }
                if (t.text().equals("[")) {
                    return display("]", false);
                }
            }
            default -> {
                // END and other operators: reported below
            }
        }
        position--;
        throw unexpected("a value (a number, a 'string', a name or a parenthesised expression)");
    }

    /** {@code (x)}, {@code (a, b)}, {@code []}, {@code [a, b]}. */
    private Expr display(String close, boolean parenthesis) {
        enter();
        List<Expr> items = new ArrayList<>();
        boolean comma = false;
        while (!accept(close)) {
            items.add(conditional());
            if (!accept(",")) {
                expect(close);
                break;
            }
            comma = true;
        }
        nesting--;
        if (parenthesis && items.size() == 1 && !comma) {
            return items.get(0);
        }
        if (parenthesis && items.isEmpty() && !comma) {
            return new Expr.Sequence(List.of());
        }
        return new Expr.Sequence(items);
    }
}
