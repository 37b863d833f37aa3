package org.robocell.driver.franka.protocol;

/**
 * The FCI protocol versions this package speaks ({@code research_interface::robot::kVersion}). They differ in the
 * command with id 11 ({@code LoadModelLibrary} in 7, {@code GetRobotModel} in 10), the {@code Move} request (10
 * appends the asynchronous motion generator's settings) and the {@code RobotState}: doubles in 7, float32 plus the
 * accelerometers in 10. {@code RobotCommand} is the same in both.
 */
public enum ProtocolVersion {
    /** libfranka 0.13.3–0.13.6, FR3 system 5.5 and later. */
    V7(7, 2373, 56),
    /** libfranka 0.18 and later, FR3 system 5.9 and later. */
    V10(10, 1377, 113);

    private final int number;
    private final int robotStateSize;
    private final int moveRequestSize;

    ProtocolVersion(int number, int robotStateSize, int moveRequestSize) {
        this.number = number;
        this.robotStateSize = robotStateSize;
        this.moveRequestSize = moveRequestSize;
    }

    /** The number sent in {@code Connect}. */
    public int number() {
        return number;
    }

    /** Bytes of one RobotState datagram. */
    public int robotStateSize() {
        return robotStateSize;
    }

    /** Bytes of the Move request payload (after the header). */
    public int moveRequestSize() {
        return moveRequestSize;
    }

    /** Whether RobotState carries float32 values (and the accelerometers) instead of doubles. */
    public boolean floatState() {
        return this == V10;
    }

    /** The version with this number, or empty. */
    public static java.util.Optional<ProtocolVersion> of(int number) {
        for (ProtocolVersion v : values()) {
            if (v.number == number) {
                return java.util.Optional.of(v);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * The version named by a configuration value ("7" or "10").
     *
     * @throws IllegalArgumentException naming the value and the versions supported
     */
    public static ProtocolVersion parse(String text) {
        try {
            return of(Integer.parseInt(text.trim())).orElseThrow(NumberFormatException::new);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("FCI protocol version '" + text + "' is not supported: expected 7"
                    + " (libfranka 0.13.3-0.13.6) or 10 (libfranka 0.18 and later)");
        }
    }

    @Override
    public String toString() {
        return "FCI v" + number;
    }
}
