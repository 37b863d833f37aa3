package org.robocell.motion;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.RobotModel;
import org.robocell.motion.internal.DefaultMotionPlanner;

/**
 * Plans PTP, LIN and CIRC primitives, single or blended in a sequence, for one robot and tool link. Deterministic:
 * the same request gives the same plan. Not thread-safe (it owns a kinematics workspace): one planner per thread.
 */
@ProviderType
public interface MotionPlanner {

    /**
     * A planner for the chain from the robot's root to the settings' tip link, with the URDF's joint limits.
     *
     * @throws IllegalArgumentException when the robot has no such link or its chain cannot be modelled
     */
    static MotionPlanner create(RobotModel robot, PlannerSettings settings) {
        return new DefaultMotionPlanner(robot, settings, j -> Optional.empty());
    }

    /**
     * A planner whose joint limits come from {@code limits} where it has them (the limits the control loop enforces,
     * {@code ControllerContext.jointLimits}), from the URDF otherwise.
     */
    static MotionPlanner create(RobotModel robot, PlannerSettings settings,
            Function<String, Optional<JointLimits>> limits) {
        return new DefaultMotionPlanner(robot, settings, limits);
    }

    /** The joints the planner moves, in the order of joint vectors: the chain to the tip link. */
    List<String> jointNames();

    /** The tool link poses refer to. */
    String tipLink();

    /** The base link poses are expressed in. */
    String baseLink();

    PlannerSettings settings();

    /** The tool pose for joint positions {@code q}. */
    CartesianPose toolPose(double[] q);

    /**
     * Plans {@code primitives} from {@code start}, blending each into the next where its blend radius is above 0
     * (the last primitive's radius is not used). Checks the whole motion before returning.
     *
     * @throws PlanningException when any primitive is invalid, unreachable or beyond a limit
     */
    Plan plan(double[] start, List<? extends Primitive> primitives) throws PlanningException;
}
