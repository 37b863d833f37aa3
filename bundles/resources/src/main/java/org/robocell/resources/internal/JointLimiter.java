package org.robocell.resources.internal;

import static org.robocell.resources.internal.JointSaturation.POSITION_BOUNDS_TOLERANCE;
import static org.robocell.resources.internal.JointSaturation.clamp;

import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;

/**
 * Enforces one joint's limits on its commands every cycle, as ros2_control's joint limiters do
 * ({@code joint_limits/src/joint_saturation_limiter.cpp}, {@code joint_soft_limiter.cpp},
 * {@code joint_limits_helpers.cpp}): the position command stays in the position range and moves at most
 * {@code max_velocity · dt} from the previous command per cycle (less while the joint accelerates, when an acceleration
 * limit is given); velocity, effort, acceleration and jerk commands stay within theirs; with soft limits from the URDF
 * {@code <safety_controller>}, commands slow down towards the soft range's ends by {@code k_position} and efforts by
 * {@code k_velocity}.
 * <p>
 * The previous command starts from the measured state: after {@link #restart()} (the component or a controller
 * commanding the joint was activated) the first command is limited around where the joint is, not where an earlier
 * command left it. One difference from ros2_control: a joint measured outside its hard position range may only hold
 * or move back inside, at its velocity limit; ros2_control throws there, and its limits would snap the command to the
 * range's end in one cycle.
 * <p>
 * This class keeps the joint's state from cycle to cycle and the position window around the previous command;
 * {@link JointSaturation} bounds the other kinds of command.
 * <p>
 * Real time: plain arithmetic on preallocated fields, no allocation, no lock.
 */
final class JointLimiter {

    /** ros2_control's soft-limit recovery speed once past a soft limit: 1 degree per second. */
    private static final double SOFT_LIMIT_REACH_VELOCITY = Math.PI / 180.0;
    private static final int NONE = -1;

    private final JointLimits hard;
    private final SoftJointLimits soft;
    private final JointSaturation saturation;

    // command slots (NONE when the joint has no such command interface)
    private final int positionCommand;
    private final int velocityCommand;
    private final int effortCommand;
    private final int accelerationCommand;
    private final int jerkCommand;
    // measured state slots (NONE when absent)
    private final int positionState;
    private final int velocityState;

    // this cycle's bounds (fields, so that nothing is allocated)
    private double windowLow;
    private double windowHigh;
    private double softMinVelocity = Double.NEGATIVE_INFINITY;
    private double softMaxVelocity = Double.POSITIVE_INFINITY;

    // previous limited commands; NaN = none yet
    private double previousPosition = Double.NaN;
    private double previousVelocity = Double.NaN;
    private boolean started;

    JointLimiter(JointLimits hard, SoftJointLimits soft, int positionCommand, int velocityCommand, int effortCommand,
            int accelerationCommand, int jerkCommand, int positionState, int velocityState) {
        this.hard = hard;
        this.soft = soft;
        this.saturation = new JointSaturation(hard, soft);
        this.positionCommand = positionCommand;
        this.velocityCommand = velocityCommand;
        this.effortCommand = effortCommand;
        this.accelerationCommand = accelerationCommand;
        this.jerkCommand = jerkCommand;
        this.positionState = positionState;
        this.velocityState = velocityState;
    }

    /** The next cycle starts from the measured state (ros2_control's {@code reset_internals}). */
    void restart() {
        started = false;
        previousPosition = Double.NaN;
        previousVelocity = Double.NaN;
    }

    /** Whether this limiter limits the command in {@code slot}. */
    boolean commands(int slot) {
        return slot != NONE && (slot == positionCommand || slot == velocityCommand || slot == effortCommand
                || slot == accelerationCommand || slot == jerkCommand);
    }

    /**
     * Limits this cycle's commands in place. Commands are finite here (the caller replaced NaN and infinity).
     *
     * @return how many commands it changed
     */
    int enforce(InterfaceSlots slots, double dt) {
        if (!(dt > 0)) {
            return 0;
        }
        double actualPosition = positionState == NONE ? Double.NaN : finiteOrNaN(slots.get(positionState));
        double actualVelocity = velocityState == NONE ? Double.NaN : finiteOrNaN(slots.get(velocityState));
        if (!started) {
            start(slots, actualPosition, actualVelocity);
        }
        int limited = 0;
        if (soft != null) {
            softVelocityRange(actualPosition);
        }
        if (positionCommand != NONE) {
            double desired = slots.get(positionCommand);
            positionWindow(actualPosition, actualVelocity, dt);
            double limit = soft != null ? softPosition(desired, dt) : clamp(desired, windowLow, windowHigh);
            if (limit != desired) {
                slots.set(positionCommand, limit);
                limited++;
            }
            previousPosition = limit;
        }
        if (velocityCommand != NONE) {
            double desired = slots.get(velocityCommand);
            double limit = saturation.velocity(desired, actualPosition, actualVelocity, previousVelocity, dt,
                    softMinVelocity, softMaxVelocity);
            if (limit != desired) {
                slots.set(velocityCommand, limit);
                limited++;
            }
            previousVelocity = limit;
        }
        if (effortCommand != NONE) {
            double desired = slots.get(effortCommand);
            double limit = saturation.effort(desired, actualPosition, actualVelocity, softMinVelocity,
                    softMaxVelocity);
            if (limit != desired) {
                slots.set(effortCommand, limit);
                limited++;
            }
        }
        if (accelerationCommand != NONE) {
            double desired = slots.get(accelerationCommand);
            double limit = saturation.acceleration(desired, actualVelocity);
            if (limit != desired) {
                slots.set(accelerationCommand, limit);
                limited++;
            }
        }
        if (jerkCommand != NONE) {
            double desired = slots.get(jerkCommand);
            double limit = saturation.jerk(desired);
            if (limit != desired) {
                slots.set(jerkCommand, limit);
                limited++;
            }
        }
        return limited;
    }

    /** The previous commands come from the measured state when it is there, else from the first command. */
    private void start(InterfaceSlots slots, double actualPosition, double actualVelocity) {
        if (positionCommand != NONE) {
            // without a measurement the first command is the reference, brought into the range: only a joint that
            // is measured outside its range may start from outside it
            previousPosition = !Double.isNaN(actualPosition) ? actualPosition
                    : clamp(finiteOrNaN(slots.get(positionCommand)), hard.lower(), hard.upper());
        }
        if (velocityCommand != NONE) {
            previousVelocity = !Double.isNaN(actualVelocity) ? actualVelocity : finiteOrNaN(slots.get(velocityCommand));
        }
        started = true;
    }

    /**
     * The hard window of the position command this cycle into {@link #windowLow}/{@link #windowHigh}: the range, and a
     * step from the previous command (or the measured position) bounded by the velocity limit.
     */
    private void positionWindow(double actualPosition, double actualVelocity, double dt) {
        double lower = hard.lower();
        double upper = hard.upper();
        double reference = !Double.isNaN(previousPosition) ? previousPosition : actualPosition;
        if (hard.hasVelocityLimits() && !Double.isNaN(reference)) {
            double step = saturation.maxVelocity(actualVelocity, dt) * dt;
            if (reference > upper) {
                // outside: hold, or move back in
                lower = Math.max(reference - step, lower);
                upper = reference;
            } else if (reference < lower) {
                upper = Math.min(reference + step, upper);
                lower = reference;
            } else {
                lower = Math.max(reference - step, lower);
                upper = Math.min(reference + step, upper);
            }
        }
        windowLow = Math.min(lower, upper);
        windowHigh = Math.max(lower, upper);
    }

    /** The soft limiter's position: inside the soft range, moving by the k_position-shaped velocity from the last. */
    private double softPosition(double desired, double dt) {
        double reference = previousPosition;
        double low = Double.NEGATIVE_INFINITY;
        double high = Double.POSITIVE_INFINITY;
        if (soft.hasPositionLimits()) {
            low = soft.lower();
            high = soft.upper();
        }
        if (hard.hasVelocityLimits() && Double.isFinite(reference)) {
            low = clamp(reference + softMinVelocity * dt, low, high);
            high = clamp(reference + softMaxVelocity * dt, low, high);
        }
        double lo = Math.max(low, windowLow);
        double hi = Math.min(high, windowHigh);
        if (lo > hi) {
            // previous command far outside the soft range: the soft band alone decides
            lo = low;
            hi = high;
        }
        return clamp(desired, lo, hi);
    }

    /**
     * ros2_control's soft velocity range into {@link #softMinVelocity}/{@link #softMaxVelocity}: k_position times the
     * distance to each soft end, within the hard limit; nothing beyond the hard range, 1 deg/s once past a soft end.
     */
    private void softVelocityRange(double actualPosition) {
        double max = hard.velocity();
        double reference = !Double.isNaN(previousPosition) ? previousPosition : actualPosition;
        double vMin = -max;
        double vMax = max;
        if (hard.hasVelocityLimits() && hard.hasPositionLimits() && soft.slowsDown() && Double.isFinite(reference)) {
            vMin = clamp(-soft.kPosition() * (reference - soft.lower()), -max, max);
            vMax = clamp(-soft.kPosition() * (reference - soft.upper()), -max, max);
            double at = Double.isNaN(actualPosition) ? reference : actualPosition;
            if (at < hard.lower() - POSITION_BOUNDS_TOLERANCE || at > hard.upper() + POSITION_BOUNDS_TOLERANCE) {
                vMin = 0.0;
                vMax = 0.0;
            } else if (at < soft.lower() || at > soft.upper()) {
                vMin = Math.copySign(SOFT_LIMIT_REACH_VELOCITY, vMin);
                vMax = Math.copySign(SOFT_LIMIT_REACH_VELOCITY, vMax);
            }
        }
        softMinVelocity = vMin;
        softMaxVelocity = vMax;
    }

    private static double finiteOrNaN(double v) {
        return Double.isFinite(v) ? v : Double.NaN;
    }
}
