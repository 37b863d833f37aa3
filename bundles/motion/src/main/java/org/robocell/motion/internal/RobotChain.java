package org.robocell.motion.internal;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.RobotModel;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;
import org.robocell.motion.PlannerSettings;

/** The chain from the root to the tool link: its joints' limits, forward and inverse kinematics, and singularity. */
final class RobotChain {

    /** Path tracking: no random restarts (they could jump to another solution branch), converge tightly. */
    private static final IkOptions TRACKING = new IkOptions(100, 1e-10, 1e-10, 1e-9, 0.2, 0, 0x5EED);
    /** A solution counts as on the path within these errors (m, rad): far below the 0.1 mm the path promises. */
    static final double POSITION_TOLERANCE = 1e-7;
    static final double ORIENTATION_TOLERANCE = 1e-6;

    final KinematicModel model;
    final String tipLink;
    final int dof;
    final List<String> jointNames;
    final double[] lower;
    final double[] upper;
    final double[] velocity;
    final double[] acceleration;
    private final int tip;
    private final KinematicWorkspace workspace;
    private final DMatrixRMaj jacobian;
    private final DMatrixRMaj scratch;
    private final SingularValueDecomposition_F64<DMatrixRMaj> svd;
    private final double[] position = new double[3];
    private final double[] quaternion = new double[4];
    private IkResult lastIk;

    RobotChain(RobotModel robot, PlannerSettings settings, Function<String, Optional<JointLimits>> limits) {
        this.tipLink = settings.tipLink() == null ? TipLink.of(robot) : settings.tipLink();
        this.model = KinematicModel.of(robot, tipLink);
        this.tip = model.linkIndex(tipLink);
        this.dof = model.dof();
        this.jointNames = model.jointNames();
        this.workspace = model.newWorkspace();
        this.lower = new double[dof];
        this.upper = new double[dof];
        this.velocity = new double[dof];
        this.acceleration = new double[dof];
        for (int i = 0; i < dof; i++) {
            String name = jointNames.get(i);
            Joint joint = robot.joints().get(name);
            JointLimits l = limits.apply(name).orElse(joint == null || joint.limits() == null ? JointLimits.NONE
                    : joint.limits());
            lower[i] = Math.max(l.lower(), model.lowerLimit(i));
            upper[i] = Math.min(l.upper(), model.upperLimit(i));
            velocity[i] = l.velocity() > 0 ? l.velocity() : Double.POSITIVE_INFINITY;
            acceleration[i] = Double.isFinite(l.acceleration()) && l.acceleration() > 0 ? l.acceleration()
                    : settings.defaultJointAcceleration();
        }
        this.jacobian = new DMatrixRMaj(6, dof);
        this.scratch = new DMatrixRMaj(6, dof);
        this.svd = DecompositionFactory_DDRM.svd(6, dof, false, false, true);
    }

    /** The tool position (3) and quaternion (4, x y z w) for {@code q}. */
    void toolPose(double[] q, double[] positionOut, double[] quaternionOut) {
        workspace.forwardKinematics(q);
        workspace.linkPosition(tip, positionOut);
        workspace.linkQuaternion(tip, quaternionOut);
    }

    /** The tool position for {@code q} into {@code out}. */
    void toolPosition(double[] q, double[] out) {
        workspace.forwardKinematics(q);
        workspace.linkPosition(tip, out);
    }

    /**
     * Joint positions that put the tool at the pose, starting from {@code seed}; true when within the path
     * tolerances. {@link #lastPositionError()} tells how far off the best solution is.
     */
    boolean inverse(double[] positionTarget, double[] quaternionTarget, double[] seed, double[] solution) {
        lastIk = workspace.inverseKinematics(tip, positionTarget, quaternionTarget, seed, TRACKING, solution);
        return lastIk.converged()
                || (lastIk.positionError() <= POSITION_TOLERANCE && lastIk.orientationError() <= ORIENTATION_TOLERANCE);
    }

    double lastPositionError() {
        return lastIk == null ? Double.NaN : lastIk.positionError();
    }

    double lastOrientationError() {
        return lastIk == null ? Double.NaN : lastIk.orientationError();
    }

    /** The smallest singular value of the tool's Jacobian at {@code q}: 0 at a singularity. */
    double smallestSingularValue(double[] q) {
        workspace.forwardKinematics(q);
        workspace.jacobian(tip, ReferenceFrame.BASE, jacobian);
        scratch.setTo(jacobian);
        if (!svd.decompose(scratch)) {
            return 0.0;
        }
        double[] values = svd.getSingularValues();
        int n = svd.numberOfSingularValues();
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            min = Math.min(min, values[i]);
        }
        // a chain of fewer than six joints has fewer singular values than directions: it is never "full rank"
        return n < 6 ? Math.min(min, Double.POSITIVE_INFINITY) : min;
    }

    double[] scratchPosition() {
        return position;
    }

    double[] scratchQuaternion() {
        return quaternion;
    }
}
