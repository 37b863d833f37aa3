package org.robocell.description.internal.xacro;

import java.util.List;

/** The syntax tree of one {@code ${...}} expression: the subset of Python expressions xacro files use. */
sealed interface Expr {

    record Constant(Object value) implements Expr {
    }

    record Name(String name) implements Expr {
    }

    /** {@code target.name}: a YAML dictionary's key, a namespace's member ({@code math.pi}) or a string method. */
    record Attribute(Expr target, String name) implements Expr {
    }

    record Index(Expr target, Expr index) implements Expr {
    }

    record Call(Expr function, List<Expr> arguments) implements Expr {
    }

    /** {@code -x}, {@code +x}, {@code not x}. */
    record Unary(String operator, Expr operand) implements Expr {
    }

    /** Arithmetic: {@code + - * / // % **}. */
    record Binary(String operator, Expr left, Expr right) implements Expr {
    }

    /** {@code and}, {@code or}: short-circuit, giving one of the operands as Python does. */
    record Logical(boolean and, Expr left, Expr right) implements Expr {
    }

    /** A chain {@code a < b <= c}: each comparison with its neighbour, all must hold. */
    record Compare(List<Expr> operands, List<String> operators) implements Expr {
    }

    /** {@code then if condition else otherwise}. */
    record Conditional(Expr condition, Expr then, Expr otherwise) implements Expr {
    }

    /** A list or tuple display; both are read-only lists here. */
    record Sequence(List<Expr> items) implements Expr {
    }
}
