package org.robocell.driver.kuka.eac.protocol;

/**
 * The eight control modes of iiQKA ExternalAPI.Control ({@code kuka.motion.external.ExternalControlMode}), with the
 * numbers they have on the wire and the names RoboCell's robot lifecycle gives them ({@code bundles/cell} README,
 * "Control modes").
 */
public enum ControlMode {
    JOINT_POSITION(1, "joint_position"),
    JOINT_IMPEDANCE(2, "joint_impedance"),
    JOINT_VELOCITY(3, "joint_velocity"),
    JOINT_TORQUE(4, "joint_torque"),
    CARTESIAN_POSITION(5, "cartesian_position"),
    CARTESIAN_IMPEDANCE(6, "cartesian_impedance"),
    CARTESIAN_VELOCITY(7, "cartesian_velocity"),
    WRENCH(8, "wrench");

    private static final ControlMode[] BY_NUMBER = values();

    private final int number;
    private final String modeName;

    ControlMode(int number, String modeName) {
        this.number = number;
        this.modeName = modeName;
    }

    /** The {@code ExternalControlMode} value. */
    public int number() {
        return number;
    }

    /** RoboCell's name of the mode ({@code joint_position}). */
    public String modeName() {
        return modeName;
    }

    /** The mode of a wire number, null for 0 (unspecified) and numbers outside 1..8. Allocates nothing. */
    public static ControlMode ofNumber(long number) {
        return number >= 1 && number <= BY_NUMBER.length ? BY_NUMBER[(int) number - 1] : null;
    }

    /**
     * The mode written as its number (kuka_drivers' {@code control_mode: 1}), its RoboCell name
     * ({@code joint_position}) or its enum name ({@code JOINT_POSITION_CONTROL}).
     *
     * @throws IllegalArgumentException naming what is accepted
     */
    public static ControlMode parse(String text) {
        String t = text == null ? "" : text.trim();
        for (ControlMode m : BY_NUMBER) {
            if (t.equals(Integer.toString(m.number)) || t.equalsIgnoreCase(m.modeName)
                    || t.equalsIgnoreCase(m.name()) || t.equalsIgnoreCase(m.name() + "_CONTROL")) {
                return m;
            }
        }
        throw new IllegalArgumentException("'" + t + "' is not a control mode: 1..8 or joint_position, joint_impedance,"
                + " joint_velocity, joint_torque, cartesian_position, cartesian_impedance, cartesian_velocity, wrench");
    }

    /** Whether the mode commands joints (rather than the flange in Cartesian space). */
    public boolean isJointMode() {
        return number <= 4;
    }
}
