package org.robocell.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

/** Closed-form cases on robots built from the model records, one property each. */
class HandBuiltRobotTest {

    private static final double EPS = 1e-12;

    /** A pendulum: a point mass m at distance l along the link's x axis, swinging about the base y axis. */
    private static RobotModel pendulum(double mass, double length, Vector3 axis) {
        return new RobotModel("pendulum", List.of(new Link("base", Inertial.NONE),
                new Link("rod", new Inertial(mass, new Pose(length, 0, 0, 0, 0, 0), 0, 0, 0, 0, 0, 0))),
                List.of(new Joint("swing", JointType.CONTINUOUS, "base", "rod", Pose.IDENTITY, axis, null, null)));
    }

    @Test
    void pendulumGravityTorqueIsMassTimesGravityTimesLeverArm() {
        KinematicWorkspace ws = KinematicModel.of(pendulum(2.0, 0.5, new Vector3(0, 1, 0))).newWorkspace();
        double[] tau = new double[1];
        // rotating about +y by q lowers the x axis: the mass at (l cos q, 0, -l sin q) pulls towards larger q,
        // so holding it takes a torque towards smaller q
        ws.gravity(new double[] {0.3}, tau);
        assertEquals(-2.0 * 9.81 * 0.5 * Math.cos(0.3), tau[0], EPS);
    }

    @Test
    void pendulumInertiaAndCentrifugalTermsAreClosedForm() {
        KinematicWorkspace ws = KinematicModel.of(pendulum(2.0, 0.5, new Vector3(0, 1, 0))).newWorkspace();
        DMatrixRMaj mass = new DMatrixRMaj(1, 1);
        ws.massMatrix(new double[] {1.1}, mass);
        assertEquals(2.0 * 0.25, mass.get(0, 0), EPS);
        double[] tau = new double[1];
        ws.coriolis(new double[] {1.1}, new double[] {3.0}, tau);
        assertEquals(0, tau[0], EPS, "a single revolute joint has no velocity coupling");
    }

    @Test
    void negativeAxisTurnsTheOtherWay() {
        KinematicWorkspace plus = KinematicModel.of(pendulum(1, 1, new Vector3(0, 1, 0))).newWorkspace();
        KinematicWorkspace minus = KinematicModel.of(pendulum(1, 1, new Vector3(0, -1, 0))).newWorkspace();
        plus.forwardKinematics(new double[] {0.4});
        minus.forwardKinematics(new double[] {-0.4});
        double[] a = new double[16];
        double[] b = new double[16];
        plus.linkTransform(1, a);
        minus.linkTransform(1, b);
        assertArrayEquals(a, b, EPS);
    }

    @Test
    void unnormalisedAxisIsNormalised() {
        KinematicWorkspace unit = KinematicModel.of(pendulum(1, 1, new Vector3(0, 0, 1))).newWorkspace();
        KinematicWorkspace scaled = KinematicModel.of(pendulum(1, 1, new Vector3(0, 0, 5))).newWorkspace();
        unit.forwardKinematics(new double[] {0.7});
        scaled.forwardKinematics(new double[] {0.7});
        double[] a = new double[16];
        double[] b = new double[16];
        unit.linkTransform(1, a);
        scaled.linkTransform(1, b);
        assertArrayEquals(a, b, EPS);
    }

    @Test
    void prismaticJointTranslatesAlongItsAxisInTheJointFrame() {
        RobotModel slider = new RobotModel("slider", List.of(new Link("base", Inertial.NONE),
                new Link("carriage", new Inertial(3.0, Pose.IDENTITY, 0.1, 0, 0, 0.1, 0, 0.1))),
                List.of(new Joint("slide", JointType.PRISMATIC, "base", "carriage", new Pose(1, 2, 3, 0, 0, Math.PI / 2),
                        new Vector3(1, 0, 0), new JointLimits(-1, 1, 1, 1), null)));
        KinematicModel model = KinematicModel.of(slider);
        KinematicWorkspace ws = model.newWorkspace();
        ws.forwardKinematics(new double[] {0.25});
        double[] p = new double[3];
        ws.linkPosition(1, p);
        // the joint frame is turned by 90° about z: its x axis is the base y axis
        assertArrayEquals(new double[] {1, 2.25, 3}, p, EPS);

        DMatrixRMaj jacobian = new DMatrixRMaj(6, 1);
        ws.jacobian(1, ReferenceFrame.BASE, jacobian);
        assertArrayEquals(new double[] {0, 1, 0, 0, 0, 0}, jacobian.data, EPS);

        double[] tau = new double[1];
        ws.gravity(new double[] {0.25}, tau);
        assertEquals(0, tau[0], EPS, "a horizontal slide carries no gravity load");
        model = model.withGravity(0, -9.81, 0);
        model.newWorkspace().gravity(new double[] {0.25}, tau);
        assertEquals(3.0 * 9.81, tau[0], EPS, "holding the carriage against gravity along -y takes m·g");
        DMatrixRMaj mass = new DMatrixRMaj(1, 1);
        ws.massMatrix(new double[] {0.25}, mass);
        assertEquals(3.0, mass.get(0, 0), EPS);
    }

    @Test
    void linksBehindFixedJointsArePlacedAndTheirMassCounts() {
        RobotModel withTool = new RobotModel("arm", List.of(new Link("base", Inertial.NONE), new Link("arm", Inertial.NONE),
                new Link("tool", new Inertial(1.5, Pose.IDENTITY, 0, 0, 0, 0, 0, 0))), List.of(
                new Joint("shoulder", JointType.CONTINUOUS, "base", "arm", Pose.IDENTITY, new Vector3(0, 0, 1), null, null),
                new Joint("mount", JointType.FIXED, "arm", "tool", new Pose(0.4, 0, 0, 0, 0, 0), null, null, null)));
        KinematicModel model = KinematicModel.of(withTool);
        assertEquals(List.of("shoulder"), model.jointNames());
        KinematicWorkspace ws = model.newWorkspace();
        ws.forwardKinematics(new double[] {Math.PI / 2});
        double[] p = new double[3];
        ws.linkPosition(model.linkIndex("tool"), p);
        assertArrayEquals(new double[] {0, 0.4, 0}, p, EPS);
        DMatrixRMaj mass = new DMatrixRMaj(1, 1);
        ws.massMatrix(new double[] {0}, mass);
        assertEquals(1.5 * 0.16, mass.get(0, 0), EPS);
    }

    @Test
    void rotatedInertiaFrameIsRotatedIntoTheLink() {
        // a thin rod with its long axis along the inertial frame's x; the frame is yawed 90°, so the rod lies
        // along the link's y axis and turning about the link's x axis meets its large moment
        Inertial rod = new Inertial(1, new Pose(0, 0, 0, 0, 0, Math.PI / 2), 0.001, 0, 0, 0.5, 0, 0.5);
        RobotModel model = new RobotModel("rod", List.of(new Link("base", Inertial.NONE), new Link("rod", rod)),
                List.of(new Joint("roll", JointType.CONTINUOUS, "base", "rod", Pose.IDENTITY, new Vector3(1, 0, 0), null, null)));
        DMatrixRMaj mass = new DMatrixRMaj(1, 1);
        KinematicModel.of(model).newWorkspace().massMatrix(new double[] {0.2}, mass);
        assertEquals(0.5, mass.get(0, 0), EPS);
    }

    @Test
    void payloadAddsItsMassAtTheChosenLinkAndCanBeRemoved() {
        RobotModel robot = pendulum(2.0, 0.5, new Vector3(0, 1, 0));
        KinematicModel model = KinematicModel.of(robot);
        // 1 kg at 1 m along x, given in a rotated frame: the rotation must not move it
        KinematicModel loaded = model.withPayload("rod", new Inertial(1.0, new Pose(1, 0, 0, 0.3, 0.2, 0.1), 0, 0, 0, 0, 0, 0));
        double[] tau = new double[1];
        loaded.newWorkspace().gravity(new double[] {0}, tau);
        assertEquals(-9.81 * (2.0 * 0.5 + 1.0 * 1.0), tau[0], EPS);
        loaded.withoutPayload().newWorkspace().gravity(new double[] {0}, tau);
        assertEquals(-9.81 * 2.0 * 0.5, tau[0], EPS);
        model.newWorkspace().gravity(new double[] {0}, tau);
        assertEquals(-9.81 * 2.0 * 0.5, tau[0], EPS, "the original model is unchanged");
    }

    @Test
    void treeBranchesDoNotCoupleInTheJacobianOrMassMatrix() {
        KinematicModel model = KinematicModel.of(TestRobots.branchingTree());
        assertEquals(List.of("trunk_joint", "left_slide_joint", "left_wrist_joint", "right_arm_joint"), model.jointNames());
        KinematicWorkspace ws = model.newWorkspace();
        double[] q = {0.3, 0.2, -1.1, 0.8};
        ws.forwardKinematics(q);
        DMatrixRMaj jacobian = new DMatrixRMaj(6, 4);
        ws.jacobian(model.linkIndex("right_tool"), ReferenceFrame.BASE, jacobian);
        for (int r = 0; r < 6; r++) {
            assertEquals(0, jacobian.get(r, 1), 0.0, "the left slide does not move the right tool");
            assertEquals(0, jacobian.get(r, 2), 0.0, "the left wrist does not move the right tool");
        }
        DMatrixRMaj mass = new DMatrixRMaj(4, 4);
        ws.massMatrix(q, mass);
        assertEquals(0, mass.get(1, 3), 0.0);
        assertEquals(0, mass.get(3, 2), 0.0);
    }

    @Test
    void unsupportedJointsAreRejectedByName() {
        RobotModel floating = new RobotModel("f", List.of(new Link("a", null), new Link("b", null)),
                List.of(new Joint("free", JointType.FLOATING, "a", "b", null, null, null, null)));
        assertThrows(IllegalArgumentException.class, () -> KinematicModel.of(floating), "free");
        RobotModel mimic = new RobotModel("m", List.of(new Link("a", null), new Link("b", null), new Link("c", null)),
                List.of(new Joint("lead", JointType.REVOLUTE, "a", "b", null, null, null, null),
                        new Joint("follow", JointType.REVOLUTE, "b", "c", null, null, null, new Mimic("lead", 1, 0))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KinematicModel.of(mimic));
        assertEquals(true, e.getMessage().contains("'follow'"), e.getMessage());
    }

    @Test
    void wrongVectorLengthsAndUnknownLinksAreRejected() {
        KinematicModel model = KinematicModel.of(TestRobots.kr6());
        KinematicWorkspace ws = model.newWorkspace();
        assertThrows(IllegalArgumentException.class, () -> ws.forwardKinematics(new double[7]));
        assertThrows(IllegalArgumentException.class, () -> ws.gravity(new double[6], new double[5]));
        assertThrows(IllegalArgumentException.class, () -> model.linkIndex("no_such_link"));
    }
}
