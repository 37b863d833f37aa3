package org.robocell.simulation;

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
import org.robocell.kinematics.KinematicModel;

/** The robots the simulation tests run on: the FR3 and small ones built by hand whose physics is known. */
final class Robots {

    static final double[] FR3_READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};
    static final double ARM = 0.5;
    static final double BOB = 1.0;
    static final double BLOCK = 2.0;

    private Robots() {
    }

    static KinematicModel fr3() {
        try {
            return KinematicModel.of(RobotDescription.parse(Path.of(Robots.class.getResource("/robots/fr3.urdf").toURI())).robot());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A point mass of {@code mass} at (length, 0, 0) of its link: tiny inertia, so the textbook pendulum holds. */
    static Link bob(String name, double mass, double length) {
        return new Link(name, new Inertial(mass, new Pose(length, 0, 0, 0, 0, 0), 1e-6, 0, 0, 1e-6, 0, 1e-6));
    }

    /**
     * Two point masses of {@link #BOB} kg on massless arms of {@link #ARM} m, both joints about y (continuous): at
     * q = 0 both arms point along x, q1 = π/2 hangs the first one straight down. {@code tip} is the second mass.
     */
    static KinematicModel doublePendulum() {
        return KinematicModel.of(new RobotModel("double_pendulum", List.of(new Link("world", Inertial.NONE),
                bob("upper", BOB, ARM), bob("lower", BOB, ARM), new Link("tip", Inertial.NONE)), List.of(
                joint("shoulder", JointType.CONTINUOUS, "world", "upper", Pose.IDENTITY, JointLimits.NONE),
                joint("elbow", JointType.CONTINUOUS, "upper", "lower", new Pose(ARM, 0, 0, 0, 0, 0), JointLimits.NONE),
                new Joint("tip_joint", JointType.FIXED, "lower", "tip", new Pose(ARM, 0, 0, 0, 0, 0), null, JointLimits.NONE, null))));
    }

    /** One point mass of {@link #BOB} kg on an arm of {@link #ARM} m about y, its position limited to ±{@code limit}. */
    static KinematicModel limitedPendulum(double limit) {
        return KinematicModel.of(new RobotModel("pendulum", List.of(new Link("world", Inertial.NONE),
                bob("arm", BOB, ARM)), List.of(joint("swing", JointType.REVOLUTE, "world", "arm", Pose.IDENTITY,
                        new JointLimits(-limit, limit, 10, 100)))));
    }

    /** A block of {@link #BLOCK} kg on a vertical prismatic joint (z), free between -1 and 1 m. */
    static KinematicModel verticalSlider() {
        return KinematicModel.of(new RobotModel("slider", List.of(new Link("world", Inertial.NONE),
                new Link("block", new Inertial(BLOCK, Pose.IDENTITY, 0.01, 0, 0, 0.01, 0, 0.01))), List.of(
                new Joint("lift", JointType.PRISMATIC, "world", "block", Pose.IDENTITY, new Vector3(0, 0, 1),
                        new JointLimits(-1, 1, 10, 1000), null))));
    }

    private static Joint joint(String name, JointType type, String parent, String child, Pose origin, JointLimits limits) {
        return new Joint(name, type, parent, child, origin, new Vector3(0, 1, 0), limits, null);
    }
}
