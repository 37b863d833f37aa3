package org.robocell.driver.franka.api;

import java.util.Locale;

/**
 * libfranka's {@code franka::Frame} ({@code include/franka/model.h}), in its order: the frames of the seven joints
 * (the URDF's {@code link1}…{@code link7}, whose origins sit on the joint axes), the flange ({@code link8}), the end
 * effector ({@code F_T_EE} from the flange: {@code F_T_NE · NE_T_EE}, set by {@code setEE}) and the stiffness frame
 * ({@code EE_T_K} from the end effector, set by {@code setK}).
 *
 * @since 1.1
 */
public enum FrankaFrame {
    JOINT1("kJoint1"), JOINT2("kJoint2"), JOINT3("kJoint3"), JOINT4("kJoint4"), JOINT5("kJoint5"),
    JOINT6("kJoint6"), JOINT7("kJoint7"), FLANGE("kFlange"), END_EFFECTOR("kEndEffector"), STIFFNESS("kStiffness");

    private final String libfrankaName;

    FrankaFrame(String libfrankaName) {
        this.libfrankaName = libfrankaName;
    }

    /** libfranka's name of the frame ({@code kEndEffector}). */
    public String libfrankaName() {
        return libfrankaName;
    }

    /**
     * The frame named {@code name}: libfranka's name ({@code kFlange}), this enum's ({@code FLANGE},
     * {@code end_effector}), or the short forms {@code joint1}…{@code joint7}, {@code J1}…{@code J7}, {@code EE},
     * {@code K}; case is ignored.
     *
     * @throws IllegalArgumentException naming the frames there are, for any other name
     */
    public static FrankaFrame parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT).replace("_", "");
        for (FrankaFrame f : values()) {
            String own = f.name().toLowerCase(Locale.ROOT).replace("_", "");
            if (n.equals(own) || n.equals(f.libfrankaName.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        if (n.matches("j[1-7]")) {
            return values()[n.charAt(1) - '1'];
        }
        if (n.equals("ee")) {
            return END_EFFECTOR;
        }
        if (n.equals("k")) {
            return STIFFNESS;
        }
        throw new IllegalArgumentException("unknown frame '" + name + "': expected one of joint1..joint7, flange,"
                + " end_effector (EE), stiffness (K), or libfranka's kJoint1..kJoint7, kFlange, kEndEffector,"
                + " kStiffness");
    }
}
