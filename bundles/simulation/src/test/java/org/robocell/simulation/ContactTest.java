package org.robocell.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/** Half-space contacts and pushes: where bodies come to rest, and the wrenches and joint torques reported. */
class ContactTest {

    private static final double G = 9.81;

    /** The FR3 above a table top at z = 0.3 m, touching it with the flange, the wrist and the elbow. */
    static SimulationSettings fr3OnATable() {
        return SimulationSettings.defaults(7).withJointFriction(new double[] {1, 1, 1, 1, 0.5, 0.5, 0.5},
                new double[] {0.2, 0.2, 0.2, 0.2, 0.1, 0.1, 0.1}, 0.01).withContacts(
                List.of(new HalfSpace(0, 0, 0.3, 0, 0, 1)), List.of(ContactPoint.origin("link8"),
                        new ContactPoint("link7", 0, 0, 0.05), ContactPoint.origin("link4")), 1e5, 300);
    }

    @Test
    void aBlockOnTheFloorSettlesWhereThePenetrationCarriesItsWeightAndReportsTheWeight() {
        KinematicModel slider = Robots.verticalSlider();
        Simulation sim = Simulation.create(slider, SimulationSettings.defaults(1).withContacts(
                List.of(HalfSpace.floor()), List.of(ContactPoint.origin("block")), 1e5, 300));
        sim.reset(new double[] {0.1}, new double[1]);
        double[] q = new double[1];
        boolean touchedWhileFalling = false;
        for (int step = 0; step < 3000; step++) {
            sim.step(new double[1]);
            touchedWhileFalling |= step < 100 && sim.inContact();
        }
        assertFalse(touchedWhileFalling, "0.1 m above the floor it falls ~0.14 s before it touches");
        sim.positions(q);
        double weight = Robots.BLOCK * G;
        assertEquals(-weight / 1e5, q[0], 1e-9, "resting depth = weight / stiffness");
        assertTrue(sim.inContact());
        double[] wrench = new double[6];
        sim.contactWrench(slider.linkIndex("block"), wrench);
        assertArrayEquals(new double[] {0, 0, weight, 0, 0, 0}, wrench, 1e-6);
        double[] external = new double[1];
        sim.externalTorques(external);
        assertEquals(weight, external[0], 1e-6, "the joint feels the floor carry the weight");
    }

    @Test
    void aPointGivenInTheLinkFrameTouchesThereAndItsForceTurnsIntoATorqueAboutTheLinkOrigin() {
        // the pendulum's bob (0.5 m along its arm) lands on a floor 0.3 m below the joint, at sin q = 0.6
        KinematicModel pendulum = Robots.limitedPendulum(3);
        Simulation sim = Simulation.create(pendulum, SimulationSettings.defaults(1).withContacts(
                List.of(new HalfSpace(0, 0, -0.3, 0, 0, 1)), List.of(new ContactPoint("arm", Robots.ARM, 0, 0)),
                1e5, 300));
        for (int step = 0; step < 4000; step++) {
            sim.step(new double[1]);
        }
        double[] q = new double[1];
        sim.positions(q);
        assertEquals(Math.asin(0.6), q[0], 1e-3);
        double[] wrench = new double[6];
        sim.contactWrench(pendulum.linkIndex("arm"), wrench);
        // the floor carries the bob's weight (same lever arm as gravity) ...
        assertEquals(Robots.BOB * G, wrench[2], 1e-6);
        assertEquals(0, wrench[0], 0.0);
        assertEquals(0, wrench[1], 0.0);
        // ... at the bob: torque about the link origin r × F, r = 0.5 (cos q, 0, -sin q)
        double rx = Robots.ARM * Math.cos(q[0]);
        assertEquals(-rx * wrench[2], wrench[4], 1e-9);
        double[] external = new double[1];
        sim.externalTorques(external);
        assertEquals(-Robots.BOB * G * rx, external[0], 1e-6, "it cancels the gravity torque about the joint");
    }

    @Test
    void aPushActsThroughTheTransposedJacobianForItsDurationAndMovesTheArm() {
        KinematicModel fr3 = Robots.fr3();
        Simulation sim = Simulation.create(fr3, SimulationSettings.defaults(7));
        sim.reset(Robots.FR3_READY, new double[7]);
        KinematicWorkspace ws = fr3.newWorkspace();
        int flange = fr3.linkIndex("link8");
        DMatrixRMaj jacobian = new DMatrixRMaj(6, 7);
        double[] wrench = {0, 20, 0, 0, 0, 1};
        double[] q = new double[7];
        double[] tau = new double[7];
        double[] external = new double[7];
        sim.push("link8", wrench[0], wrench[1], wrench[2], wrench[3], wrench[4], wrench[5], 0.1);
        for (int step = 0; step < 300; step++) {
            sim.positions(q);
            ws.gravity(q, tau);
            sim.step(tau);
            sim.externalTorques(external);
            if (step < 100) {
                ws.forwardKinematics(q);
                ws.jacobian(flange, ReferenceFrame.BASE, jacobian);
                for (int j = 0; j < 7; j++) {
                    double expected = 0;
                    for (int r = 0; r < 6; r++) {
                        expected += jacobian.get(r, j) * wrench[r];
                    }
                    assertEquals(expected, external[j], 1e-9, "step " + step + ", joint " + (j + 1));
                }
            } else {
                assertArrayEquals(new double[7], external, 0.0, "step " + step + ": the push is over");
            }
        }
        sim.positions(q);
        assertTrue(Math.abs(q[0] - Robots.FR3_READY[0]) > 1e-3, "the push turned the base joint: " + q[0]);
        assertFalse(sim.inContact(), "a push is not a contact");
    }

    @Test
    void theFr3FallingOnATableComesToRestOnIt() {
        KinematicModel fr3 = Robots.fr3();
        Simulation sim = Simulation.create(fr3, fr3OnATable());
        sim.reset(Robots.FR3_READY, new double[7]);
        for (int step = 0; step < 5000; step++) {
            assertEquals(StepStatus.OK, sim.step(new double[7]));
        }
        double[] dq = new double[7];
        sim.velocities(dq);
        for (double v : dq) {
            // no tangential friction: the flange slides on the table while the joints' friction brakes it
            assertEquals(0, v, 1e-2);
        }
        assertTrue(sim.inContact());
        KinematicWorkspace ws = fr3.newWorkspace();
        double[] q = new double[7];
        sim.positions(q);
        ws.forwardKinematics(q);
        double[] p = new double[3];
        ws.linkPosition(fr3.linkIndex("link8"), p);
        assertTrue(p[2] > 0.29, "the flange rests on the table, not in it: z = " + p[2]);
    }

    @Test
    void contactsOnUnknownLinksAndDegenerateHalfSpacesAreRefusedWithTheirNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Simulation.create(
                Robots.fr3(), SimulationSettings.defaults(7).withContacts(List.of(HalfSpace.floor()),
                        List.of(ContactPoint.origin("link9")), 1e5, 300)));
        assertTrue(e.getMessage().contains("link9"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new HalfSpace(0, 0, 0, 0, 0, 0));
        assertTrue(e.getMessage().contains("normal"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Simulation.create(Robots.fr3(), SimulationSettings.defaults(6)));
        assertTrue(e.getMessage().contains("7 joints"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Simulation.create(Robots.fr3(), SimulationSettings.defaults(7)).push("link8", Double.NaN, 0, 0, 0, 0, 0, 1));
    }
}
