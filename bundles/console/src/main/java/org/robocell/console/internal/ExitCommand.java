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
    private final Runnable requestExit;
    private final java.util.function.Consumer<String> requestShutdown;
    private final java.util.function.LongSupplier shellReadyMillis;

    /** @param requestShutdown stops RoboCell and logs who asked ("by ..." or "on the local console") */
    ExitCommand(Runnable requestExit, java.util.function.Consumer<String> requestShutdown,
            java.util.function.LongSupplier shellReadyMillis) {
        this.requestExit = requestExit;
        this.requestShutdown = requestShutdown;
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
        requestShutdown.accept(origin != null ? "by " + origin : "on the local console");
    }
}
