package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Evaluates an {@link Expr} with Python's semantics, looking names up through {@link Names}. */
final class ExpressionEvaluator {

    /** The properties, macro parameters and builtins visible where the expression is written. */
    @FunctionalInterface
    interface Names {
        /** The value, or a {@link XacroProblem} naming what is defined instead. */
        Object lookup(String name);
    }

    private final Names names;
    private final ExpansionBudget budget;

    ExpressionEvaluator(Names names, ExpansionBudget budget) {
        this.names = names;
        this.budget = budget;
    }

    Object evaluate(Expr e) {
        budget.step();
        if (e instanceof Expr.Constant c) {
            return c.value();
        }
        if (e instanceof Expr.Name n) {
            return names.lookup(n.name());
        }
        if (e instanceof Expr.Attribute a) {
            return attribute(evaluate(a.target()), a.name());
        }
        if (e instanceof Expr.Index i) {
            return PyOperators.index(evaluate(i.target()), evaluate(i.index()));
        }
        if (e instanceof Expr.Call c) {
            Object f = evaluate(c.function());
            if (!(f instanceof PyFunction function)) {
                throw new XacroProblem(PyValues.typeName(f) + " " + PyValues.quoted(f)
                        + " is not a function; expected a function such as radians(90)");
            }
            List<Object> args = new ArrayList<>(c.arguments().size());
            for (Expr arg : c.arguments()) {
                args.add(evaluate(arg));
            }
            return function.call(args);
        }
        if (e instanceof Expr.Unary u) {
            Object v = evaluate(u.operand());
            return switch (u.operator()) {
                case "not" -> !PyValues.truth(v);
                case "-" -> PyOperators.negate(v);
                default -> {
                    PyValues.toDouble(v); // +x: a number only
                    yield v instanceof Boolean b ? (Object) (b ? 1L : 0L) : v;
                }
            };
        }
        if (e instanceof Expr.Binary b) {
            return PyOperators.binary(b.operator(), evaluate(b.left()), evaluate(b.right()));
        }
        if (e instanceof Expr.Logical l) {
            Object left = evaluate(l.left());
            return PyValues.truth(left) == l.and() ? evaluate(l.right()) : left;
        }
        if (e instanceof Expr.Compare c) {
            return compare(c);
        }
        if (e instanceof Expr.Conditional c) {
            return PyValues.truth(evaluate(c.condition())) ? evaluate(c.then()) : evaluate(c.otherwise());
        }
        Expr.Sequence s = (Expr.Sequence) e;
        List<Object> items = new ArrayList<>(s.items().size());
        for (Expr item : s.items()) {
            items.add(evaluate(item));
        }
        return List.copyOf(items);
    }

    private Object compare(Expr.Compare c) {
        Object left = evaluate(c.operands().get(0));
        for (int i = 0; i < c.operators().size(); i++) {
            Object right = evaluate(c.operands().get(i + 1));
            String op = c.operators().get(i);
            boolean holds = switch (op) {
                case "==" -> PyValues.equal(left, right);
                case "!=" -> !PyValues.equal(left, right);
                case "in" -> PyOperators.contains(right, left);
                case "not in" -> !PyOperators.contains(right, left);
                case "is" -> left == right || (left instanceof Boolean && left.equals(right));
                case "is not" -> !(left == right || (left instanceof Boolean && left.equals(right)));
                case "<" -> PyValues.compare(left, right, op) < 0;
                case "<=" -> PyValues.compare(left, right, op) <= 0;
                case ">" -> PyValues.compare(left, right, op) > 0;
                default -> PyValues.compare(left, right, op) >= 0;
            };
            if (!holds) {
                return false;
            }
            left = right;
        }
        return true;
    }

    private static Object attribute(Object target, String name) {
        if (target instanceof PyNamespace ns) {
            return ns.member(name);
        }
        if (target instanceof String s) {
            return StringMethods.method(s, name);
        }
        if (target instanceof Map<?, ?> map && !map.containsKey(name)) {
            PyFunction method = StringMethods.dictionaryMethod(map, name);
            if (method != null) {
                return method;
            }
        }
        return PyOperators.attribute(target, name);
    }
}
