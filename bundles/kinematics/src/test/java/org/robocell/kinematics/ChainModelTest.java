package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.robocell.api.model.Inertial;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Mimic;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;
import org.robocell.kinematics.internal.EjmlKinematicsService;

/** A chain model moves only the joints from the root to its tip; the rest of the tree rides along, locked. */
class ChainModelTest {

    private static final int[] CHAIN_IN_TREE = {0, 3}; // trunk_joint, right_arm_joint

    @Test
    void chainIsTheTreeWithTheOtherBranchesLockedAtZero() {
        KinematicModel tree = KinematicModel.of(TestRobots.branchingTree());
        KinematicModel chain = KinematicModel.of(TestRobots.branchingTree(), "right_tool");
        assertEquals(List.of("trunk_joint", "right_arm_joint"), chain.jointNames());

        double[] qChain = {0.4, -0.9};
        double[] qTree = {0.4, 0, 0, -0.9};
        double[] dqChain = {1.5, -0.5};
        double[] dqTree = {1.5, 0, 0, -0.5};
        KinematicWorkspace c = chain.newWorkspace();
        KinematicWorkspace t = tree.newWorkspace();

        DMatrixRMaj massChain = new DMatrixRMaj(2, 2);
        DMatrixRMaj massTree = new DMatrixRMaj(4, 4);
        c.massMatrix(qChain, massChain);
        t.massMatrix(qTree, massTree);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                assertEquals(massTree.get(CHAIN_IN_TREE[i], CHAIN_IN_TREE[j]), massChain.get(i, j), 1e-12);
            }
        }
        double[] tauChain = new double[2];
        double[] tauTree = new double[4];
        c.coriolis(qChain, dqChain, tauChain);
        t.coriolis(qTree, dqTree, tauTree);
        assertArrayEquals(new double[] {tauTree[0], tauTree[3]}, tauChain, 1e-12);
        c.gravity(qChain, tauChain);
        t.gravity(qTree, tauTree);
        assertArrayEquals(new double[] {tauTree[0], tauTree[3]}, tauChain, 1e-12);

        double[] poseChain = new double[16];
        double[] poseTree = new double[16];
        for (String link : List.of("right_tool", "left_wrist")) {
            c.forwardKinematics(qChain);
            t.forwardKinematics(qTree);
            c.linkTransform(chain.linkIndex(link), poseChain);
            t.linkTransform(tree.linkIndex(link), poseTree);
            assertArrayEquals(poseTree, poseChain, 1e-12, link);
        }
    }

    /** An arm with a two-finger gripper whose second finger mimics the first, as the Franka hand does. */
    private static RobotModel armWithGripper() {
        return armWithGripper(0.1);
    }

    private static RobotModel armWithGripper(double fingerMass) {
        List<Link> links = new ArrayList<>(List.of(new Link("base", null), TestRobots.body("arm", 2),
                new Link("hand", null), pointMass("finger_left", fingerMass), pointMass("finger_right", fingerMass)));
        JointLimits stroke = new JointLimits(0, 0.04, 0.2, 20);
        List<Joint> joints = List.of(
                TestRobots.revolute("shoulder", "base", "arm", Pose.IDENTITY, new Vector3(0, 0, 1)),
                new Joint("flange", JointType.FIXED, "arm", "hand", new Pose(0.5, 0, 0, 0, 0, 0), null, null, null),
                new Joint("finger_joint1", JointType.PRISMATIC, "hand", "finger_left", Pose.IDENTITY, new Vector3(0, 1, 0),
                        stroke, null),
                new Joint("finger_joint2", JointType.PRISMATIC, "hand", "finger_right", Pose.IDENTITY, new Vector3(0, -1, 0),
                        stroke, new Mimic("finger_joint1", 1, 0.01)));
        return new RobotModel("gripper", links, joints);
    }

    private static Link pointMass(String name, double mass) {
        return new Link(name, new Inertial(mass, Pose.IDENTITY, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void aMimicFingerOffTheChainIsLockedAtItsOffset() {
        KinematicModel arm = KinematicModel.of(armWithGripper(), "hand");
        assertEquals(List.of("shoulder"), arm.jointNames());
        KinematicWorkspace ws = arm.newWorkspace();
        ws.forwardKinematics(new double[] {0});
        double[] p = new double[3];
        ws.linkPosition(arm.linkIndex("finger_right"), p);
        assertArrayEquals(new double[] {0.5, -0.01, 0}, p, 1e-15);
        DMatrixRMaj mass = new DMatrixRMaj(1, 1);
        DMatrixRMaj massWithoutFingers = new DMatrixRMaj(1, 1);
        ws.massMatrix(new double[] {0}, mass);
        KinematicModel.of(armWithGripper(0), "hand").newWorkspace().massMatrix(new double[] {0}, massWithoutFingers);
        // two point masses at (0.5, 0, 0) and (0.5, -0.01, 0) about the shoulder's z axis
        assertEquals(0.1 * 0.25 + 0.1 * (0.25 + 0.0001), mass.get(0, 0) - massWithoutFingers.get(0, 0), 1e-12);
    }

    @Test
    void theServiceBuildsChainSolversLikeKinematicsInterfaceKdl() {
        KinematicsSolver solver = new EjmlKinematicsService().solver(armWithGripper(), "base", "hand", 0);
        assertEquals(List.of("shoulder"), solver.jointNames());
        double[] transform = new double[16];
        assertTrue(solver.calculateLinkTransform(new double[] {Math.PI / 2}, "hand", transform));
        assertEquals(0.5, transform[7], 1e-15);
    }
}
