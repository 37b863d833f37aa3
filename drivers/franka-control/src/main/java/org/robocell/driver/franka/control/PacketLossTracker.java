package org.robocell.driver.franka.control;

/**
 * Client-side accounting of the robot's 1 kHz state stream by {@code message_id}, as libfranka keeps it
 * ({@code Robot::Impl::receiveRobotState} uses only states newer than the last one; {@code createControlException}
 * counts the ids missing between the last two states as lost packets). Every id the client did not answer is a
 * command the robot did not get: after {@value #ROBOT_STOPS_AFTER_LOST_IN_A_ROW} in a row the robot stops with
 * {@code communication_constraints_violation} ({@code docs/system_requirements.rst}).
 *
 * <p>Offer the state the driver is about to answer (after draining the socket, the newest), with the time it was
 * received on a monotonic clock. A state is accepted only when it is newer than the last accepted one; repeats,
 * older states and implausible jumps ahead are refused and counted separately. {@code message_id} is an unsigned
 * 64-bit millisecond counter; ids are compared unsigned.
 *
 * <p>Allocation-free; one instance per connection, used by the control thread only (the counters are plain
 * fields: read them from that thread, or copy them out).
 */
public final class PacketLossTracker {

    /** The robot stops after this many consecutive commands lost ({@code communication_constraints_violation}). */
    public static final int ROBOT_STOPS_AFTER_LOST_IN_A_ROW = 20;
    /** How many of the newest ids {@link #receivedRate()} looks at (the robot's success rate spans 100 ms). */
    public static final int RATE_WINDOW = 100;
    /** Default: how far, in ids (ms), a state may be ahead of the time elapsed since the last accepted one. */
    public static final long DEFAULT_JUMP_SLACK = 1000;

    private static final long NANOS_PER_ID = 1_000_000;

    private final long jumpSlack;
    private boolean started;
    private long lastId;
    private long lastNanos;
    private long firstId;
    /** Bit i set: id {@code lastId - i} was accepted; 128 bits, {@link #RATE_WINDOW} of them counted. */
    private long windowLow;
    private long windowHigh;
    private long accepted;
    private long lost;
    private long gaps;
    private long repeats;
    private long outOfOrder;
    private long implausibleJumps;
    private long lastLostInARow;
    private long mostLostInARow;

    public PacketLossTracker() {
        this(DEFAULT_JUMP_SLACK);
    }

    /**
     * @param jumpSlack how many ids (ms) a state may be further ahead than the time since the last accepted state;
     *     covers a last state that was itself received late. At least 0.
     */
    public PacketLossTracker(long jumpSlack) {
        if (jumpSlack < 0) {
            throw new IllegalArgumentException("jumpSlack: expected 0 or more ids, got " + jumpSlack);
        }
        this.jumpSlack = jumpSlack;
    }

    /** Judges the state with {@code messageId} received at {@code receivedNanos} (monotonic, e.g. nanoTime). */
    public StateArrival offer(long messageId, long receivedNanos) {
        if (!started) {
            started = true;
            firstId = messageId;
            accept(messageId, receivedNanos, 0);
            return StateArrival.FIRST;
        }
        int order = Long.compareUnsigned(messageId, lastId);
        if (order == 0) {
            repeats++;
            return StateArrival.REPEAT;
        }
        if (order < 0) {
            outOfOrder++;
            return StateArrival.OUT_OF_ORDER;
        }
        long advance = messageId - lastId; // unsigned, at least 1
        long elapsedIds = Math.max(0, receivedNanos - lastNanos) / NANOS_PER_ID;
        if (Long.compareUnsigned(advance, elapsedIds + jumpSlack) > 0) {
            implausibleJumps++;
            return StateArrival.IMPLAUSIBLE_JUMP;
        }
        long missing = advance - 1;
        accept(messageId, receivedNanos, advance);
        lastLostInARow = missing;
        if (missing == 0) {
            return StateArrival.NEXT;
        }
        lost += missing;
        gaps++;
        mostLostInARow = Math.max(mostLostInARow, missing);
        return StateArrival.AFTER_GAP;
    }

    private void accept(long messageId, long receivedNanos, long advance) {
        if (advance >= 128) {
            windowLow = 0;
            windowHigh = 0;
        } else if (advance >= 64) {
            windowHigh = windowLow << (advance - 64);
            windowLow = 0;
        } else if (advance > 0) {
            windowHigh = (windowHigh << advance) | (windowLow >>> (64 - advance));
            windowLow <<= advance;
        }
        windowLow |= 1;
        lastId = messageId;
        lastNanos = receivedNanos;
        accepted++;
    }

    /** Starts over, for a new connection: the next state is {@link StateArrival#FIRST}; counters back to 0. */
    public void reset() {
        started = false;
        windowLow = 0;
        windowHigh = 0;
        accepted = 0;
        lost = 0;
        gaps = 0;
        repeats = 0;
        outOfOrder = 0;
        implausibleJumps = 0;
        lastLostInARow = 0;
        mostLostInARow = 0;
    }

    /**
     * The share of the last {@value #RATE_WINDOW} ids (fewer right after the start) that were accepted: the client's
     * view of what the robot reports as {@code control_command_success_rate}, if every accepted state is answered in
     * time. 1.0 before the first state.
     */
    public double receivedRate() {
        if (!started) {
            return 1.0;
        }
        long span = lastId - firstId + 1;
        int window = Long.compareUnsigned(span, RATE_WINDOW) < 0 ? (int) span : RATE_WINDOW;
        int received = window > 64
                ? Long.bitCount(windowLow) + Long.bitCount(windowHigh & lowBits(window - 64))
                : Long.bitCount(windowLow & lowBits(window));
        return (double) received / window;
    }

    private static long lowBits(int n) {
        return n >= 64 ? -1L : (1L << n) - 1;
    }

    /** Whether the ids missing before the last accepted state are enough for the robot to have stopped. */
    public boolean robotStopsOnLoss() {
        return lastLostInARow >= ROBOT_STOPS_AFTER_LOST_IN_A_ROW;
    }

    /** The {@code message_id} of the last accepted state; meaningless before the first. */
    public long lastAcceptedId() {
        return lastId;
    }

    public long accepted() {
        return accepted;
    }

    /** Ids missing between accepted states, in all. */
    public long lost() {
        return lost;
    }

    /** How many times ids went missing (a run of missing ids counts once). */
    public long gaps() {
        return gaps;
    }

    public long repeats() {
        return repeats;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    public long implausibleJumps() {
        return implausibleJumps;
    }

    /** The ids missing right before the last accepted state (libfranka: "packets lost in a row in the last sample"). */
    public long lastLostInARow() {
        return lastLostInARow;
    }

    public long mostLostInARow() {
        return mostLostInARow;
    }
}
