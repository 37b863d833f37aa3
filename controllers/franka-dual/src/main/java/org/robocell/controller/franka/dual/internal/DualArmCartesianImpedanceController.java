package org.robocell.controller.franka.dual.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.ChannelRegistry;
import java.util.Optional;
import java.util.function.Function;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.io.CommandInput;
import org.robocell.api.model.RobotModel;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.franka.semantic.MissingStateInterfaceException;
import org.robocell.controller.franka.semantic.Quaternions;
import org.robocell.controller.franka.semantic.Transforms;

/**
 * {@code franka_example_controllers/DualArmCartesianImpedanceExampleController} (franka_ros,
 * {@code franka_example_controllers/src/dual_arm_cartesian_impedance_example_controller.cpp}): the effort commands of
 * two FR3, each arm under Cartesian impedance ({@link ArmImpedance}), the right arm's equilibrium following the
 * left's so that the pose of the right end effector relative to the left one stays what it was at activation:
 *
 * <pre>
 * at activation   EEl_T_EEr = (Ol_T_EEl)⁻¹ · Ol_T_Or · Or_T_EEr          (both arms' measured O_T_EE)
 * every cycle     left equilibrium ← filtered towards the target (franka_ros's filter_params_ = 0.005 per update)
 *                 Or_T_EEr_d = (Ol_T_Or)⁻¹ · Ol_T_EEl_d · EEl_T_EEr
 * </pre>
 *
 * The left arm's target comes from the channel {@code <controller>/target_pose}: the end-effector pose in the left
 * arm's base frame, position (m) and orientation quaternion, as geometry_msgs/Pose orders them; it starts at the
 * measured pose. A target with a quaternion far from unit length is refused and counted; NaN or infinity is refused
 * by the channel. An arm whose state or model is not finite sends its last good torque (counted), never a NaN.
 * The update allocates nothing and takes no lock.
 */
final class DualArmCartesianImpedanceController extends ControllerBase {

    static final String TYPE = "franka_example_controllers/DualArmCartesianImpedanceExampleController";
    static final List<String> TARGET_FIELDS = List.of("position.x", "position.y", "position.z", "orientation.x",
            "orientation.y", "orientation.z", "orientation.w");
    /** franka_ros's {@code filter_params_}: the equilibrium moves this fraction of the way to the target per update. */
    static final double FILTER = 0.005;

    private final ChannelRegistry channels;

    private DualArmParameters parameters;
    private ArmImpedance left;
    private ArmImpedance right;
    private volatile ImpedanceGains leftGains;
    private volatile ImpedanceGains rightGains;
    private CommandInput target;
    private ChannelRegistry.Registration registration;

    /** Ol_T_Or and its inverse, from {@code right_base_in_left_base}. */
    private final double[] leftToRightBase = new double[16];
    private final double[] rightToLeftBase = new double[16];
    /** The right end effector in the left end effector's frame, fixed at activation. */
    private final double[] leftEeToRightEe = new double[16];
    private final double[] leftTargetPosition = new double[3];
    private final double[] leftTargetOrientation = new double[4];
    private final double[] leftPosition = new double[3];
    private final double[] leftOrientation = new double[4];
    private final double[] leftEquilibrium = new double[16];
    private final double[] rightEquilibrium = new double[16];
    private final double[] rightOrientation = new double[4];
    private final double[] scratch = new double[16];
    private final double[] scratch2 = new double[16];

    private final Function<String, Optional<RobotModel>> models;
    private volatile long nonFiniteInputs;
    private volatile long refusedTargets;

    DualArmCartesianImpedanceController(ChannelRegistry channels) {
        this(channels, robot -> Optional.empty());
    }

    /** With {@code models}: the robot's description by robot name, for the bases' placement when no parameter gives it. */
    DualArmCartesianImpedanceController(ChannelRegistry channels, Function<String, Optional<RobotModel>> models) {
        this.channels = channels;
        this.models = models;
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        DualArmParameters p;
        double[] baseInLeft;
        try {
            p = DualArmParameters.read(context().parameters());
            baseInLeft = p.rightBaseInLeftBase() == null ? placementFromDescription(p) : null;
        } catch (IllegalArgumentException e) {
            return fail(Fault.CONFIGURATION, e.getMessage());
        }
        if (target == null) {
            CommandInput channel = CommandInput.of(context().name() + "/target_pose", TARGET_FIELDS,
                    CommandInput.ValueRule.FINITE);
            try {
                registration = channels.register(channel.name(), channel, ChannelRegistrations.ownerOf(context()));
            } catch (IllegalStateException e) {
                return fail(e.getMessage());
            }
            target = channel;
        }
        parameters = p;
        left = new ArmImpedance(p.leftArmId(), p.leftJoints());
        right = new ArmImpedance(p.rightArmId(), p.rightJoints());
        leftGains = p.left();
        rightGains = p.right();
        double[] b = p.rightBaseInLeftBase();
        if (b != null) {
            Transforms.fromXyzRpy(b[0], b[1], b[2], b[3], b[4], b[5], leftToRightBase);
        } else {
            System.arraycopy(baseInLeft, 0, leftToRightBase, 0, 16);
        }
        Transforms.invert(leftToRightBase, rightToLeftBase);
        return CallbackReturn.SUCCESS;
    }

    private double[] placementFromDescription(DualArmParameters p) {
        RobotModel model = models.apply(context().robot()).orElseThrow(() -> new ParameterException(
                DualArmParameters.BASE, "parameter '" + DualArmParameters.BASE + "' is not given and robot '"
                        + context().robot() + "' has no description to place the bases from; give '"
                        + DualArmParameters.BASE + "' as [x, y, z, roll, pitch, yaw] (m, rad) of the right base in the"
                        + " left base's frame"));
        return BasePlacement.rightInLeft(model, p.leftArmId(), p.rightArmId());
    }

    /** The right arm's base in the left arm's base frame, as configured (for tests). */
    double[] rightBaseInLeftBase() {
        return leftToRightBase.clone();
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, DualArmParameters.NAMES, DualArmParameters::read);
    }

    @Override
    public Set<String> liveParameters() {
        return Set.copyOf(DualArmParameters.LIVE);
    }

    @Override
    public boolean onParametersChanged(Parameters changed) {
        DualArmParameters p;
        try {
            p = DualArmParameters.read(changed);
        } catch (IllegalArgumentException e) {
            return false;
        }
        leftGains = p.left();
        rightGains = p.right();
        return true;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        if (left == null) {
            return InterfaceConfiguration.NONE;
        }
        List<String> names = new ArrayList<>(left.commandInterfaces());
        names.addAll(right.commandInterfaces());
        return InterfaceConfiguration.individual(names);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        if (left == null) {
            return InterfaceConfiguration.NONE;
        }
        List<String> names = new ArrayList<>(left.stateInterfaces());
        names.addAll(right.stateInterfaces());
        return InterfaceConfiguration.individual(names);
    }

    /**
     * Starts from the measured state (franka_ros's {@code startingArm}): each arm's equilibrium is its pose, its
     * nullspace equilibrium its joint positions, its first torque within δτ_max of what the robot was commanded; the
     * relative pose of the end effectors is taken now.
     */
    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            left.bind(loans);
            right.bind(loans);
        } catch (MissingStateInterfaceException e) {
            left.release();
            right.release();
            return fail(Fault.CONFIGURATION, "Unable to activate controller '" + context().name() + "' since "
                    + e.getMessage());
        }
        for (ArmImpedance arm : new ArmImpedance[] { left, right }) {
            if (!arm.read()) {
                left.release();
                right.release();
                return fail(Fault.NO_MEASURED_STATE, "Unable to activate controller '" + context().name()
                        + "' since the state or model of arm '" + arm.armId() + "' is not finite");
            }
            System.arraycopy(arm.q, 0, arm.qNullspace, 0, 7);
            java.util.Arrays.fill(arm.lastCommand, 0.0);
        }
        // EEl_T_EEr = (Ol_T_EEl)⁻¹ · Ol_T_Or · Or_T_EEr
        Transforms.invert(left.pose, scratch);
        Transforms.multiply(scratch, leftToRightBase, scratch2);
        Transforms.multiply(scratch2, right.pose, leftEeToRightEe);
        leftPosition[0] = left.pose[12];
        leftPosition[1] = left.pose[13];
        leftPosition[2] = left.pose[14];
        Quaternions.fromTransform(left.pose, leftOrientation);
        System.arraycopy(leftPosition, 0, leftTargetPosition, 0, 3);
        System.arraycopy(leftOrientation, 0, leftTargetOrientation, 0, 4);
        target.clear();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double[] fresh = target.poll();
        if (fresh != null) {
            takeTarget(fresh);
        }
        // the equilibrium moves towards the target, as franka_ros filters it
        for (int i = 0; i < 3; i++) {
            leftPosition[i] = FILTER * leftTargetPosition[i] + (1 - FILTER) * leftPosition[i];
        }
        Quaternions.slerp(leftOrientation, leftTargetOrientation, FILTER);
        Quaternions.toTransform(leftPosition, leftOrientation, leftEquilibrium);
        // Or_T_EEr_d = (Ol_T_Or)⁻¹ · Ol_T_EEl_d · EEl_T_EEr
        Transforms.multiply(rightToLeftBase, leftEquilibrium, scratch);
        Transforms.multiply(scratch, leftEeToRightEe, rightEquilibrium);
        Quaternions.fromTransform(rightEquilibrium, rightOrientation);
        commandArm(left, leftEquilibrium, leftOrientation, leftGains);
        commandArm(right, rightEquilibrium, rightOrientation, rightGains);
        return ReturnType.OK;
    }

    private void commandArm(ArmImpedance arm, double[] equilibrium, double[] orientation, ImpedanceGains gains) {
        if (!arm.read() || !arm.command(equilibrium, orientation, gains)) {
            arm.hold();
            nonFiniteInputs++;
        }
    }

    /** A new left target; a quaternion whose length is not within 1 ± 0.01 is refused and counted. */
    private void takeTarget(double[] v) {
        if (v.length != TARGET_FIELDS.size()) {
            refusedTargets++;
            return;
        }
        double n = Quaternions.norm(v[3], v[4], v[5], v[6]);
        if (!(Math.abs(n - 1) <= 0.01)) {
            refusedTargets++;
            return;
        }
        leftTargetPosition[0] = v[0];
        leftTargetPosition[1] = v[1];
        leftTargetPosition[2] = v[2];
        for (int i = 0; i < 4; i++) {
            leftTargetOrientation[i] = v[3 + i] / n;
        }
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        left.release();
        right.release();
        target.clear();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        close();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        close();
        return CallbackReturn.SUCCESS;
    }

    private void close() {
        if (registration != null) {
            registration.close();
            registration = null;
        }
        target = null;
    }

    /** Cycles in which an arm's state or model was not finite (its last torque was held). */
    long nonFiniteInputs() {
        return nonFiniteInputs;
    }

    /** Targets refused for a quaternion that is not of unit length. */
    long refusedTargets() {
        return refusedTargets;
    }

    CommandInput target() {
        return target;
    }

    /** The right arm's equilibrium, 4x4 in its base frame (for tests). */
    double[] rightEquilibrium() {
        return rightEquilibrium;
    }
}
