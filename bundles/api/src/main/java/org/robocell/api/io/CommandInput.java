package org.robocell.api.io;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A latest-value mailbox of doubles from any thread to the control loop. Writers offer a new command (copied, so
 * the caller may reuse its array); the loop polls the newest one without blocking or allocating. Commands the loop
 * has not polled yet are replaced, never queued: a controller always acts on the newest command.
 * <p>
 * A mailbox made with {@link #of} names its fields ({@code joint1/position}, ...) and takes only commands of exactly
 * that many values that its {@link ValueRule} allows, whoever offers them: the shell, a bridge or a Java caller.
 * {@link #check} says before offering why a command would be refused, {@link #explain} says it in one line.
 */
public final class CommandInput implements Channel {

    /**
     * Which values a mailbox with fields takes.
     *
     * @since 1.1
     */
    public enum ValueRule {
        /** Finite numbers only. */
        FINITE,
        /** Finite numbers, or NaN for "nothing for this field" (e.g. a PID reference for some DOFs only). */
        FINITE_OR_NAN
    }

    /**
     * Why a command is refused.
     *
     * @since 1.1
     */
    public enum Refusal {
        /** Not as many values as the mailbox has fields. */
        WRONG_COUNT,
        /** A value its {@link ValueRule} does not allow (NaN, an infinity). */
        NOT_FINITE,
        /** The acceptance test of a mailbox made with {@link CommandInput#CommandInput(String, Predicate)} answered false. */
        NOT_ACCEPTED,
        /** A value outside its field's bounds ({@link #bound}): beyond a joint's limits. */
        OUT_OF_RANGE
    }

    private final String name;
    private final Predicate<double[]> acceptance;
    private final ValueRule rule;
    /** What {@link #acceptance} takes, for {@link #explain}; null when it was not said. */
    private final String expected;
    private volatile List<String> fields;
    /** Per field, the lowest and highest value taken; null when unbounded. */
    private volatile double[][] bounds;
    private final AtomicReference<double[]> latest = new AtomicReference<>();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();

    /** A mailbox that accepts every command. */
    public CommandInput(String name) {
        this(name, values -> true);
    }

    /** A mailbox that drops (and counts) commands for which {@code acceptance} answers false. */
    public CommandInput(String name, Predicate<double[]> acceptance) {
        this(name, List.of(), null, acceptance, null);
    }

    private CommandInput(String name, List<String> fields, ValueRule rule, Predicate<double[]> acceptance,
            String expected) {
        this.name = Objects.requireNonNull(name, "name");
        this.fields = List.copyOf(fields);
        this.rule = rule;
        this.acceptance = Objects.requireNonNull(acceptance, "acceptance");
        this.expected = expected;
    }

    /** A mailbox that drops commands holding NaN or an infinity. */
    public static CommandInput finiteOnly(String name) {
        return new CommandInput(name, CommandInput::allFinite);
    }

    /**
     * A mailbox that takes exactly {@code fields.size()} values (one per field, in that order) that {@code rule}
     * allows; anything else is dropped and counted, and {@link #offer} answers false.
     *
     * @since 1.1
     */
    public static CommandInput of(String name, List<String> fields, ValueRule rule) {
        return new CommandInput(name, fields, Objects.requireNonNull(rule, "rule"), values -> true, null);
    }

    /**
     * As {@link #of(String, List, ValueRule)}, and also refusing (and counting) a command that {@code acceptance}
     * answers false for, e.g. a quaternion that is not of unit length; {@link #explain} then says
     * {@code "<name> takes <expected>, got [...]"}. {@code acceptance} sees only commands of the right length whose
     * values the rule allows.
     *
     * @param expected what the acceptance takes, in words: {@code "a unit quaternion (qx qy qz qw)"}
     * @since 1.3
     */
    public static CommandInput of(String name, List<String> fields, ValueRule rule, Predicate<double[]> acceptance,
            String expected) {
        return new CommandInput(name, fields, Objects.requireNonNull(rule, "rule"),
                Objects.requireNonNull(acceptance, "acceptance"), Objects.requireNonNull(expected, "expected"));
    }

    public static boolean allFinite(double[] values) {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * The names of the values a command carries, in order; empty for a mailbox that takes any number of values.
     *
     * @since 1.1
     */
    public List<String> fields() {
        return fields;
    }

    /**
     * Off the loop, at configure: new fields (the controller's joints changed). A command offered for the old fields
     * and not polled yet is dropped.
     *
     * @throws IllegalStateException for a mailbox made without fields
     * @since 1.1
     */
    public void reshape(List<String> newFields) {
        if (rule == null) {
            throw new IllegalStateException(name + " takes any number of values; it has no fields to reshape");
        }
        fields = List.copyOf(newFields);
        bounds = null;
        latest.set(null);
    }

    /**
     * Off the loop, at configure: the values each field takes, e.g. a joint's position limits, so that a command
     * beyond them is refused with one line instead of being clamped by the loop. {@code lower[i]}/{@code upper[i]}
     * belong to field i; infinities leave a field unbounded.
     *
     * @throws IllegalArgumentException when the arrays do not have one entry per field
     * @since 1.1
     */
    public void bound(double[] lower, double[] upper) {
        if (lower.length != fields.size() || upper.length != fields.size()) {
            throw new IllegalArgumentException(name + " has " + fields.size() + " fields; bounds need one entry each");
        }
        bounds = new double[][] {lower.clone(), upper.clone()};
    }

    /**
     * Why {@link #offer} would refuse these values, or null when it would take them.
     *
     * @since 1.1
     */
    public Refusal check(double... values) {
        if (rule != null) {
            if (values.length != fields.size()) {
                return Refusal.WRONG_COUNT;
            }
            for (double v : values) {
                if (Double.isInfinite(v) || Double.isNaN(v) && rule == ValueRule.FINITE) {
                    return Refusal.NOT_FINITE;
                }
            }
            if (outOfRange(values) >= 0) {
                return Refusal.OUT_OF_RANGE;
            }
        }
        return acceptance.test(values) ? null : Refusal.NOT_ACCEPTED;
    }

    /**
     * One line that says why {@link #offer} would refuse these values and what it expects, or null when it would
     * take them: {@code "fwd/commands takes 7 values (joint1/position, ...), got 3"}.
     *
     * @since 1.1
     */
    public String explain(double... values) {
        Refusal r = check(values);
        if (r == null) {
            return null;
        }
        List<String> f = fields;
        return switch (r) {
            case WRONG_COUNT -> name + " takes " + f.size() + (f.size() == 1 ? " value (" : " values (")
                    + String.join(", ", f) + "), got " + values.length;
            case NOT_FINITE -> name + " takes " + (rule == ValueRule.FINITE ? "finite numbers" : "finite numbers or NaN")
                    + ", got " + firstBad(values, f);
            case NOT_ACCEPTED -> expected == null ? name + " refused " + Arrays.toString(values)
                    : name + " takes " + expected + ", got " + Arrays.toString(values);
            case OUT_OF_RANGE -> {
                int i = outOfRange(values);
                double[][] b = bounds;
                yield String.format(Locale.ROOT, "%s takes %s from %s to %s (its limits), got %s", name, f.get(i),
                        b[0][i], b[1][i], values[i]);
            }
        };
    }

    /** The first field whose value is outside its bounds, or -1. */
    private int outOfRange(double[] values) {
        double[][] b = bounds;
        if (b == null || values.length != b[0].length) {
            return -1;
        }
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (v < b[0][i] || v > b[1][i]) {
                return i;
            }
        }
        return -1;
    }

    private String firstBad(double[] values, List<String> f) {
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (Double.isInfinite(v) || Double.isNaN(v) && rule == ValueRule.FINITE) {
                return String.format(Locale.ROOT, "%s for %s", v, i < f.size() ? f.get(i) : "value " + (i + 1));
            }
        }
        return Arrays.toString(values);
    }

    /**
     * Any thread: hands over a copy of {@code values}; false when the command was dropped (see {@link #check}).
     */
    public boolean offer(double... values) {
        double[] copy = Arrays.copyOf(values, values.length);
        if (check(copy) != null) {
            rejected.incrementAndGet();
            return false;
        }
        latest.set(copy);
        accepted.incrementAndGet();
        return true;
    }

    /** Loop: the newest command offered since the previous poll, or null. The array must not be modified. */
    public double[] poll() {
        return latest.getAndSet(null);
    }

    /** Forgets a command not yet polled, e.g. on activation so that a stale command does not move the robot. */
    public void clear() {
        latest.set(null);
    }

    public long acceptedCount() {
        return accepted.get();
    }

    public long rejectedCount() {
        return rejected.get();
    }

    @Override
    public String toString() {
        return "CommandInput[" + name + "]";
    }
}
