package org.robocell.description.internal.xacro;

import java.util.List;

/** A function an expression can call: a math function, a Python builtin, one of xacro's, a string's method. */
record PyFunction(String name, Body body) {

    @FunctionalInterface
    interface Body {
        Object call(List<Object> arguments);
    }

    Object call(List<Object> arguments) {
        return body.call(arguments);
    }

    /** The arguments' count, checked. */
    static void arity(String name, List<Object> arguments, int min, int max) {
        if (arguments.size() < min || arguments.size() > max) {
            String wanted = min == max ? String.valueOf(min) : min + " to " + max;
            throw new XacroProblem(name + "() takes " + wanted + " argument" + (max == 1 ? "" : "s") + ", got "
                    + arguments.size() + "; expected " + name + "(" + (max == 0 ? "" : "...") + ")");
        }
    }

    static String string(String name, Object argument) {
        if (argument instanceof String s) {
            return s;
        }
        throw new XacroProblem(name + "() needs a string, got " + PyValues.typeName(argument) + " "
                + PyValues.quoted(argument) + "; expected " + name + "('text')");
    }
}
