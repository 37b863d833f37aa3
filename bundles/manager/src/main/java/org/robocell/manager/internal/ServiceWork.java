package org.robocell.manager.internal;

import java.lang.System.Logger.Level;

/**
 * The manager's side of what the loop flagged: completes answered commits, times out the ones the loop did not take,
 * handles the failed components and logs the failed controllers. Runs off the loop, on the loop's service thread (or
 * on the test thread after each stepped cycle, or on a caller waiting for an answer), one caller at a time.
 */
final class ServiceWork {

    private static final System.Logger LOG = System.getLogger("org.robocell.manager");

    private final ManagerState state;
    private final CommitTracker commits;
    private final HardwareTransitions hardware;
    private final Object drainLock = new Object();

    ServiceWork(ManagerState state, CommitTracker commits, HardwareTransitions hardware) {
        this.state = state;
        this.commits = commits;
        this.hardware = hardware;
    }

    /**
     * Off the loop: completes a committed switch, times out one the loop did not take, handles the hardware and
     * controller failures the loop flagged. Allocates nothing when there is nothing to do.
     */
    void drain() {
        synchronized (drainLock) {
            commits.service();
            if (state.loop.takeServiceEvents()) {
                hardware.handleFailures();
                reportControllerFailures();
            }
        }
    }

    private void reportControllerFailures() {
        for (ManagedController mc : state.controllerList) {
            long errors = mc.errors;
            if (errors != mc.reportedErrors) {
                mc.reportedErrors = errors;
                String why = mc.lastError();
                LOG.log(Level.WARNING, "robot {0}: controller ''{1}'' failed in its update ({2}: {3}); it was"
                        + " deactivated with its chain group{4}", state.robot(), mc.name, mc.fault,
                        why == null ? "answered ERROR" : why,
                        mc.fallbacks.isEmpty() ? " and its command interfaces hold" : ", fallbacks " + mc.fallbacks);
            }
        }
    }
}
