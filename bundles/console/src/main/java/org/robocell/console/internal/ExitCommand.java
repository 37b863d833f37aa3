package org.robocell.console.internal;

import org.apache.felix.service.command.Descriptor;

/**
 * {@code exit}: ends the shell; the launcher then stops every bundle and the process ends with status 0. Ranked
 * above gogo's {@code system:exit(int)}, which would end the JVM without stopping the bundles.
 */
public final class ExitCommand {

    static final String[] FUNCTIONS = { "exit", "shutdown" };

    private final Runnable requestExit;

    ExitCommand(Runnable requestExit) {
        this.requestExit = requestExit;
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
