package org.robocell.driver.franka.gripper.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.gripper.protocol.GripperCommand;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperStatus;

/** The emulated fingers stepped by hand: what each command does to the opening and when and how it is answered. */
class HandMechanicsTest {

    private static final double DT = 0.001;

    private final HandMechanics hand = new HandMechanics(HandEmulatorConfig.defaults());

    @Test
    void homingClosesTheFingersThenOpensThemToTheMaxWidthAndAnswersWhenDone() {
        assertTrue(hand.command(GripperRequest.homing(1)).isEmpty(), "homing answers when done");
        double least = hand.width();
        GripperResponse done = null;
        for (int i = 0; i < 10_000 && done == null; i++) {
            done = hand.advance(DT);
            least = Math.min(least, hand.width());
        }
        assertEquals(GripperResponse.of(GripperCommand.HOMING, 1, GripperStatus.SUCCESS), done);
        assertEquals(0, least, 1e-12, "closed fully on the way");
        assertEquals(0.08, hand.width(), 1e-12);
        assertEquals(0.08, hand.state(0).maxWidth(), 1e-12);
    }

    @Test
    void aMoveTravelsAtTheCommandedSpeedAndIsAnsweredOnlyAtItsTarget() {
        hand.command(GripperRequest.move(2, 0.05, 0.02));
        for (int i = 0; i < 100; i++) {
            assertNull(hand.advance(DT));
        }
        assertEquals(0.08 - 0.02 * 0.1, hand.width(), 1e-9, "0.1 s at 0.02 m/s");
        GripperResponse done = runToEnd();
        assertEquals(GripperResponse.of(GripperCommand.MOVE, 2, GripperStatus.SUCCESS), done);
        assertEquals(0.05, hand.width(), 0);
    }

    @Test
    void aSpeedAboveTheHandsIsCarriedOutAtTheHandsSpeed() {
        hand.command(GripperRequest.move(3, 0, 5));
        hand.advance(0.1);
        assertEquals(0.08 - 0.1 * 0.1, hand.width(), 1e-9, "0.1 m/s, not 5");
    }

    @Test
    void aGraspOnAnObjectInsideTheEpsilonBandSucceedsAndHoldsIt() {
        hand.placeObject(0.03);
        hand.command(GripperRequest.grasp(4, 0.032, 0.005, 0.005, 0.1, 40));
        assertEquals(GripperResponse.of(GripperCommand.GRASP, 4, GripperStatus.SUCCESS), runToEnd());
        assertEquals(0.03, hand.width(), 0, "the fingers stop at the object");
        assertTrue(hand.grasped());
        assertTrue(hand.state(1).grasped());
        assertEquals(HandMechanics.Phase.HOLDING, hand.phase());
    }

    @Test
    void aGraspWithNoObjectAtThatWidthIsUnsuccessfulAndHoldsNothing() {
        hand.command(GripperRequest.grasp(5, 0.03, 0.005, 0.005, 0.1, 40));
        assertEquals(GripperResponse.of(GripperCommand.GRASP, 5, GripperStatus.UNSUCCESSFUL), runToEnd());
        assertEquals(0, hand.width(), 0, "nothing stopped the fingers: they closed");
        assertFalse(hand.grasped());
    }

    @Test
    void aGraspThatMeetsAnObjectOutsideTheBandIsUnsuccessful() {
        hand.placeObject(0.05);
        hand.command(GripperRequest.grasp(6, 0.03, 0.005, 0.01, 0.1, 40));
        assertEquals(GripperStatus.UNSUCCESSFUL, runToEnd().status());
        assertEquals(0.05, hand.width(), 0);
        assertFalse(hand.grasped());
        // the band is open: exactly width + epsilon_outer is outside it
        hand.command(GripperRequest.move(7, 0.08, 0.1));
        runToEnd();
        hand.command(GripperRequest.grasp(8, 0.04, 0.005, 0.01, 0.1, 40));
        assertEquals(GripperStatus.UNSUCCESSFUL, runToEnd().status());
        hand.command(GripperRequest.move(9, 0.08, 0.1));
        runToEnd();
        hand.command(GripperRequest.grasp(10, 0.045, 0.005, 0.01, 0.1, 40));
        assertEquals(GripperStatus.SUCCESS, runToEnd().status());
    }

    @Test
    void aMoveBeyondTheMaxWidthIsRefusedWithFailAndNothingMoves() {
        List<GripperResponse> answers = hand.command(GripperRequest.move(11, 0.09, 0.1));
        assertEquals(List.of(GripperResponse.of(GripperCommand.MOVE, 11, GripperStatus.FAIL)), answers);
        assertNull(hand.advance(DT));
        assertEquals(0.08, hand.width(), 0);
        HandMechanics.Refused r = hand.drainRefusals().get(0);
        assertEquals(HandRefusal.WIDTH_BEYOND_MAX, r.reason());
        assertEquals("Move width=0.09 m is beyond max_width=0.08 m", r.detail());
    }

    @Test
    void numbersTheHandCannotTakeAreRefusedEachWithItsReason() {
        assertRefused(GripperRequest.move(1, Double.NaN, 0.1), HandRefusal.NOT_A_NUMBER);
        assertRefused(GripperRequest.move(1, -0.01, 0.1), HandRefusal.WIDTH_NEGATIVE);
        assertRefused(GripperRequest.move(1, 0.01, 0), HandRefusal.SPEED_NOT_POSITIVE);
        assertRefused(GripperRequest.grasp(1, 0.01, 0.005, 0.005, 0.1, 71), HandRefusal.FORCE_OUT_OF_RANGE);
        assertRefused(GripperRequest.grasp(1, 0.01, 0.005, 0.005, 0.1, 0), HandRefusal.FORCE_OUT_OF_RANGE);
        assertRefused(GripperRequest.grasp(1, 0.01, -0.001, 0.005, 0.1, 10), HandRefusal.EPSILON_NEGATIVE);
        assertRefused(GripperRequest.grasp(1, 0.01, 0.005, Double.POSITIVE_INFINITY, 0.1, 10),
                HandRefusal.NOT_A_NUMBER);
    }

    @Test
    void stopMidMoveAbortsTheMoveAndTheFingersStayWhereTheyAre() {
        hand.command(GripperRequest.move(12, 0, 0.05));
        hand.advance(0.2);
        double there = hand.width();
        List<GripperResponse> answers = hand.command(GripperRequest.stop(13));
        assertEquals(List.of(GripperResponse.of(GripperCommand.MOVE, 12, GripperStatus.ABORTED),
                GripperResponse.of(GripperCommand.STOP, 13, GripperStatus.SUCCESS)), answers);
        assertNull(hand.advance(0.2));
        assertEquals(there, hand.width(), 0);
    }

    @Test
    void aNewCommandPreemptsTheRunningOneWhichIsAnsweredAborted() {
        hand.command(GripperRequest.move(14, 0, 0.05));
        List<GripperResponse> answers = hand.command(GripperRequest.move(15, 0.07, 0.05));
        assertEquals(List.of(GripperResponse.of(GripperCommand.MOVE, 14, GripperStatus.ABORTED)), answers);
        assertEquals(GripperResponse.of(GripperCommand.MOVE, 15, GripperStatus.SUCCESS), runToEnd());
    }

    @Test
    void stopLetsGoOfAHeldObjectAndTakingTheObjectAwayDropsTheGrasp() {
        hand.placeObject(0.02);
        hand.command(GripperRequest.grasp(16, 0.02, 0.005, 0.005, 0.1, 40));
        runToEnd();
        assertTrue(hand.grasped());
        hand.command(GripperRequest.stop(17));
        assertFalse(hand.grasped());
        hand.command(GripperRequest.grasp(18, 0.02, 0.005, 0.005, 0.1, 40));
        runToEnd();
        assertTrue(hand.grasped());
        hand.placeObject(Double.NaN);
        assertFalse(hand.grasped(), "the object is gone");
    }

    @Test
    void aMoveThatClosesOntoTheObjectStopsThereAndFails() {
        hand.placeObject(0.04);
        hand.command(GripperRequest.move(19, 0.01, 0.1));
        assertEquals(GripperStatus.FAIL, runToEnd().status());
        assertEquals(0.04, hand.width(), 0);
        assertEquals(HandRefusal.BLOCKED_BY_OBJECT, hand.drainRefusals().get(0).reason());
    }

    private void assertRefused(GripperRequest r, HandRefusal reason) {
        assertEquals(GripperStatus.FAIL, hand.command(r).get(0).status(), r.toString());
        assertEquals(reason, hand.drainRefusals().get(0).reason(), r.toString());
        assertEquals(0.08, hand.width(), 0);
    }

    private GripperResponse runToEnd() {
        for (int i = 0; i < 100_000; i++) {
            GripperResponse r = hand.advance(DT);
            if (r != null) {
                return r;
            }
        }
        throw new AssertionError("the command never ended");
    }
}
