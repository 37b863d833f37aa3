package org.robocell.description;

import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.Link;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;

/**
 * A URDF of the model the cell runs (its link and joint names as the cell uses them, after any prefix), for the
 * live views (Foxglove's {@code /<robot>/robot_description}, the web console's 3D view). The cell keeps kinematics,
 * not geometry: each link is drawn as a thin cylinder from its origin to each child joint's origin and a small
 * sphere at its origin, so that a URDF viewer shows the arm's skeleton moving with the joint states.
 *
 * @since 1.2
 */
public final class UrdfWriter {

    /** The radius of a link's cylinder, m. */
    public static final double RADIUS = 0.02;

    private UrdfWriter() {
    }

    /** The URDF text of the model. */
    public static String write(RobotModel model) {
        StringBuilder sb = new StringBuilder();
        sb.append("<?xml version=\"1.0\"?>\n<robot name=\"").append(xml(model.name() == null ? "robot" : model.name()))
                .append("\">\n");
        for (Link l : model.links().values()) {
            sb.append("  <link name=\"").append(xml(l.name())).append("\">\n");
            sb.append("    <visual><geometry><sphere radius=\"").append(num(RADIUS * 1.5)).append("\"/></geometry></visual>\n");
            for (Joint j : model.joints().values()) {
                if (j.parent().equals(l.name())) {
                    bone(sb, j.origin());
                }
            }
            sb.append("  </link>\n");
        }
        for (Joint j : model.joints().values()) {
            Pose o = j.origin();
            sb.append("  <joint name=\"").append(xml(j.name())).append("\" type=\"").append(j.type().urdfName())
                    .append("\">\n");
            sb.append("    <parent link=\"").append(xml(j.parent())).append("\"/>\n");
            sb.append("    <child link=\"").append(xml(j.child())).append("\"/>\n");
            sb.append("    <origin xyz=\"").append(num(o.x())).append(' ').append(num(o.y())).append(' ')
                    .append(num(o.z())).append("\" rpy=\"").append(num(o.roll())).append(' ').append(num(o.pitch()))
                    .append(' ').append(num(o.yaw())).append("\"/>\n");
            sb.append("    <axis xyz=\"").append(num(j.axis().x())).append(' ').append(num(j.axis().y())).append(' ')
                    .append(num(j.axis().z())).append("\"/>\n");
            JointLimits lim = j.limits();
            if (j.type().isSingleDof() && lim != null && lim != JointLimits.NONE) {
                sb.append("    <limit lower=\"").append(num(finite(lim.lower()))).append("\" upper=\"")
                        .append(num(finite(lim.upper()))).append("\" effort=\"").append(num(finite(lim.effort())))
                        .append("\" velocity=\"").append(num(finite(lim.velocity()))).append("\"/>\n");
            }
            if (j.mimic() != null) {
                sb.append("    <mimic joint=\"").append(xml(j.mimic().joint())).append("\" multiplier=\"")
                        .append(num(j.mimic().multiplier())).append("\" offset=\"").append(num(j.mimic().offset()))
                        .append("\"/>\n");
            }
            sb.append("  </joint>\n");
        }
        return sb.append("</robot>\n").toString();
    }

    /** A cylinder from the link origin to a child joint's origin (along z, rotated onto the offset). */
    private static void bone(StringBuilder sb, Pose to) {
        double len = Math.sqrt(to.x() * to.x() + to.y() * to.y() + to.z() * to.z());
        if (len < 1e-6) {
            return;
        }
        double pitch = Math.acos(Math.max(-1, Math.min(1, to.z() / len)));
        double yaw = Math.atan2(to.y(), to.x());
        sb.append("    <visual><origin xyz=\"").append(num(to.x() / 2)).append(' ').append(num(to.y() / 2)).append(' ')
                .append(num(to.z() / 2)).append("\" rpy=\"0 ").append(num(pitch)).append(' ').append(num(yaw))
                .append("\"/><geometry><cylinder radius=\"").append(num(RADIUS)).append("\" length=\"")
                .append(num(len)).append("\"/></geometry></visual>\n");
    }

    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    /** The shortest text that reads back as the same double, without an exponent. */
    private static String num(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
