package org.robocell.description.internal;

import java.util.List;

import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;

/**
 * A joint's limits as ros2_control's component parser builds them ({@code update_interface_limits} and
 * {@code set_custom_interface_values} in {@code hardware_interface/src/component_parser.cpp}): the URDF
 * {@code <limit>}, made more restrictive by the {@code min}/{@code max} of the joint's {@code position},
 * {@code velocity} and {@code effort} command interfaces; acceleration (max = acceleration, |min| = deceleration, each
 * standing in for the other when alone) and jerk (max only) come from command interfaces of those names. A kind whose
 * interface disables limits, or a joint that does, is unlimited. Soft limits are the URDF {@code <safety_controller>}
 * clamped into the hard position range.
 */
final class JointLimitsMerge {

    private static final double INF = Double.POSITIVE_INFINITY;

    private JointLimitsMerge() {
    }

    /**
     * @param urdf             the URDF joint, or null (a description without a URDF joint for it)
     * @param jointLimits      false when {@code <limits enable="false"/>} disables the joint's limits
     * @param commands         the joint's command interfaces, their min/max already merged with the URDF limits
     */
    static JointLimits limits(Joint urdf, boolean jointLimits, List<InterfaceInfo> commands) {
        if (!jointLimits) {
            return JointLimits.NONE;
        }
        JointLimits u = urdf == null ? JointLimits.NONE : urdf.limits();
        double lower = u.lower();
        double upper = u.upper();
        double velocity = u.velocity();
        double effort = u.effort();
        double acceleration = INF;
        double deceleration = INF;
        double jerk = INF;
        for (InterfaceInfo i : commands) {
            boolean on = i.limitsEnabled();
            switch (i.name()) {
                case "position" -> {
                    if (!on) {
                        lower = Double.NEGATIVE_INFINITY;
                        upper = INF;
                    } else {
                        lower = Math.max(lower, i.min());
                        upper = Math.min(upper, i.max());
                    }
                }
                case "velocity" -> velocity = on ? Math.min(velocity, Math.min(Math.abs(i.min()), i.max())) : INF;
                case "effort" -> effort = on ? Math.min(effort, Math.min(Math.abs(i.min()), i.max())) : INF;
                case "acceleration" -> {
                    if (on) {
                        double dec = Double.isFinite(i.min()) ? Math.abs(i.min()) : INF;
                        double acc = Double.isFinite(i.max()) ? i.max() : INF;
                        acceleration = Double.isFinite(acc) ? acc : dec;
                        deceleration = Double.isFinite(dec) ? dec : acc;
                    }
                }
                case "jerk" -> jerk = on && Double.isFinite(i.max()) ? Math.abs(i.max()) : INF;
                default -> {
                    // other interfaces keep their own min/max, enforced as they are
                }
            }
        }
        return new JointLimits(lower, upper, Math.abs(velocity), Math.abs(effort), acceleration, deceleration, jerk);
    }

    /** The URDF soft limits inside the hard position range, or null when the URDF gives none. */
    static SoftJointLimits softLimits(Joint urdf, JointLimits hard) {
        if (urdf == null || urdf.softLimits() == null) {
            return null;
        }
        return urdf.softLimits().within(hard);
    }
}
