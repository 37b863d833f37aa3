package org.robocell.manager.internal;

/**
 * The clock of a stepped loop: the caller's thread runs one cycle at a time at a virtual time advancing by one
 * period, then the service work. No thread, no sleep: every behaviour test drives the loop this way.
 */
public final class SteppedClock {

    private final ControlLoop loop;
    private final ControllerManagerImpl manager;
    private long virtualNanos;

    public SteppedClock(ControllerManagerImpl manager) {
        this.manager = manager;
        this.loop = manager.loop();
    }

    /** One cycle at the next virtual time, then the service work. */
    public void step() {
        cycleOnly();
        manager.drain();
    }

    /** One cycle without the service work (for allocation measurements of the cycle alone). */
    public void cycleOnly() {
        loop.runCycle(virtualNanos, 0);
        virtualNanos += loop.periodNanos();
    }

    /** The virtual time of the next cycle, in seconds. */
    public double time() {
        return virtualNanos * 1e-9;
    }
}
