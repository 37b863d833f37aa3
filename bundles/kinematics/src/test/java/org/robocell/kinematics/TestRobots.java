package org.robocell.kinematics;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

import org.robocell.api.model.Inertial;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;
import org.robocell.description.RobotDescription;

/** The robots the tests run on: the two reference URDFs, and small ones built by hand. */
final class TestRobots {

    static final double[] FR3_READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};

    private TestRobots() {
    }

    static RobotModel fr3() {
        return urdf("/robots/fr3.urdf");
    }

    static RobotModel kr6() {
        return urdf("/robots/kr6r900sixx.urdf");
    }

    static RobotModel urdf(String resource) {
        try {
            return RobotDescription.parse(Path.of(TestRobots.class.getResource(resource).toURI())).robot();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Joint revolute(String name, String parent, String child, Pose origin, Vector3 axis) {
        return new Joint(name, JointType.REVOLUTE, parent, child, origin, axis,
                new JointLimits(-2.5, 2.5, 1, 1), null);
    }

    static Joint joint(String name, JointType type, String parent, String child, Pose origin, Vector3 axis) {
        return new Joint(name, type, parent, child, origin, axis, new JointLimits(-1, 1, 1, 1), null);
    }

    /** A link whose inertial sits off its origin in a rotated frame, so every inertia path is exercised. */
    static Link body(String name, double mass) {
        return new Link(name, new Inertial(mass, new Pose(0.03, -0.02, 0.11, 0.3, -0.2, 0.7),
                0.02 * mass, 0.001, -0.002, 0.03 * mass, 0.0015, 0.025 * mass));
    }

    /**
     * A branching robot with every supported joint type and unusual axes: a revolute trunk about a tilted axis,
     * then a left arm (prismatic along -y, continuous about -x) and a right arm (fixed bracket, revolute about
     * (1, 1, 0)), with a tool frame behind a fixed joint that carries mass of its own.
     */
    static RobotModel branchingTree() {
        return new RobotModel("tree", List.of(
                new Link("world", Inertial.NONE), body("trunk", 3.0), body("left_slide", 1.2), body("left_wrist", 0.8),
                body("bracket", 0.4), body("right_arm", 1.5), body("right_tool", 0.3)), List.of(
                revolute("trunk_joint", "world", "trunk", new Pose(0, 0, 0.3, 0.1, 0, 0), new Vector3(0, 0.2, 1)),
                joint("left_slide_joint", JointType.PRISMATIC, "trunk", "left_slide", new Pose(0.1, 0.2, 0.4, 0, 0.5, 0),
                        new Vector3(0, -1, 0)),
                joint("left_wrist_joint", JointType.CONTINUOUS, "left_slide", "left_wrist", new Pose(0, 0.3, 0, 0, 0, 1.2),
                        new Vector3(-1, 0, 0)),
                joint("bracket_joint", JointType.FIXED, "trunk", "bracket", new Pose(-0.1, -0.2, 0.4, 0.4, 0.2, -0.3), null),
                revolute("right_arm_joint", "bracket", "right_arm", new Pose(0, -0.25, 0.05, 0, 0, 0), new Vector3(1, 1, 0)),
                joint("right_tool_joint", JointType.FIXED, "right_arm", "right_tool", new Pose(0.35, 0, 0, 0, 1.5707963, 0), null)));
    }

    /**
     * Two arms on one turning torso, every joint about ±z and placed by quarter turns (as the FR3's are), so that
     * forward kinematics takes its fast path on both branches: the right arm's first body follows the left arm's
     * last, not its parent.
     */
    static RobotModel quarterTurnTree() {
        double quarter = Math.PI / 2;
        return new RobotModel("two arms", List.of(
                new Link("world", Inertial.NONE), body("torso", 4.0), body("left_upper", 1.5), body("left_fore", 1.0),
                body("right_upper", 1.5), body("right_fore", 1.0), body("right_hand", 0.5)), List.of(
                revolute("torso_joint", "world", "torso", new Pose(0, 0, 0.3, 0, 0, 0), new Vector3(0, 0, 1)),
                revolute("left_shoulder", "torso", "left_upper", new Pose(0, 0.2, 0.1, quarter, 0, 0), new Vector3(0, 0, 1)),
                revolute("left_elbow", "left_upper", "left_fore", new Pose(0.3, 0, 0, -quarter, 0, quarter),
                        new Vector3(0, 0, -1)),
                revolute("right_shoulder", "torso", "right_upper", new Pose(0, -0.2, 0.1, -quarter, 0, 0),
                        new Vector3(0, 0, 1)),
                revolute("right_elbow", "right_upper", "right_fore", new Pose(0.3, 0, 0, quarter, 0, Math.PI),
                        new Vector3(0, 0, -1)),
                revolute("right_wrist", "right_fore", "right_hand", new Pose(0, 0.25, 0, 0, -quarter, 0),
                        new Vector3(0, 0, 1))));
    }
}
