package org.robocell.driver.kuka.eac.emulator;

/**
 * The six joints of the LBR iisy 3 R760: position limits and speed limits from kroshu/kuka_robot_descriptions,
 * {@code kuka_lbr_iisy_support/urdf/lbr_iisy3_r760_macro.xacro} (the {@code <limit lower upper velocity>} of
 * joint_1..joint_6), radians and rad/s.
 */
public final class LbrIisy3R760 {

    public static final int JOINTS = 6;

    static final double[] LOWER = { -3.2288591, -4.0142572796, -2.61799387799, -3.05432619, -1.919862177,
        -3.839724354 };
    static final double[] UPPER = { 3.2288591, 0.8726646, 2.61799387799, 3.05432619, 1.919862177, 3.839724354 };
    static final double[] MAX_VELOCITY = { 3.490656, 3.490656, 3.490656, 5.235988, 5.235988, 6.981310 };
    /** the {@code effort} of the same limits, Nm */
    static final double[] MAX_TORQUE = { 74.930405, 74.472453, 43.393430, 14.767719, 13.187655, 4.834440 };

    /** The "candle" pose the SDK's examples start from: A2 at -90 degrees, all others 0. */
    public static final double[] CANDLE = { 0, -Math.PI / 2, 0, 0, 0, 0 };

    private LbrIisy3R760() {
    }

    public static double lower(int joint) {
        return LOWER[joint];
    }

    public static double upper(int joint) {
        return UPPER[joint];
    }

    public static double maxVelocity(int joint) {
        return MAX_VELOCITY[joint];
    }

    public static boolean withinLimits(int joint, double position) {
        return position >= LOWER[joint] && position <= UPPER[joint];
    }
}
