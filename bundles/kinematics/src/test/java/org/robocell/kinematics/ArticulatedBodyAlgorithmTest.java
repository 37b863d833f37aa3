package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.robocell.api.model.Inertial;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

/**
 * The articulated-body algorithm solves the same equation of motion as CRBA + Cholesky, on chains and trees, with
 * payload, tilted gravity and external wrenches on several links, and inverts inverse dynamics.
 */
class ArticulatedBodyAlgorithmTest {

    static Stream<Arguments> robots() {
        return Stream.of(
                Arguments.of("fr3", KinematicModel.of(TestRobots.fr3()), List.of("link8", "link4"), true),
                Arguments.of("fr3 with payload, tilted gravity", KinematicModel.of(TestRobots.fr3())
                        .withPayload("link8", TestRobots.body("gripper", 1.3).inertial())
                        .withGravity(1.2, -0.7, -9.7), List.of("link8", "link2"), true),
                Arguments.of("branching tree", KinematicModel.of(TestRobots.branchingTree()),
                        List.of("right_tool", "left_wrist", "trunk"), true),
                // the KR 6's light wrist against its heavy base makes M ill-conditioned: at some random states the
                // accelerations reach 2e4 rad/s² and the two solvers part in the 9th digit (Cholesky's forward
                // error grows with the condition number), so it is compared in torque: M·(ddq_aba - ddq_crba) against the
                // size of the inertial torques M·ddq
                Arguments.of("kr6 with payload", KinematicModel.of(TestRobots.kr6()).withPayload("tool0",
                        TestRobots.body("payload", 2.0).inertial()), List.of("tool0"), false));
    }

    private static double[] random(Random rnd, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (2 * rnd.nextDouble() - 1) * scale;
        }
        return v;
    }

    /** Accelerations reach thousands of rad/s² on light wrists: the tolerance is 1e-9 relative to their size. */
    private static void assertSameAccelerations(double[] expected, double[] actual, String what) {
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j], actual[j], 1e-9 * Math.max(1, Math.abs(expected[j])), what + ", joint " + j);
        }
    }

    private static void wrenchEveryLink(KinematicWorkspace ws, KinematicModel model, List<String> links, Random rnd) {
        ws.clearExternalWrenches();
        for (String link : links) {
            double[] w = random(rnd, 6, 20);
            ws.setExternalWrench(model.linkIndex(link), w[0], w[1], w[2], w[3], w[4], w[5]);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void equalsCompositeRigidBodyAndCholeskyAtRandomStatesWithWrenches(String name, KinematicModel model,
            List<String> wrenchedLinks, boolean wellConditioned) {
        KinematicWorkspace ws = model.newWorkspace();
        int n = model.dof();
        Random rnd = new Random(14);
        double[] crba = new double[n];
        double[] aba = new double[n];
        DMatrixRMaj mass = new DMatrixRMaj(n, n);
        for (int trial = 0; trial < 50; trial++) {
            double[] q = random(rnd, n, 2.5);
            double[] dq = random(rnd, n, 3.0);
            double[] tau = random(rnd, n, 40.0);
            if (trial % 2 == 0) {
                wrenchEveryLink(ws, model, wrenchedLinks, rnd);
            } else {
                ws.clearExternalWrenches();
            }
            ws.forwardDynamics(q, dq, tau, crba);
            ws.articulatedBodyDynamics(q, dq, tau, aba);
            if (wellConditioned) {
                assertSameAccelerations(crba, aba, "trial " + trial);
            }
            ws.massMatrix(q, mass);
            for (int i = 0; i < n; i++) {
                double difference = 0;
                double size = 1;
                for (int j = 0; j < n; j++) {
                    difference += mass.get(i, j) * (aba[j] - crba[j]);
                    size += Math.abs(mass.get(i, j) * crba[j]);
                }
                // relative to the inertial torques that the row sums up
                assertEquals(0, difference, 1e-9 * size, "trial " + trial + ", torque " + i);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void inverseDynamicsOfTheAccelerationsGivesBackTheTorques(String name, KinematicModel model,
            List<String> wrenchedLinks, boolean wellConditioned) {
        KinematicWorkspace ws = model.newWorkspace();
        int n = model.dof();
        Random rnd = new Random(7);
        double[] ddq = new double[n];
        double[] recovered = new double[n];
        for (int trial = 0; trial < 50; trial++) {
            double[] q = random(rnd, n, 2.5);
            double[] dq = random(rnd, n, 3.0);
            double[] tau = random(rnd, n, 40.0);
            wrenchEveryLink(ws, model, wrenchedLinks, rnd);
            ws.articulatedBodyDynamics(q, dq, tau, ddq);
            ws.inverseDynamics(q, dq, ddq, recovered);
            for (int j = 0; j < n; j++) {
                assertEquals(tau[j], recovered[j], 1e-9 * Math.max(1, Math.abs(tau[j])), "trial " + trial + " joint " + j);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("robots")
    void armatureAddsToTheDiagonalOfTheMassMatrix(String name, KinematicModel model, List<String> wrenchedLinks,
            boolean wellConditioned) {
        KinematicWorkspace ws = model.newWorkspace();
        int n = model.dof();
        Random rnd = new Random(3);
        DMatrixRMaj mass = new DMatrixRMaj(n, n);
        double[] ddq = new double[n];
        double[] bias = new double[n];
        for (int trial = 0; trial < 20; trial++) {
            double[] q = random(rnd, n, 2.5);
            double[] dq = random(rnd, n, 3.0);
            double[] tau = random(rnd, n, 40.0);
            double[] armature = random(rnd, n, 1.0);
            for (int j = 0; j < n; j++) {
                armature[j] = Math.abs(armature[j]);
            }
            wrenchEveryLink(ws, model, wrenchedLinks, rnd);
            ws.articulatedBodyDynamics(q, dq, tau, armature, ddq);
            // (M + diag(a)) ddq + C dq + g - Jᵀ w = tau
            ws.massMatrix(q, mass);
            ws.inverseDynamics(q, dq, new double[n], bias);
            for (int i = 0; i < n; i++) {
                double lhs = bias[i] + armature[i] * ddq[i];
                double size = 1 + Math.abs(bias[i]) + Math.abs(armature[i] * ddq[i]);
                for (int j = 0; j < n; j++) {
                    lhs += mass.get(i, j) * ddq[j];
                    size += Math.abs(mass.get(i, j) * ddq[j]);
                }
                assertEquals(tau[i], lhs, 1e-9 * size, "trial " + trial + ", joint " + i);
            }
        }
    }

    @Test
    void gravityTorquesHoldTheArmStill() {
        KinematicModel fr3 = KinematicModel.of(TestRobots.fr3());
        KinematicWorkspace ws = fr3.newWorkspace();
        double[] g = new double[7];
        double[] ddq = new double[7];
        ws.gravity(TestRobots.FR3_READY, g);
        ws.articulatedBodyDynamics(TestRobots.FR3_READY, new double[7], g, ddq);
        for (double a : ddq) {
            assertEquals(0, a, 1e-10);
        }
        ws.articulatedBodyDynamics(TestRobots.FR3_READY, new double[7], new double[7], ddq);
        assertEquals(true, Math.abs(ddq[1]) > 1, "without torque the shoulder falls: " + ddq[1]);
    }

    @Test
    void aSinglePendulumFallsAsTheTextbookSays() {
        // a point-like 2 kg mass 0.5 m along x from a joint about y: ddq = g / l · cos(q) (sign by the right-hand rule)
        double mass = 2, length = 0.5;
        RobotModel pendulum = new RobotModel("pendulum", List.of(new Link("world", Inertial.NONE),
                new Link("bob", new Inertial(mass, new Pose(length, 0, 0, 0, 0, 0), 1e-9, 0, 0, 1e-9, 0, 1e-9))),
                List.of(TestRobots.joint("swing", JointType.CONTINUOUS, "world", "bob", Pose.IDENTITY, new Vector3(0, 1, 0))));
        KinematicWorkspace ws = KinematicModel.of(pendulum).newWorkspace();
        double[] ddq = new double[1];
        for (double q : new double[] {0, 0.3, -1.1, 2.0}) {
            ws.articulatedBodyDynamics(new double[] {q}, new double[1], new double[1], ddq);
            assertEquals(9.81 / length * Math.cos(q), ddq[0], 1e-6, "q = " + q);
        }
    }

    @Test
    void aMovingBodyWithoutMassIsRefusedWithItsJointNamed() {
        RobotModel ghost = new RobotModel("ghost", List.of(new Link("world", Inertial.NONE), new Link("arm", Inertial.NONE)),
                List.of(TestRobots.revolute("ghost_joint", "world", "arm", Pose.IDENTITY, new Vector3(0, 0, 1))));
        KinematicWorkspace ws = KinematicModel.of(ghost).newWorkspace();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ws.articulatedBodyDynamics(new double[1], new double[1], new double[1], new double[1]));
        assertEquals(true, e.getMessage().contains("ghost_joint"), e.getMessage());
    }

    @Test
    void vectorsOfTheWrongLengthAreRefused() {
        KinematicWorkspace ws = KinematicModel.of(TestRobots.fr3()).newWorkspace();
        assertThrows(IllegalArgumentException.class,
                () -> ws.articulatedBodyDynamics(new double[7], new double[7], new double[6], new double[7]));
    }
}
