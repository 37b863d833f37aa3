package org.robocell.driver.franka.control;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * libfranka's {@code ControlException}: a motion ended in an error (a reflex, a refused command, a broken
 * connection), with the {@link FlightLog} of the last states and commands before it. {@link #message} builds
 * libfranka's text ({@code createControlException} in {@code src/robot_impl.cpp}).
 */
public final class FrankaControlException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient FlightLog log;

    public FrankaControlException(String message, FlightLog log) {
        super(message);
        this.log = log == null ? FlightLog.empty() : log;
    }

    /** The last states and commands before the error, oldest first (empty if none were recorded). */
    public FlightLog log() {
        return log;
    }

    /**
     * libfranka's message: {@code what}; for a motion aborted by a reflex, then the robot's errors (e.g. {@code
     * "[joint_velocity_violation]"}) and, with two records or more, the success rate of the second-to-last record
     * scaled by the packets lost between the last two ({@code "control_command_success_rate: 0.94 packets lost in a
     * row in the last sample: 5"}).
     */
    public static String message(String what, boolean reflexAborted, String reflexErrors, FlightLog log) {
        StringBuilder message = new StringBuilder(what);
        if (reflexAborted) {
            message.append(' ').append(reflexErrors);
            if (log.size() >= 2) {
                long lost = log.messageId(log.size() - 1) - log.messageId(log.size() - 2) - 1;
                double rate = log.controlCommandSuccessRate(log.size() - 2) * (1 - (double) lost / 100);
                message.append('\n').append("control_command_success_rate: ").append(sixDigits(rate));
                if (lost > 0) {
                    message.append(" packets lost in a row in the last sample: ").append(lost);
                }
            }
        }
        return message.toString();
    }

    /** A number as a C++ stream writes it by default (six significant digits, no trailing zeros). */
    static String sixDigits(double value) {
        if (!Double.isFinite(value)) {
            return Double.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
