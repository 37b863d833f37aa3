package org.robocell.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/** The simulation's physics as specifications: energy, damping, holding, limits, refused torques, determinism. */
class SimulationTest {

    private static final double G = 9.81;

    /** Kinetic plus potential energy of the double pendulum, with the hanging rest position at 0 potential. */
    private static double energy(KinematicModel pendulum, KinematicWorkspace ws, double[] q, double[] dq) {
        DMatrixRMaj m = new DMatrixRMaj(2, 2);
        ws.massMatrix(q, m);
        double kinetic = 0;
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                kinetic += 0.5 * dq[i] * m.get(i, j) * dq[j];
            }
        }
        ws.forwardKinematics(q);
        double[] p = new double[3];
        ws.linkPosition(pendulum.linkIndex("lower"), p);
        double z1 = p[2];
        ws.linkPosition(pendulum.linkIndex("tip"), p);
        double z2 = p[2];
        double rest = -Robots.BOB * G * Robots.ARM - Robots.BOB * G * 2 * Robots.ARM;
        return kinetic + Robots.BOB * G * z1 + Robots.BOB * G * z2 - rest;
    }

    /**
     * With one joint the mass matrix is constant and semi-implicit Euler is exactly symplectic: it keeps a nearby
     * energy H + O(dt), so the energy oscillates without drifting, by at most about dt/2·|q̇|·|τ_g| =
     * 0.0005 s · 6.3 rad/s · 4.9 N·m ≈ 0.015 J (0.3 % of the 4.9 J released from horizontal). The bound is 1 %,
     * at every step of 20 s (about 13 swings).
     */
    @Test
    void aFreePendulumWithoutDampingKeepsItsEnergy() {
        KinematicModel pendulum = Robots.limitedPendulum(10);
        Simulation sim = Simulation.create(pendulum, SimulationSettings.defaults(1));
        double[] q = new double[1];
        double[] dq = new double[1];
        double start = Robots.BOB * G * Robots.ARM;
        double worst = 0;
        int crossings = 0;
        for (int step = 0; step < 20_000; step++) {
            assertEquals(StepStatus.OK, sim.step(new double[1]));
            double before = dq[0];
            sim.positions(q);
            sim.velocities(dq);
            crossings += before > 0 && dq[0] <= 0 ? 1 : 0;
            // height of the bob over its lowest point, q = π/2
            double energy = 0.5 * Robots.BOB * Robots.ARM * Robots.ARM * dq[0] * dq[0]
                    + Robots.BOB * G * Robots.ARM * (1 - Math.sin(q[0]));
            worst = Math.max(worst, Math.abs(energy - start));
        }
        assertTrue(crossings >= 10, "it swung " + crossings + " times");
        assertTrue(worst < 0.01 * start, "energy strayed by " + worst + " J of " + start + " J");
        assertEquals(20.0, sim.time(), 1e-9);
    }

    /**
     * With several joints M(q) varies and the velocity form of the scheme is no longer exactly symplectic: the
     * chaotic double pendulum's energy wanders (deterministically: 0.55 J, 3.8 %, at worst over these 10 s), it
     * does not run away. The bound is 5 % of the 14.7 J released.
     */
    @Test
    void aFreeDoublePendulumWithoutDampingKeepsItsEnergyWithinFivePercent() {
        KinematicModel pendulum = Robots.doublePendulum();
        Simulation sim = Simulation.create(pendulum, SimulationSettings.defaults(2));
        KinematicWorkspace ws = pendulum.newWorkspace();
        double[] q = new double[2];
        double[] dq = new double[2];
        double start = energy(pendulum, ws, q, dq);
        assertEquals(3 * Robots.BOB * G * Robots.ARM, start, 1e-6);
        double worst = 0;
        double travelled = 0;
        double[] zero = new double[2];
        for (int step = 0; step < 10_000; step++) {
            assertEquals(StepStatus.OK, sim.step(zero));
            double before = q[1];
            sim.positions(q);
            sim.velocities(dq);
            travelled += Math.abs(q[1] - before);
            worst = Math.max(worst, Math.abs(energy(pendulum, ws, q, dq) - start));
        }
        assertTrue(travelled > 10, "the elbow swung: " + travelled + " rad");
        assertTrue(worst < 0.05 * start, "energy strayed by " + worst + " J of " + start + " J");
    }

    @Test
    void viscousDampingAndFrictionDissipateTheEnergy() {
        KinematicModel pendulum = Robots.doublePendulum();
        Simulation sim = Simulation.create(pendulum, SimulationSettings.defaults(2)
                .withJointFriction(new double[] {0.5, 0.5}, new double[] {0.05, 0.05}, 0.01));
        KinematicWorkspace ws = pendulum.newWorkspace();
        double[] q = new double[2];
        double[] dq = new double[2];
        double start = energy(pendulum, ws, q, dq);
        double previousSecond = start;
        for (int second = 1; second <= 10; second++) {
            for (int step = 0; step < 1000; step++) {
                sim.step(new double[2]);
            }
            sim.positions(q);
            sim.velocities(dq);
            double e = energy(pendulum, ws, q, dq);
            assertTrue(e < previousSecond, "second " + second + ": " + e + " J after " + previousSecond + " J");
            previousSecond = e;
        }
        assertTrue(previousSecond < 0.05 * start, "after 10 s " + previousSecond + " J of " + start + " J are left");
    }

    @Test
    void gravityTorquesHoldTheFr3StillForFiveSeconds() {
        KinematicModel fr3 = Robots.fr3();
        Simulation sim = Simulation.create(fr3, SimulationSettings.defaults(7)
                .withJointFriction(new double[7], new double[7], 0.01));
        sim.reset(Robots.FR3_READY, new double[7]);
        KinematicWorkspace ws = fr3.newWorkspace();
        double[] q = Robots.FR3_READY.clone();
        double[] tau = new double[7];
        for (int step = 0; step < 5000; step++) {
            ws.gravity(q, tau);
            assertEquals(StepStatus.OK, sim.step(tau));
            sim.positions(q);
        }
        for (int j = 0; j < 7; j++) {
            assertEquals(Robots.FR3_READY[j], q[j], 1e-6, "joint " + (j + 1) + " drifted");
        }
        // and without them it falls
        for (int step = 0; step < 200; step++) {
            sim.step(new double[7]);
        }
        sim.positions(q);
        assertTrue(Math.abs(q[1] - Robots.FR3_READY[1]) > 0.01, "the shoulder fell: " + q[1]);
    }

    @Test
    void aJointLimitStopsThePendulumWithoutTeleportingAndHoldsItWhereTheSpringCarriesTheWeight() {
        double limit = 0.5;
        Simulation sim = Simulation.create(Robots.limitedPendulum(limit), SimulationSettings.defaults(1));
        double[] q = new double[1];
        double previous = 0;
        double deepest = 0;
        for (int step = 0; step < 3000; step++) {
            sim.step(new double[1]);
            sim.positions(q);
            assertTrue(Math.abs(q[0] - previous) < 0.01, "step " + step + " jumped from " + previous + " to " + q[0]);
            previous = q[0];
            deepest = Math.max(deepest, q[0] - limit);
        }
        assertTrue(deepest > 0 && deepest < 0.03, "went " + deepest + " rad beyond the limit");
        double weight = Robots.BOB * G * Robots.ARM * Math.cos(limit);
        assertEquals(limit + weight / SimulationSettings.DEFAULT_LIMIT_STIFFNESS, q[0], 1e-6);
    }

    @Test
    void theFr3PushedIntoItsLimitsWithFullTorqueStaysCloseToThem() {
        KinematicModel fr3 = Robots.fr3();
        Simulation sim = Simulation.create(fr3, SimulationSettings.defaults(7));
        double[] effort = {87, 87, 87, 87, 12, 12, 12};
        double[] q = new double[7];
        for (int step = 0; step < 4000; step++) {
            assertEquals(StepStatus.OK, sim.step(effort));
        }
        sim.positions(q);
        for (int j = 0; j < 7; j++) {
            assertTrue(q[j] > fr3.upperLimit(j) && q[j] < fr3.upperLimit(j) + 0.03,
                    "joint " + (j + 1) + " at " + q[j] + ", limit " + fr3.upperLimit(j));
        }
    }

    @Test
    void aNonFiniteTorqueIsRefusedAndTheLastFiniteOneKeepsActing() {
        KinematicModel fr3 = Robots.fr3();
        Simulation sim = Simulation.create(fr3, SimulationSettings.defaults(7));
        sim.reset(Robots.FR3_READY, new double[7]);
        double[] hold = new double[7];
        fr3.newWorkspace().gravity(Robots.FR3_READY, hold);
        assertEquals(StepStatus.OK, sim.step(hold));
        double[] poisoned = hold.clone();
        poisoned[3] = Double.NaN;
        double[] q = new double[7];
        double[] applied = new double[7];
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            poisoned[3] = bad;
            for (int step = 0; step < 500; step++) {
                assertEquals(StepStatus.TORQUE_NOT_FINITE, sim.step(poisoned));
            }
            sim.appliedTorques(applied);
            assertArrayEquals(hold, applied, 0.0);
        }
        sim.positions(q);
        assertArrayEquals(Robots.FR3_READY, q, 1e-6);
        assertThrows(IllegalArgumentException.class, () -> sim.step(new double[6]));
    }

    @Test
    void aResetToANonFiniteStateIsRefusedAndNamesTheJoint() {
        Simulation sim = Simulation.create(Robots.fr3(), SimulationSettings.defaults(7));
        double[] q = Robots.FR3_READY.clone();
        q[2] = Double.NaN;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.reset(q, new double[7]));
        assertTrue(e.getMessage().contains("q[2] (joint3)"), e.getMessage());
    }

    @Test
    void aTimeStepTooLargeForTheContactStiffnessIsUndoneInsteadOfPoisoningTheState() {
        // contacts are explicit: a 1e12 N/m floor at 10 ms steps throws the block out faster at every bounce
        Simulation sim = Simulation.create(Robots.verticalSlider(), SimulationSettings.defaults(1).withTimeStep(0.01)
                .withContacts(List.of(HalfSpace.floor()), List.of(ContactPoint.origin("block")), 1e12, 0));
        sim.reset(new double[] {0.05}, new double[1]);
        double[] q = new double[1];
        boolean diverged = false;
        for (int step = 0; step < 2000 && !diverged; step++) {
            diverged = sim.step(new double[1]) == StepStatus.DIVERGED;
            sim.positions(q);
            assertTrue(Double.isFinite(q[0]), "step " + step + ": " + q[0]);
        }
        assertTrue(diverged);
        double before = q[0];
        assertEquals(StepStatus.DIVERGED, sim.step(new double[1]), "it stays where it was");
        sim.positions(q);
        assertEquals(before, q[0], 0.0);
    }

    @Test
    void theSameInputsGiveTheSameBits() {
        double[][] runs = new double[2][];
        for (int run = 0; run < 2; run++) {
            KinematicModel fr3 = Robots.fr3();
            Simulation sim = Simulation.create(fr3, ContactTest.fr3OnATable());
            sim.reset(Robots.FR3_READY, new double[7]);
            double[] tau = new double[7];
            sim.push("link8", 5, -3, 2, 0.1, 0, 0, 0.2);
            for (int step = 0; step < 1500; step++) {
                tau[step % 7] = Math.sin(step * 0.01);
                sim.step(tau);
            }
            double[] state = new double[14];
            double[] q = new double[7];
            sim.positions(q);
            System.arraycopy(q, 0, state, 0, 7);
            sim.velocities(q);
            System.arraycopy(q, 0, state, 7, 7);
            runs[run] = state;
        }
        for (int k = 0; k < 14; k++) {
            assertEquals(Double.doubleToRawLongBits(runs[0][k]), Double.doubleToRawLongBits(runs[1][k]), "entry " + k);
        }
        assertTrue(Arrays.stream(runs[0]).allMatch(Double::isFinite));
    }
}
