package org.robocell.driver.franka.emulator;

/**
 * {@code control_command_success_rate}: the share of the last {@value #SIZE} cycles of a motion in which a command
 * arrived in time (libfranka reads it as a rate over 100 packets when it explains a
 * {@code communication_constraints_violation}, {@code src/robot_impl.cpp: createControlException}).
 */
final class SuccessRateWindow {

    static final int SIZE = 100;

    private final boolean[] received = new boolean[SIZE];
    private int next;
    private int filled;
    private int hits;

    void reset() {
        java.util.Arrays.fill(received, false);
        next = 0;
        filled = 0;
        hits = 0;
    }

    void record(boolean commandArrived) {
        if (filled == SIZE) {
            hits -= received[next] ? 1 : 0;
        } else {
            filled++;
        }
        received[next] = commandArrived;
        hits += commandArrived ? 1 : 0;
        next = (next + 1) % SIZE;
    }

    /** The rate over the cycles recorded so far (at most the last 100); 0 before any. */
    double rate() {
        return filled == 0 ? 0 : (double) hits / filled;
    }
}
