package org.robocell.driver.franka.gripper.internal.hardware;

/**
 * Checks a command's numbers before anything is sent: one line naming the first bad one, or null when all can go to
 * the Hand.
 */
final class GripperArguments {

    private GripperArguments() {
    }

    static String move(double width, double speed, double maxWidth) {
        String w = width(width, maxWidth);
        return w != null ? w : positive("speed", speed, "m/s");
    }

    static String grasp(double width, double speed, double force, double epsilonInner, double epsilonOuter,
            double maxWidth) {
        String w = move(width, speed, maxWidth);
        if (w != null) {
            return w;
        }
        String f = positive("force", force, "N");
        if (f != null) {
            return f;
        }
        String i = notNegative("epsilon_inner", epsilonInner);
        return i != null ? i : notNegative("epsilon_outer", epsilonOuter);
    }

    private static String width(double width, double maxWidth) {
        if (!Double.isFinite(width)) {
            return "width=" + width + " is not a number; nothing sent";
        }
        if (width < 0) {
            return "width=" + width + " m is negative; nothing sent";
        }
        if (width > maxWidth) {
            return "width=" + width + " m is beyond the Hand's max width " + maxWidth + " m; nothing sent";
        }
        return null;
    }

    private static String positive(String name, double value, String unit) {
        if (!Double.isFinite(value)) {
            return name + "=" + value + " is not a number; nothing sent";
        }
        return value > 0 ? null : name + "=" + value + " " + unit + " must be above 0; nothing sent";
    }

    private static String notNegative(String name, double value) {
        if (!Double.isFinite(value)) {
            return name + "=" + value + " is not a number; nothing sent";
        }
        return value >= 0 ? null : name + "=" + value + " m is negative; nothing sent";
    }
}
