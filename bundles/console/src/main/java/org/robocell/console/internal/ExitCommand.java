package org.robocell.console.internal;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.robocell.console.ShellRunner;

/**
 * {@code exit}: ends the shell; the launcher then stops every bundle and the process ends with status 0. In a session
 * that carries {@link ShellRunner#CLOSE_SESSION} (a remote session), {@code exit} closes that session only;
 * {@code shutdown} always stops RoboCell. Ranked above gogo's {@code system:exit(int)}, which would end the JVM
 * without stopping the bundles.
 */
public final class ExitCommand {

    static final String[] FUNCTIONS = { "exit", "shutdown", "startup" };
    private static final System.Logger LOG = System.getLogger("org.robocell.console");

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

    @Descriptor("leave the shell: stops RoboCell (every bundle, then the process); in a remote session, closes only that session")
    public void exit(CommandSession session) {
        if (session != null && session.get(ShellRunner.CLOSE_SESSION) instanceof Runnable closeThisSession) {
            closeThisSession.run();
        } else {
            requestExit.run();
        }
    }

    @Descriptor("leave the shell like exit (the status is 0 after a clean stop)")
    public void exit(CommandSession session, int ignoredStatus) {
        exit(session);
    }

    @Descriptor("stop RoboCell: stop every bundle and end the process, also from a remote session")
    public void shutdown(CommandSession session) {
        Object origin = session == null ? null : session.get(ShellRunner.SESSION_ORIGIN);
        LOG.log(System.Logger.Level.INFO, origin != null ? "shutdown requested by " + origin
                : "shutdown requested on the local console");
        requestExit.run();
    }
}
