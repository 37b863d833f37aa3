package org.robocell.cell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The control modes of the KUKA drivers (kuka_drivers_core's control mode, the iiQKA ExternalControlMode numbers),
 * each with the command interfaces it needs. Joint modes need their interfaces on every joint; Cartesian modes and
 * wrench need the Cartesian interfaces kuka_drivers names ({@code HW_IF_CART_PREFIX}: {@code dummy_cart_joint/x/position}
 * ..., as the FRI and EAC drivers export them), or a command interface of the mode's own name under any prefix
 * ({@code tcp/cart_position}).
 * <p>
 * A robot's control mode is named after one of these ({@code joint_position}, or FRI's {@code cartesian_pose} for
 * {@code cartesian_position}) or a variant of one ({@code joint_position.streaming}: the same mode on the robot, other
 * controllers); a mode of another name has no known needs.
 */
enum ControlMode {
    JOINT_POSITION(1, true, "position"),
    JOINT_IMPEDANCE(2, true, "position", "stiffness", "damping"),
    JOINT_VELOCITY(3, true, "velocity"),
    JOINT_TORQUE(4, true, "effort"),
    CARTESIAN_POSITION(5, false, "cart_position"),
    CARTESIAN_IMPEDANCE(6, false, "cart_position", "cart_stiffness", "cart_damping"),
    CARTESIAN_VELOCITY(7, false, "cart_velocity"),
    WRENCH(8, false, "wrench");

    /** kuka_drivers' prefix of Cartesian interfaces ({@code hardware_interface_types.hpp}, {@code HW_IF_CART_PREFIX}). */
    static final String CARTESIAN_PREFIX = "dummy_cart_joint/";

    private final int code;
    private final boolean perJoint;
    private final List<String> interfaces;

    ControlMode(int code, boolean perJoint, String... interfaces) {
        this.code = code;
        this.perJoint = perJoint;
        this.interfaces = List.of(interfaces);
    }

    /** {@code joint_position}, as the shell and configurations write it. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    int code() {
        return code;
    }

    boolean perJoint() {
        return perJoint;
    }

    /** Interface names (the part after the last slash) the mode commands. */
    List<String> interfaces() {
        return interfaces;
    }

    /**
     * The KUKA mode a robot's mode name stands for: {@code joint_position}, {@code joint_position.variant}, the enum
     * names of kuka_drivers ({@code JOINT_POSITION_CONTROL}) or their numbers ({@code 1}); null for any other name.
     */
    static ControlMode of(String modeName) {
        if (modeName == null) {
            return null;
        }
        String n = modeName.trim();
        int dot = n.indexOf('.');
        if (dot > 0) {
            n = n.substring(0, dot);
        }
        n = n.toLowerCase(Locale.ROOT);
        if (n.endsWith("_control")) {
            n = n.substring(0, n.length() - "_control".length());
        }
        for (ControlMode m : values()) {
            if (m.label().equals(n) || String.valueOf(m.code).equals(n)) {
                return m;
            }
        }
        // FRI's ClientCommandMode and the drivers' emulators call Cartesian position control cartesian_pose
        return n.equals("cartesian_pose") ? CARTESIAN_POSITION : null;
    }

    /** The labels of every mode, in KUKA's order. */
    static List<String> labels() {
        List<String> out = new ArrayList<>();
        for (ControlMode m : values()) {
            out.add(m.label());
        }
        return out;
    }

    /** The interface under {@code dummy_cart_joint/<axis>/} that kuka_drivers gives a Cartesian need. */
    private static String kukaDriversName(String need) {
        return switch (need) {
            case "cart_position" -> "position";
            case "cart_stiffness" -> "stiffness";
            case "cart_damping" -> "damping";
            case "cart_velocity" -> "velocity";
            default -> "effort"; // wrench: kuka_drivers' FRI branches command dummy_cart_joint/<axis>/effort
        };
    }

    /**
     * The command interfaces the mode needs on a robot with these joints; those that {@code available} lacks go to
     * {@code missing}.
     */
    List<String> needs(List<String> joints, java.util.Set<String> available, List<String> missing) {
        List<String> out = new ArrayList<>();
        for (String i : interfaces) {
            if (perJoint) {
                for (String j : joints) {
                    String full = j + "/" + i;
                    out.add(full);
                    if (!available.contains(full)) {
                        missing.add(full);
                    }
                }
            } else {
                String found = null;
                String axisInterface = "/" + kukaDriversName(i);
                for (String a : available) {
                    if (a.endsWith("/" + i) || a.equals(i)
                            || (a.startsWith(CARTESIAN_PREFIX) && a.endsWith(axisInterface)
                                    && a.indexOf('/', CARTESIAN_PREFIX.length()) == a.length() - axisInterface.length())) {
                        found = a;
                        out.add(a);
                    }
                }
                if (found == null) {
                    String expected = CARTESIAN_PREFIX + "*" + axisInterface;
                    out.add(expected);
                    missing.add(expected);
                }
            }
        }
        return out;
    }
}
