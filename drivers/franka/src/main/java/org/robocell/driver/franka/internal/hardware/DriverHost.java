package org.robocell.driver.franka.internal.hardware;

/** What a Franka component needs from the framework around it. */
interface DriverHost {

    /** Registers the component's {@code FrankaRobot} service; running the returned action withdraws it. */
    Runnable announce(FrankaHardware hardware);

    /**
     * Whether the runtime or the driver's own bundle is stopping: a robot that vanishes then (an emulator in the
     * same runtime stops first) is part of the shutdown, not a failure worth an error line.
     */
    boolean stopping();

    /** Outside a framework (unit tests): no service, never stopping. */
    DriverHost NONE = new DriverHost() {
        @Override
        public Runnable announce(FrankaHardware hardware) {
            return () -> {
            };
        }

        @Override
        public boolean stopping() {
            return false;
        }
    };
}
