package org.robocell.driver.kuka.rsi.emulator;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fault injection for tests: each request applies to the emulator's next cycles and is consumed by them. Safe to
 * call from any thread.
 */
public final class RsiFaults {

    final AtomicInteger drop = new AtomicInteger();
    final AtomicInteger malformed = new AtomicInteger();
    final AtomicInteger foreign = new AtomicInteger();
    final AtomicInteger replay = new AtomicInteger();
    volatile boolean silent;

    /** The next {@code cycles} datagrams are lost on the wire: the IPOC advances, nothing is sent. */
    public void dropPackets(int cycles) {
        drop.addAndGet(cycles);
    }

    /** The next {@code cycles} datagrams are broken XML (truncated, garbled, or not XML at all). */
    public void sendMalformed(int cycles) {
        malformed.addAndGet(cycles);
    }

    /**
     * In each of the next {@code cycles} cycles, a well-formed {@code <Rob>} datagram also arrives from another
     * socket (the configured foreign bind address, another port), just before the real one.
     */
    public void sendForeign(int cycles) {
        foreign.addAndGet(cycles);
    }

    /**
     * In each of the next {@code cycles} cycles, the session's first datagram (its IPOC, its axes) is sent again
     * from the controller's own socket just after the real one: a captured datagram replayed with the robot's
     * source address and port, as an attacker on the RSI network could.
     *
     * @since 1.1
     */
    public void replayPackets(int cycles) {
        replay.addAndGet(cycles);
    }

    /** From the next cycle on, nothing leaves the controller (a cut cable); it still expects replies. */
    public void goSilent() {
        silent = true;
    }

    /** Ends {@link #goSilent()}. */
    public void resume() {
        silent = false;
    }

    /** True when every requested fault has been applied. */
    public boolean drained() {
        return drop.get() == 0 && malformed.get() == 0 && foreign.get() == 0 && replay.get() == 0;
    }

    static boolean take(AtomicInteger pending) {
        while (true) {
            int n = pending.get();
            if (n <= 0) {
                return false;
            }
            if (pending.compareAndSet(n, n - 1)) {
                return true;
            }
        }
    }
}
