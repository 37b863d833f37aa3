package org.robocell.description.internal.xacro;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.text.Suggestions;

/**
 * Evaluates attribute values and text as xacro does ({@code eval_text}): {@code ${expression}} is evaluated,
 * {@code $(substitution)} replaced, {@code $${} and {@code $$(} give the characters {@code ${} and {@code $(}. Text
 * that is a single {@code ${...}} gives the expression's value itself (a number, a list, a YAML dictionary), anything
 * else the pieces joined as a string. Inside {@code ${...}}, substitutions are replaced first:
 * {@code ${xacro.load_yaml('$(find pkg)/limits.yaml')}}.
 */
final class TextEvaluator {

    /** Parsed expressions kept for reuse (a macro body is evaluated at every call); a bound keeps memory small. */
    private static final int CACHED_EXPRESSIONS = 10_000;

    private final Builtins builtins;
    private final Substitutions substitutions;
    private final ExpansionBudget budget;
    private final Map<String, Expr> parsed = new HashMap<>();
    private int propertyDepth;

    TextEvaluator(Builtins builtins, Substitutions substitutions, ExpansionBudget budget) {
        this.builtins = builtins;
        this.substitutions = substitutions;
        this.budget = budget;
    }

    Object evaluate(String text, Scope scope) {
        if (text.indexOf('$') < 0) {
            return text;
        }
        List<Object> pieces = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            int dollar = text.indexOf('$', i);
            if (dollar < 0) {
                pieces.add(text.substring(i));
                break;
            }
            if (dollar > i) {
                pieces.add(text.substring(i, dollar));
            }
            int run = dollar;
            while (run < n && text.charAt(run) == '$') {
                run++;
            }
            char after = run < n ? text.charAt(run) : 0;
            if (run - dollar > 1 && (after == '{' || after == '(')) {
                pieces.add(text.substring(dollar + 1, run + 1)); // $${ and $$( escape one dollar
                i = run + 1;
            } else if (run - dollar == 1 && after == '{') {
                int close = text.indexOf('}', run);
                if (close < 0) {
                    throw new XacroProblem("'${' without a closing '}' in \"" + shortened(text) + "\"; expected "
                            + "${expression}");
                }
                pieces.add(expression(text.substring(run + 1, close), scope));
                i = close + 1;
            } else if (run - dollar == 1 && after == '(') {
                int close = text.indexOf(')', run);
                if (close < 0) {
                    throw new XacroProblem("'$(' without a closing ')' in \"" + shortened(text) + "\"; expected "
                            + "$(arg name), $(find pkg) or another substitution");
                }
                String body = PyValues.str(evaluate(text.substring(run + 1, close), scope));
                pieces.add(substitutions.resolve(body));
                i = close + 1;
            } else {
                pieces.add(text.substring(dollar, run));
                i = run;
            }
        }
        if (pieces.size() == 1) {
            return pieces.get(0);
        }
        StringBuilder b = new StringBuilder();
        for (Object p : pieces) {
            b.append(PyValues.str(p));
            PyValues.checkLength(b.length());
        }
        return b.toString();
    }

    String evaluateToString(String text, Scope scope) {
        return PyValues.str(evaluate(text, scope));
    }

    /** A lazily kept property's text, evaluated in the table that defines it. */
    Object evaluateProperty(String text, Scope definedIn) {
        if (++propertyDepth > ExpansionBudget.MAX_PROPERTY_DEPTH) {
            propertyDepth--;
            throw new XacroProblem("properties refer to each other more than " + ExpansionBudget.MAX_PROPERTY_DEPTH
                    + " deep; expected a shorter chain of properties");
        }
        try {
            return evaluate(text, definedIn);
        } finally {
            propertyDepth = Math.max(0, propertyDepth - 1);
        }
    }

    private Object expression(String source, Scope scope) {
        budget.step();
        String text = PyValues.str(evaluate(source, scope)); // $(...) inside ${...} first
        Expr e = parsed.get(text);
        if (e == null) {
            e = ExpressionParser.parse(text);
            if (parsed.size() < CACHED_EXPRESSIONS) {
                parsed.put(text, e);
            }
        }
        try {
            return new ExpressionEvaluator(name -> lookup(name, scope), budget).evaluate(e);
        } catch (XacroProblem p) {
            if (p.getMessage().contains("${")) {
                throw p;
            }
            throw new XacroProblem("in ${" + shortened(text) + "}: " + p.getMessage());
        }
    }

    private Object lookup(String name, Scope scope) {
        Object v = scope.get(name, this);
        if (v != null) {
            return v;
        }
        Object builtin = builtins.get(name);
        if (builtin != null) {
            return builtin;
        }
        List<String> known = new ArrayList<>(scope.names());
        String hint = Suggestions.didYouMean(name, known);
        if (hint.isEmpty()) {
            hint = Suggestions.didYouMean(name, builtins.names());
        }
        throw new XacroProblem("the property '" + name + "' is not defined" + hint
                + "; expected a property or macro parameter defined before its use");
    }

    private static String shortened(String text) {
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
