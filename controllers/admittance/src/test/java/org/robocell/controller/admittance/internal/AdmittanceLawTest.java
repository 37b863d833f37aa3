package org.robocell.controller.admittance.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.robocell.api.lifecycle.ReturnType;

/**
 * The admittance law on the FR3 as upstream's tests and the issue state it: no wrench, no motion; a constant wrench
 * along a selected axis settles at wrench / stiffness; an unselected axis stays; the tool's weight is compensated at
 * any orientation; the gains may change while it runs.
 */
class AdmittanceLawTest {

    /** 4 s at 1 kHz: the slowest mode (m = 2, k = 200, ζ = 1, plus the joint damping) has long settled. */
    private static final int SETTLE = 4000;

    @Test
    void zeroWrenchLeavesTheReferenceUnchanged() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        assertEquals(ReturnType.OK, h.rig.steps(2000));
        assertArrayEquals(AdmittanceHarness.READY, h.positionCommands(), 1e-12);
        assertArrayEquals(AdmittanceHarness.READY, h.positions(), 1e-12);
        assertEquals(0.0, h.published("offset/joint4/position"), 0.0);
    }

    @ParameterizedTest(name = "force along sensor axis {0}")
    @ValueSource(ints = { 0, 1, 2 })
    void aConstantForceAlongASelectedAxisSettlesAtForceOverStiffness(int axis) {
        AdmittanceHarness h = new AdmittanceHarness().active();
        double[] flange0 = h.flange(AdmittanceHarness.READY);
        double[] wrench = new double[6];
        wrench[axis] = 10.0;
        h.sense(wrench);
        h.rig.steps(SETTLE);
        double[] moved = h.displacement(AdmittanceHarness.READY, h.positions());
        double[] expected = AdmittanceHarness.toBase(flange0, axis == 0 ? 0.05 : 0, axis == 1 ? 0.05 : 0,
                axis == 2 ? 0.05 : 0);
        for (int i = 0; i < 3; i++) {
            assertEquals(expected[i], moved[i], 0.01 * 0.05, "base axis " + i + " of " + java.util.Arrays.toString(moved));
        }
        assertTrue(h.rotation(AdmittanceHarness.READY, h.positions()) < 1e-4, "a pure force does not turn the flange");
    }

    @Test
    void aConstantTorqueAboutASelectedAxisSettlesAtTorqueOverRotationalStiffness() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        h.sense(0, 0, 0, 0, 0, 1.0);
        h.rig.steps(SETTLE);
        assertEquals(1.0 / AdmittanceHarness.STIFFNESS[5], h.rotation(AdmittanceHarness.READY, h.positions()),
                0.01 / AdmittanceHarness.STIFFNESS[5]);
        assertTrue(AdmittanceHarness.norm(h.displacement(AdmittanceHarness.READY, h.positions())) < 1e-4,
                "a torque about the flange's own axis does not move its origin");
    }

    @Test
    void anUnselectedAxisDoesNotMoveWhileASelectedOneDoes() {
        AdmittanceHarness h = new AdmittanceHarness(Map.of("admittance.selected_axes",
                List.of(true, true, false, true, true, true))).active();
        double[] flange0 = h.flange(AdmittanceHarness.READY);
        h.sense(10.0, 0, 30.0, 0, 0, 0);
        h.rig.steps(SETTLE);
        double[] moved = h.displacement(AdmittanceHarness.READY, h.positions());
        double[] expected = AdmittanceHarness.toBase(flange0, 0.05, 0, 0);
        for (int i = 0; i < 3; i++) {
            assertEquals(expected[i], moved[i], 0.0005, "z (unselected, 30 N) stays, x (10 N) moves 5 cm");
        }
    }

    @Test
    void withNoAxisSelectedNoWrenchMovesTheRobot() {
        AdmittanceHarness h = new AdmittanceHarness(Map.of("admittance.selected_axes",
                List.of(false, false, false, false, false, false))).active();
        h.sense(50, -20, 30, 2, 1, -3);
        h.rig.steps(1000);
        assertArrayEquals(AdmittanceHarness.READY, h.positionCommands(), 1e-12);
    }

    /**
     * A tool of 2.3 kg with its centre of gravity 10 cm along the flange's z and 2 cm along its x, seen by the sensor
     * at the flange: at any orientation the reading is its weight and the weight's moment, which the compensation
     * takes off. Without the compensation the same reading moves the robot (so the check can fail).
     */
    @Test
    void gravityCompensationCancelsTheToolsWeightAtAnyOrientation() {
        double weight = 2.3 * 9.81;
        double[] cog = { 0.02, 0.0, 0.1 };
        Random random = new Random(16);
        for (int trial = 0; trial < 8; trial++) {
            double[] q = AdmittanceHarness.READY.clone();
            for (int j = 0; j < q.length; j++) {
                q[j] += (random.nextDouble() - 0.5) * (j == 3 ? 1.0 : 2.0);
            }
            double[] still = settleWithTool(q, weight, cog, weight);
            assertTrue(AdmittanceHarness.norm(still) < 1e-9, "trial " + trial + ": compensated, moved "
                    + java.util.Arrays.toString(still));
            double[] moved = settleWithTool(q, weight, cog, 0.0);
            assertTrue(AdmittanceHarness.norm(moved) > 1e-3, "trial " + trial + ": uncompensated, moved "
                    + java.util.Arrays.toString(moved));
        }
    }

    /** Joint offsets after 500 cycles with the sensor reading the tool's weight, compensated for {@code cogForce}. */
    private static double[] settleWithTool(double[] q, double weight, double[] cog, double cogForce) {
        AdmittanceHarness h = new AdmittanceHarness(Map.of("gravity_compensation.CoG.pos",
                List.of(cog[0], cog[1], cog[2]), "gravity_compensation.CoG.force", cogForce));
        for (int j = 0; j < q.length; j++) {
            h.robot.setPosition(j, q[j]);
        }
        h.active();
        double[] t = h.flange(q);
        // gravity (0, 0, -weight) in the base frame, seen in the sensor frame: Rᵀ g; its moment about the sensor: c × f
        double fx = t[8] * -weight;
        double fy = t[9] * -weight;
        double fz = t[10] * -weight;
        h.sense(fx, fy, fz, cog[1] * fz - cog[2] * fy, cog[2] * fx - cog[0] * fz, cog[0] * fy - cog[1] * fx);
        h.rig.steps(500);
        double[] offsets = h.positionCommands();
        for (int j = 0; j < q.length; j++) {
            offsets[j] -= q[j];
        }
        return offsets;
    }

    /** The control frame's axes decide what is selected: the base's here, so a flange force moves along base z only. */
    @Test
    void withTheBaseAsControlFrameTheAxesAreTheBasesAxes() {
        double[] q = { 0.3, -0.4, 0.0, -2.0, 0.0, 1.2, 0.785 };
        AdmittanceHarness h = new AdmittanceHarness(Map.of("control.frame.id", "base", "admittance.selected_axes",
                List.of(false, false, true, true, true, true)));
        for (int j = 0; j < q.length; j++) {
            h.robot.setPosition(j, q[j]);
        }
        h.active();
        double[] flange0 = h.flange(q);
        assertTrue(Math.abs(flange0[10]) < 0.99, "the flange's z axis is tilted away from the base's");
        h.sense(0, 0, 10.0, 0, 0, 0);
        h.rig.steps(SETTLE);
        double[] moved = h.displacement(q, h.positions());
        double[] force = AdmittanceHarness.toBase(flange0, 0, 0, 10.0);
        assertEquals(0.0, moved[0], 1e-6, "base x is not selected");
        assertEquals(0.0, moved[1], 1e-6, "base y is not selected");
        assertEquals(force[2] / 200.0, moved[2], 0.01 * Math.abs(force[2] / 200.0));
    }

    /** The tool's CoG given in the base's orientation instead of the sensor's: the same weight, cancelled. */
    @Test
    void gravityCompensationWithTheCentreOfGravityInAnotherFrame() {
        double[] q = AdmittanceHarness.READY.clone();
        q[0] += 0.4;
        q[4] -= 0.6;
        AdmittanceHarness probe = new AdmittanceHarness();
        double[] t = probe.flange(q);
        double[] cogSensor = { 0.02, -0.01, 0.1 };
        double[] cogBase = AdmittanceHarness.toBase(t, cogSensor[0], cogSensor[1], cogSensor[2]);
        double weight = 15.0;
        AdmittanceHarness h = new AdmittanceHarness(Map.of("gravity_compensation.frame.id", "base",
                "gravity_compensation.CoG.pos", List.of(cogBase[0], cogBase[1], cogBase[2]),
                "gravity_compensation.CoG.force", weight));
        for (int j = 0; j < q.length; j++) {
            h.robot.setPosition(j, q[j]);
        }
        h.active();
        double fx = t[8] * -weight;
        double fy = t[9] * -weight;
        double fz = t[10] * -weight;
        double[] c = cogSensor;
        h.sense(fx, fy, fz, c[1] * fz - c[2] * fy, c[2] * fx - c[0] * fz, c[0] * fy - c[1] * fx);
        h.rig.steps(500);
        double[] commands = h.positionCommands();
        for (int j = 0; j < q.length; j++) {
            assertEquals(q[j], commands[j], 1e-9);
        }
    }

    /** A control frame the rule has to look up (link7, turned like the flange) gives what the flange frame gives. */
    @Test
    void aControlFrameOtherThanTheSensorsIsLookedUp() {
        AdmittanceHarness flange = new AdmittanceHarness().active();
        AdmittanceHarness link7 = new AdmittanceHarness(Map.of("control.frame.id", "link7",
                "fixed_world_frame.frame.id", "link0")).active();
        for (AdmittanceHarness h : List.of(flange, link7)) {
            h.sense(3.0, -4.0, 10.0, 0.1, 0.2, -0.3);
            h.rig.steps(1000);
        }
        assertArrayEquals(flange.positionCommands(), link7.positionCommands(), 1e-9);
    }

    @Test
    void aStiffnessChangedWhileRunningMovesTheEquilibrium() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        double[] flange0 = h.flange(AdmittanceHarness.READY);
        h.sense(0, 0, 10.0, 0, 0, 0);
        h.rig.steps(SETTLE);
        assertTrue(h.controller.liveParameters().contains("admittance.stiffness"));
        assertTrue(h.controller.onParametersChanged(new org.robocell.api.controller.Parameters("test",
                AdmittanceHarness.parameters(Map.of("admittance.stiffness", List.of(400.0, 400.0, 400.0, 20.0, 20.0,
                        20.0))))));
        h.rig.steps(SETTLE);
        double[] moved = h.displacement(AdmittanceHarness.READY, h.positions());
        double[] expected = AdmittanceHarness.toBase(flange0, 0, 0, 10.0 / 400.0);
        for (int i = 0; i < 3; i++) {
            assertEquals(expected[i], moved[i], 0.01 * 10.0 / 400.0);
        }
        assertEquals(400.0, h.published("stiffness/z"), 0.0);
    }

    @Test
    void gainsOutOfRangeAreRefusedWhileRunningAndTheOldOnesStay() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        boolean taken = h.controller.onParametersChanged(new org.robocell.api.controller.Parameters("test",
                AdmittanceHarness.parameters(Map.of("admittance.mass", List.of(0.0, 1.0, 1.0, 1.0, 1.0, 1.0)))));
        assertEquals(false, taken);
        assertTrue(h.controller.lastError().contains("admittance.mass"), h.controller.lastError());
        h.rig.steps(10);
        assertEquals(2.0, h.published("mass/x"), 0.0);
    }

    @Test
    void withoutLiveUpdatesNoParameterMayChangeWhileActive() {
        AdmittanceHarness h = new AdmittanceHarness(Map.of("enable_parameter_update_without_reactivation", false))
                .active();
        assertEquals(java.util.Set.of(), h.controller.liveParameters());
    }

    @Test
    void aNaNInTheWrenchCountsAsNoWrench() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        h.sense(40.0, 0, 0, Double.NaN, 0, 0);
        h.rig.steps(500);
        assertArrayEquals(AdmittanceHarness.READY, h.positionCommands(), 1e-12);
    }

    @Test
    void theWrenchReferenceIsAddedToTheMeasuredWrench() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        double[] flange0 = h.flange(AdmittanceHarness.READY);
        h.sense(0, 0, 4.0, 0, 0, 0);
        assertTrue(h.wrenchReference().offer(0, 0, 6.0, 0, 0, 0));
        h.rig.steps(SETTLE);
        double[] moved = h.displacement(AdmittanceHarness.READY, h.positions());
        double[] expected = AdmittanceHarness.toBase(flange0, 0, 0, 0.05);
        for (int i = 0; i < 3; i++) {
            assertEquals(expected[i], moved[i], 0.0005);
        }
    }

    @Test
    void aNaNMeasuredPositionFallsBackToTheLastCommand() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        h.sense(0, 0, 10.0, 0, 0, 0);
        h.rig.steps(100);
        h.robot.freeze(2);
        h.robot.setPosition(2, Double.NaN);
        assertEquals(ReturnType.OK, h.rig.steps(100));
        for (double q : h.positionCommands()) {
            assertTrue(Double.isFinite(q), java.util.Arrays.toString(h.positionCommands()));
        }
    }
}
