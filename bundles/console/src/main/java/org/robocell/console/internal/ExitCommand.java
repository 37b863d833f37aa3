package org.robocell.console.internal;

import org.apache.felix.service.command.Descriptor;

/**
 * {@code exit}: ends the shell; the launcher then stops every bundle and the process ends with status 0. Ranked
 * above gogo's {@code system:exit(int)}, which would end the JVM without stopping the bundles.
 */
public final class ExitCommand {

    static final String[] FUNCTIONS = { "exit", "shutdown", "startup" };

    private final Runnable requestExit;
    private final java.util.function.LongSupplier shellReadyMillis;

    ExitCommand(Runnable requestExit, java.util.function.LongSupplier shellReadyMillis) {
        this.requestExit = requestExit;
        this.shellReadyMillis = shellReadyMillis;
    }

    @Descriptor("how long the start took: JVM start to a ready shell, in milliseconds")
    public String startup() {
        long ready = shellReadyMillis.getAsLong();
        return ready < 0 ? "the shell has no main thread (embedded framework)" : "shell ready " + ready + " ms after the JVM started";
    }

    @Descriptor("stop RoboCell: stop every bundle and end the process")
    public void exit() {
        requestExit.run();
    }

    @Descriptor("stop RoboCell: stop every bundle and end the process (the status is 0 after a clean stop)")
    public void exit(int ignoredStatus) {
        exit();
    }

    @Descriptor("stop RoboCell: stop every bundle and end the process")
    public void shutdown() {
        exit();
    }
}
