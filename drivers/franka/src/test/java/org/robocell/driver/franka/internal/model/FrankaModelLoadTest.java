package org.robocell.driver.franka.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.driver.franka.internal.model.FrankaModelFramesTest.EE_T_K;
import static org.robocell.driver.franka.internal.model.FrankaModelFramesTest.F_T_EE;
import static org.robocell.driver.franka.internal.model.FrankaModelFramesTest.assertArrayEquals;
import static org.robocell.driver.franka.internal.model.FrankaModelFramesTest.randomQ;
import static org.robocell.driver.franka.internal.model.FrankaModelGoldenTest.NO_INERTIA;
import static org.robocell.driver.franka.internal.model.FrankaModelGoldenTest.ORIGIN;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.robocell.api.model.Inertial;
import org.robocell.api.model.Pose;
import org.robocell.description.RobotDescription;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.emulator.Fr3Model;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * The load (m_total at F_x_Ctotal in the flange frame, I_total about it) is a rigid body on the flange, as
 * libfranka adds it to the last link's inertia: mass, Coriolis and gravity equal those of the kinematics bundle's
 * own payload model (built another way: the payload merged into link8's body); gravity changes by m·g at the joints
 * the load hangs off; a state's end effector and load are combined as libfranka's RobotState does.
 */
class FrankaModelLoadTest {

    private static final double TOL = 1e-9;
    private static final double MASS = 1.3;
    private static final double[] COM = { 0.02, -0.015, 0.08 };
    /** column-major, symmetric, about the centre of mass */
    private static final double[] INERTIA = { 0.004, 0.0002, -0.0003, 0.0002, 0.005, 0.0001, -0.0003, 0.0001,
        0.003 };

    private final FrankaModel model = FrankaModel.fr3();

    @Test
    void massCoriolisAndGravityWithALoadAreThoseOfTheArmCarryingItAsAPayload() {
        RobotDescription d = RobotDescription.parse(new String(Fr3Model.urdf(), StandardCharsets.UTF_8), "fr3.urdf");
        KinematicWorkspace carrying = KinematicModel.of(d.robot(), "link8").withPayload("link8",
                new Inertial(MASS, new Pose(COM[0], COM[1], COM[2], 0, 0, 0), INERTIA[0], INERTIA[3], INERTIA[6],
                        INERTIA[4], INERTIA[7], INERTIA[8])).newWorkspace();
        Random random = new Random(11);
        double[] m = new double[49];
        double[] c = new double[7];
        double[] g = new double[7];
        DMatrixRMaj expectedM = new DMatrixRMaj(7, 7);
        double[] expectedC = new double[7];
        double[] expectedG = new double[7];
        for (int n = 0; n < 20; n++) {
            double[] q = randomQ(random);
            double[] dq = new double[7];
            for (int i = 0; i < 7; i++) {
                dq[i] = random.nextDouble() * 4 - 2;
            }
            model.mass(q, INERTIA, MASS, COM, m);
            model.coriolis(q, dq, INERTIA, MASS, COM, c);
            model.gravity(q, MASS, COM, g);
            carrying.massMatrix(q, expectedM);
            carrying.coriolis(q, dq, expectedC);
            carrying.gravity(q, expectedG);
            for (int r = 0; r < 7; r++) {
                for (int k = 0; k < 7; k++) {
                    assertEquals(expectedM.get(r, k), m[7 * k + r], TOL, "M[" + r + "][" + k + "]");
                }
            }
            assertArrayEquals(expectedC, c, TOL);
            assertArrayEquals(expectedG, g, TOL);
        }
    }

    @Test
    void aLoadOnTheFlangeAddsItsWeightTimesTheLeverAtJointTwoAndNothingAtJointOneOrSeven() {
        // joint1 at 0: joint 2 turns about the base's y axis through (0, 0, 0.333); its lever is the flange's x
        double[] q = { 0, 0.3, 0, -2.0, 0, 2.2, 0.7 };
        double m = 2.0;
        double[] onAxis = { 0, 0, 0.05 }; // on joint 7's axis
        double[] bare = new double[7];
        double[] loaded = new double[7];
        double[] flange = new double[16];
        model.gravity(q, 0, ORIGIN, bare);
        model.gravity(q, m, onAxis, loaded);
        model.pose(FrankaFrame.FLANGE, q, FrankaModelGoldenTest.IDENTITY, FrankaModelGoldenTest.IDENTITY, flange);
        double x = flange[12] + 0.05 * flange[8]; // the load's centre of mass, base x
        assertTrue(Math.abs(x) > 0.2, "the pose holds the load well out: x = " + x);
        assertEquals(0, loaded[0] - bare[0], 1e-12, "joint 1 turns about the vertical");
        assertEquals(m * 9.81 * Math.abs(x), Math.abs(loaded[1] - bare[1]), 1e-9, "joint 2: m g x");
        assertEquals(0, loaded[6] - bare[6], 1e-12, "joint 7: the weight acts on its axis");
        // off the axis, joint 7 holds it too
        model.gravity(q, m, new double[] { 0.1, 0, 0.05 }, loaded);
        assertTrue(Math.abs(loaded[6] - bare[6]) > 0.05, "joint 7 with the load 0.1 m off its axis");
    }

    @Test
    void gravityIsLinearInGravityEarthAndLibfrankasDefaultIsMinus981AlongZ() {
        double[] q = randomQ(new Random(5));
        double[] byDefault = new double[7];
        double[] earth = new double[7];
        double[] moon = new double[7];
        double[] sideways = new double[7];
        model.gravity(q, MASS, COM, byDefault);
        model.gravity(q, MASS, COM, new double[] { 0, 0, -9.81 }, earth);
        model.gravity(q, MASS, COM, new double[] { 0, 0, -1.62 }, moon);
        assertArrayEquals(earth, byDefault, 0);
        for (int i = 0; i < 7; i++) {
            assertEquals(earth[i] * 1.62 / 9.81, moon[i], 1e-12);
        }
        // a robot mounted on a wall: gravity along the base's x; against the payload model built with that gravity
        model.gravity(q, MASS, COM, new double[] { -9.81, 0, 0 }, sideways);
        RobotDescription d = RobotDescription.parse(new String(Fr3Model.urdf(), StandardCharsets.UTF_8), "fr3.urdf");
        double[] expected = new double[7];
        KinematicModel.of(d.robot(), "link8").withGravity(-9.81, 0, 0).withPayload("link8",
                new Inertial(MASS, new Pose(COM[0], COM[1], COM[2], 0, 0, 0), 0, 0, 0, 0, 0, 0)).newWorkspace()
                .gravity(q, expected);
        assertArrayEquals(expected, sideways, TOL);
    }

    @Test
    void aStatesEndEffectorAndLoadAreCombinedAsLibfrankaDoesAndItsFramesAndGravityAreUsed() {
        Random random = new Random(9);
        double[] q = randomQ(random);
        double[] dq = { 0.3, -0.2, 0.5, 0.1, -0.4, 0.2, 0.6 };
        RobotState s = new RobotState().set(StateField.Q, q).set(StateField.DQ, dq)
                .set(StateField.F_T_EE, F_T_EE).set(StateField.EE_T_K, EE_T_K)
                .set(StateField.M_EE, new double[] { 0.73 }).set(StateField.F_X_CEE, new double[] { -0.01, 0, 0.03 })
                .set(StateField.I_EE, new double[] { 0.001, 0, 0, 0, 0.0025, 0, 0, 0, 0.0017 })
                .set(StateField.M_LOAD, new double[] { 0.5 }).set(StateField.F_X_CLOAD, new double[] { 0, 0.02, 0.1 })
                .set(StateField.I_LOAD, new double[] { 0.0004, 0, 0, 0, 0.0004, 0, 0, 0, 0.0002 })
                .set(StateField.O_DDP_O, new double[] { 0, 0, -9.81 });
        LoadCombination total = new LoadCombination();
        total.combine(s, new double[3]);
        assertEquals(1.23, total.mass, 1e-15);
        double[] fromState = new double[49];
        double[] explicit = new double[49];
        model.mass(s, fromState);
        model.mass(q, total.inertia, total.mass, total.centerOfMass, explicit);
        assertArrayEquals(explicit, fromState, 0);
        double[] c1 = new double[7];
        double[] c2 = new double[7];
        model.coriolis(s, c1);
        model.coriolis(q, dq, total.inertia, total.mass, total.centerOfMass, c2);
        assertArrayEquals(c2, c1, 0);
        model.gravity(s, c1);
        model.gravity(q, total.mass, total.centerOfMass, c2);
        assertArrayEquals(c2, c1, 0);
        // gravity(robot_state) follows O_ddP_O, as libfranka's model.cpp
        s.set(StateField.O_DDP_O, new double[] { 0, 0, -1.62 });
        model.gravity(s, c1);
        model.gravity(q, total.mass, total.centerOfMass, new double[] { 0, 0, -1.62 }, c2);
        assertArrayEquals(c2, c1, 0);
        for (FrankaFrame f : FrankaFrame.values()) {
            double[] a = new double[42];
            double[] b = new double[42];
            double[] poseOfState = new double[16];
            double[] pose = new double[16];
            model.pose(f, s, poseOfState);
            model.pose(f, q, F_T_EE, EE_T_K, pose);
            assertArrayEquals(pose, poseOfState, 0);
            model.zeroJacobian(f, s, a);
            model.zeroJacobian(f, q, F_T_EE, EE_T_K, b);
            assertArrayEquals(b, a, 0);
            model.bodyJacobian(f, s, a);
            model.bodyJacobian(f, q, F_T_EE, EE_T_K, b);
            assertArrayEquals(b, a, 0);
        }
    }

    @Test
    void noLoadIsTheBareArm() {
        double[] q = randomQ(new Random(2));
        double[] a = new double[7];
        double[] b = new double[7];
        model.gravity(q, 0, COM, a);
        model.gravity(q, 0, ORIGIN, b);
        assertArrayEquals(b, a, 0);
        double[] m1 = new double[49];
        model.mass(q, NO_INERTIA, 0, COM, m1);
        double[] m2 = new double[49];
        model.mass(q, NO_INERTIA, 0, ORIGIN, m2);
        assertArrayEquals(m2, m1, 0);
    }
}
