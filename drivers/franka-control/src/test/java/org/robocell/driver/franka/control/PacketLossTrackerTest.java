package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.controller.testkit.AllocationMeter;

class PacketLossTrackerTest {

    private static final long MS = 1_000_000;

    /** A stepped clock: state {@code id} arrives at {@code id} ms. */
    private static long at(long id) {
        return id * MS;
    }

    private static PacketLossTracker streamed(long from, long to) {
        PacketLossTracker tracker = new PacketLossTracker();
        for (long id = from; id <= to; id++) {
            assertTrue(tracker.offer(id, at(id)).accepted(), "id " + id);
        }
        return tracker;
    }

    @Test
    void anUnbrokenStreamLosesNothing() {
        PacketLossTracker tracker = new PacketLossTracker();
        assertEquals(StateArrival.FIRST, tracker.offer(5000, at(5000)));
        for (long id = 5001; id <= 6000; id++) {
            assertEquals(StateArrival.NEXT, tracker.offer(id, at(id)));
        }
        assertEquals(1001, tracker.accepted());
        assertEquals(0, tracker.lost());
        assertEquals(1.0, tracker.receivedRate());
        assertEquals(6000, tracker.lastAcceptedId());
    }

    @Test
    void missingIdsAreCountedLostAndTheRunLengthIsKept() {
        PacketLossTracker tracker = streamed(1, 100);
        assertEquals(StateArrival.AFTER_GAP, tracker.offer(105, at(105)));
        assertEquals(4, tracker.lost());
        assertEquals(4, tracker.lastLostInARow());
        assertEquals(StateArrival.NEXT, tracker.offer(106, at(106)));
        assertEquals(0, tracker.lastLostInARow());
        assertEquals(StateArrival.AFTER_GAP, tracker.offer(108, at(108)));
        assertEquals(5, tracker.lost());
        assertEquals(2, tracker.gaps());
        assertEquals(4, tracker.mostLostInARow());
    }

    @Test
    void twentyLostInARowIsWhereTheRobotStopsNineteenIsNot() {
        PacketLossTracker tracker = streamed(1, 10);
        tracker.offer(30, at(30)); // 11..29 missing: 19
        assertEquals(19, tracker.lastLostInARow());
        assertFalse(tracker.robotStopsOnLoss());
        tracker.offer(51, at(51)); // 31..50 missing: 20
        assertEquals(20, tracker.lastLostInARow());
        assertTrue(tracker.robotStopsOnLoss());
        tracker.offer(52, at(52));
        assertFalse(tracker.robotStopsOnLoss(), "judged by the last accepted state");
    }

    @Test
    void aReplayedOrLateStateIsNeverAcceptedAndCountedApartFromLosses() {
        PacketLossTracker tracker = streamed(1, 1000);
        assertEquals(StateArrival.REPEAT, tracker.offer(1000, at(1001)));
        assertEquals(StateArrival.OUT_OF_ORDER, tracker.offer(999, at(1001)));
        assertEquals(StateArrival.OUT_OF_ORDER, tracker.offer(1, at(1001)));
        assertEquals(StateArrival.OUT_OF_ORDER, tracker.offer(0, at(1001)));
        for (int i = 0; i < 50; i++) {
            assertEquals(StateArrival.REPEAT, tracker.offer(1000, at(1001))); // a replay flood
        }
        assertEquals(51, tracker.repeats());
        assertEquals(3, tracker.outOfOrder());
        assertEquals(0, tracker.lost());
        assertEquals(1000, tracker.lastAcceptedId());
        assertEquals(StateArrival.NEXT, tracker.offer(1001, at(1001)), "the real next state still gets through");
    }

    @Test
    void aHugeJumpAheadIsRefusedSoTheRealStreamIsNotLockedOut() {
        PacketLossTracker tracker = streamed(1, 1000);
        assertEquals(StateArrival.IMPLAUSIBLE_JUMP, tracker.offer(1000 + (1L << 40), at(1001)));
        assertEquals(StateArrival.IMPLAUSIBLE_JUMP, tracker.offer(-1L, at(1001)), "2^64 - 1, unsigned");
        assertEquals(StateArrival.IMPLAUSIBLE_JUMP, tracker.offer(Long.MIN_VALUE, at(1001)), "2^63, unsigned");
        assertEquals(StateArrival.IMPLAUSIBLE_JUMP, tracker.offer(1000 + 1002, at(1001)), "just beyond 1 s slack");
        assertEquals(4, tracker.implausibleJumps());
        assertEquals(StateArrival.NEXT, tracker.offer(1001, at(1001)));
        assertEquals(0, tracker.lost());
        assertEquals(StateArrival.AFTER_GAP, tracker.offer(1001 + 1001, at(1002)), "within the slack");
    }

    @Test
    void aJumpAsLongAsTheTimeTheClientWasAwayIsAccepted() {
        PacketLossTracker tracker = streamed(1, 1000);
        // the client stalled for 5 s: the robot kept counting
        assertEquals(StateArrival.AFTER_GAP, tracker.offer(6000, at(1000) + 5000 * MS));
        assertEquals(4999, tracker.lost());
        assertTrue(tracker.robotStopsOnLoss());
    }

    @Test
    void aClockThatSeemsToGoBackwardsGivesOnlyTheSlack() {
        PacketLossTracker tracker = streamed(1, 10);
        assertEquals(StateArrival.AFTER_GAP, tracker.offer(500, at(5)));
        assertEquals(StateArrival.IMPLAUSIBLE_JUMP, tracker.offer(2000, at(5)));
        assertThrows(IllegalArgumentException.class, () -> new PacketLossTracker(-1));
    }

    @Test
    void theReceivedRateIsTheShareOfTheLastHundredIds() {
        PacketLossTracker tracker = new PacketLossTracker();
        assertEquals(1.0, tracker.receivedRate(), "nothing yet");
        for (long id = 1; id <= 1000; id += 2) {
            tracker.offer(id, at(id));
        }
        assertEquals(0.5, tracker.receivedRate(), 1e-15, "every other one");
        for (long id = 1001; id <= 1090; id++) {
            tracker.offer(id, at(id));
        }
        assertEquals(0.95, tracker.receivedRate(), 1e-15, "90 new, 10 old: 5 of them received");
        tracker.offer(1290, at(1290));
        assertEquals(0.01, tracker.receivedRate(), 1e-15, "after 199 lost only the last one counts");
        PacketLossTracker young = streamed(7, 16);
        assertEquals(1.0, young.receivedRate(), "ten ids seen, ten received");
        young.offer(20, at(20));
        assertEquals(11.0 / 14, young.receivedRate(), 1e-15);
    }

    @Test
    void aResetStartsANewConnection() {
        PacketLossTracker tracker = streamed(1, 10);
        tracker.offer(40, at(40));
        tracker.reset();
        assertEquals(0, tracker.lost());
        assertEquals(StateArrival.FIRST, tracker.offer(3, at(41)), "a new robot session may count from anywhere");
        assertEquals(StateArrival.NEXT, tracker.offer(4, at(42)));
    }

    @Test
    void trackingAllocatesNothing() {
        PacketLossTracker tracker = new PacketLossTracker();
        long id = 0;
        for (int i = 0; i < 20_000; i++) {
            id += i % 7 == 0 ? 3 : 1;
            tracker.offer(id, at(id));
            tracker.offer(id - 2, at(id));
            tracker.receivedRate();
        }
        long[] next = {id};
        assertEquals(0, AllocationMeter.fewestBytes(() -> {
            for (int i = 0; i < 5_000; i++) {
                next[0] += i % 7 == 0 ? 3 : 1;
                tracker.offer(next[0], at(next[0]));
                tracker.offer(next[0] - 2, at(next[0]));
                tracker.receivedRate();
            }
        }), "bytes allocated in 5000 states");
    }
}
