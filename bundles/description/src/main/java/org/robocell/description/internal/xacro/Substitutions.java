package org.robocell.description.internal.xacro;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import org.robocell.api.text.Suggestions;

/**
 * The substitution args {@code $(...)} of xacro files: {@code $(arg name)} (an arg given by the robot's
 * configuration, or a {@code <xacro:arg>} default), {@code $(find pkg)} (the package's directory on the package
 * path), {@code $(env VAR)}, {@code $(optenv VAR default)}, {@code $(dirname)} (the directory of the file being
 * read), {@code $(cwd)} and {@code $(eval expression)} (an expression over the args, as roslaunch evaluates it).
 */
final class Substitutions {

    private final Map<String, String> args;
    private final PackagePath packages;
    private final Function<String, String> environment;
    private final Supplier<Path> currentFile;
    private final ExpansionBudget budget;

    Substitutions(Map<String, String> args, PackagePath packages, Function<String, String> environment,
            Supplier<Path> currentFile, ExpansionBudget budget) {
        this.args = args;
        this.packages = packages;
        this.environment = environment;
        this.currentFile = currentFile;
        this.budget = budget;
    }

    /** Declares an arg with its default, unless it is set already (the robot's configuration, an earlier default). */
    void declare(String name, String defaultValue) {
        args.putIfAbsent(name, defaultValue);
    }

    String arg(String name) {
        String v = args.get(name);
        if (v == null) {
            throw new XacroProblem("the arg '" + name + "' is not set" + Suggestions.didYouMean(name, args.keySet())
                    + "; expected <xacro:arg name=\"" + name + "\" default=\"...\"/> before its use, or " + name
                    + ":=value in the robot's xacro.args");
        }
        return v;
    }

    /** The value of {@code $(body)}. */
    String resolve(String body) {
        String trimmed = body.strip();
        int blank = indexOfBlank(trimmed);
        String command = blank < 0 ? trimmed : trimmed.substring(0, blank);
        String rest = blank < 0 ? "" : trimmed.substring(blank).strip();
        switch (command) {
            case "arg" -> {
                return arg(single(command, rest));
            }
            case "find" -> {
                return packages.find(single(command, rest)).toString();
            }
            case "env" -> {
                String name = single(command, rest);
                String v = environment.apply(name);
                if (v == null) {
                    throw new XacroProblem("$(env " + name + "): the environment variable " + name + " is not set; "
                            + "expected it set, or $(optenv " + name + " default)");
                }
                return v;
            }
            case "optenv" -> {
                if (rest.isEmpty()) {
                    throw new XacroProblem("$(optenv) names no variable; expected $(optenv NAME default)");
                }
                int b = indexOfBlank(rest);
                String name = b < 0 ? rest : rest.substring(0, b);
                String v = environment.apply(name);
                return v != null ? v : b < 0 ? "" : rest.substring(b).strip();
            }
            case "dirname" -> {
                Path file = currentFile.get();
                Path dir = file == null ? null : file.toAbsolutePath().getParent();
                return dir == null ? "." : dir.toString();
            }
            case "cwd" -> {
                return Path.of("").toAbsolutePath().toString();
            }
            case "eval" -> {
                return eval(rest);
            }
            default -> throw new XacroProblem("$(" + command + ") is not a substitution arg xacro knows"
                    + Suggestions.didYouMean(command, List.of("arg", "find", "env", "optenv", "dirname", "eval", "cwd"))
                    + "; expected $(arg name), $(find pkg), $(env VAR), $(optenv VAR default), $(dirname) or "
                    + "$(eval expression)");
        }
    }

    /** roslaunch's eval: args are names (read as numbers and booleans where they spell one), with math and arg(). */
    private String eval(String expression) {
        Map<String, Object> functions = new LinkedHashMap<>();
        functions.put("arg", new PyFunction("arg", a -> {
            PyFunction.arity("arg", a, 1, 1);
            return arg(PyFunction.string("arg", a.get(0)));
        }));
        functions.put("find", new PyFunction("find", a -> {
            PyFunction.arity("find", a, 1, 1);
            return packages.find(PyFunction.string("find", a.get(0))).toString();
        }));
        Map<String, Object> math = Builtins.math();
        ExpressionEvaluator evaluator = new ExpressionEvaluator(name -> {
            if (args.containsKey(name)) {
                return PyValues.literal(args.get(name));
            }
            Object f = functions.containsKey(name) ? functions.get(name) : math.get(name);
            if (f == null) {
                throw new XacroProblem("$(eval " + expression + "): '" + name + "' is not an arg"
                        + Suggestions.didYouMean(name, args.keySet()) + "; expected args, arg('name') and math");
            }
            return f;
        }, budget);
        return PyValues.str(evaluator.evaluate(ExpressionParser.parse(expression)));
    }

    private static String single(String command, String rest) {
        if (rest.isEmpty() || indexOfBlank(rest) >= 0) {
            throw new XacroProblem("$(" + command + " " + rest + ") needs exactly one name; expected $(" + command
                    + " name)");
        }
        return rest;
    }

    private static int indexOfBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
