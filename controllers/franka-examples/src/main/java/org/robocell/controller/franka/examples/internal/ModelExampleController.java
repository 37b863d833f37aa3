package org.robocell.controller.franka.examples.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.franka.semantic.FrankaSemanticComponent;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.franka.semantic.MissingStateInterfaceException;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/**
 * franka_example_controllers' {@code ModelExampleController} ({@code src/fr3/model_example_controller.cpp}): the
 * model for the live state — mass matrix, Coriolis and gravity vectors, joint 4's pose and its body Jacobian, the end
 * effector's zero Jacobian — once a second of the robot's time, on {@code <name>/model} (fields {@code time},
 * {@code mass_0…48}, {@code coriolis_0…6}, {@code gravity_0…6}, {@code joint4_pose_0…15},
 * {@code joint4_body_jacobian_0…41}, {@code end_effector_zero_jacobian_0…41}, column-major as libfranka) and
 * printed as upstream prints it, by {@link ModelPrinter} off the loop. Mass, Coriolis, gravity and the end-effector
 * Jacobian come from franka_semantic_components' {@link FrankaRobotModel} (the driver's {@code fr3/robot_model/*});
 * joint 4's frame is not among the driver's, so it is computed with the driver's {@link FrankaModel} from the
 * state's {@code q}, {@code F_T_EE} and {@code EE_T_K}. Claims nothing. A model or state with NaN is not published
 * and counted ({@code <name>/model} keeps the last good one).
 */
final class ModelExampleController extends ControllerBase {

    static final ParameterNames NAMES = ParameterNames.of("arm_id");
    static final String[] BLOCKS = { "mass", "coriolis", "gravity", "joint4_pose", "joint4_body_jacobian",
            "end_effector_zero_jacobian" };
    static final int[] SIZES = { 49, 7, 7, 16, 42, 42 };

    private final ChannelRegistrations registrations;
    private FrankaRobotModel model;
    private FrankaRobotState state;
    private FrankaModel joints;
    private StateOutput output;
    private ModelPrinter printer;

    private final double[] q = new double[7];
    private final double[] fTEe = new double[16];
    private final double[] eeTK = new double[16];
    private final double[] values = new double[1 + 49 + 7 + 7 + 16 + 42 + 42];
    private final double[] block = new double[49];
    /** FrankaModel takes arrays of the exact size. */
    private final double[] joint4Pose = new double[16];
    private final double[] joint4Jacobian = new double[42];
    private double nextPrint;
    private volatile long skipped;

    ModelExampleController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    /** States that were not published because a value was NaN or infinite. */
    long skipped() {
        return skipped;
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, NAMES, ModelExampleController::armId);
    }

    private static String armId(Parameters p) {
        return ArmSettings.read(p.with("joints", List.of("1", "2", "3", "4", "5", "6", "7"))).armId();
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        String armId;
        try {
            armId = armId(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        model = new FrankaRobotModel(armId, EnumSet.of(FrankaModelFrame.END_EFFECTOR));
        state = new FrankaRobotState(armId, EnumSet.of(FrankaStateField.Q, FrankaStateField.F_T_EE,
                FrankaStateField.EE_T_K, FrankaStateField.TIME));
        if (joints == null) {
            joints = FrankaModel.fr3();
        }
        if (output == null) {
            List<String> fields = new ArrayList<>();
            fields.add("time");
            for (int b = 0; b < BLOCKS.length; b++) {
                for (int i = 0; i < SIZES[b]; i++) {
                    fields.add(BLOCKS[b] + "_" + i);
                }
            }
            StateOutput out = new StateOutput(context().name() + "/model", fields);
            try {
                registrations.register(out);
            } catch (IllegalStateException e) {
                return fail(e.getMessage());
            }
            output = out;
            printer = ModelPrinter.start(context().name(), out);
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return model == null ? InterfaceConfiguration.NONE
                : InterfaceConfiguration.individual(FrankaSemanticComponent.interfaceNames(model, state));
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            model.bind(loans);
            state.bind(loans);
        } catch (MissingStateInterfaceException e) {
            model.release();
            return fail(Fault.NO_MEASURED_STATE, "Unable to activate controller '" + context().name() + "' since "
                    + e.getMessage());
        }
        nextPrint = Double.NEGATIVE_INFINITY;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double now = state.time();
        if (!Double.isFinite(now)) {
            skipped++;
            return ReturnType.OK;
        }
        if (now < nextPrint) {
            return ReturnType.OK;
        }
        if (!collect(now)) {
            skipped++;
            return ReturnType.OK;
        }
        nextPrint = now + 1.0;
        double[] out = output.beginWrite();
        System.arraycopy(values, 0, out, 0, values.length);
        output.endWrite();
        return ReturnType.OK;
    }

    /** Fills {@link #values}; false when a value is missing. */
    private boolean collect(double now) {
        values[0] = now;
        int at = 1;
        boolean ok = model.mass(block);
        at = put(block, 49, at);
        ok &= model.coriolis(block);
        at = put(block, 7, at);
        ok &= model.gravity(block);
        at = put(block, 7, at);
        ok &= state.q(q) & state.F_T_EE(fTEe) & state.EE_T_K(eeTK);
        if (!ok) {
            return false;
        }
        joints.pose(FrankaFrame.JOINT4, q, fTEe, eeTK, joint4Pose);
        at = put(joint4Pose, 16, at);
        joints.bodyJacobian(FrankaFrame.JOINT4, q, fTEe, eeTK, joint4Jacobian);
        at = put(joint4Jacobian, 42, at);
        ok = model.zeroJacobian(FrankaModelFrame.END_EFFECTOR, block);
        put(block, 42, at);
        return ok;
    }

    private int put(double[] from, int count, int at) {
        System.arraycopy(from, 0, values, at, count);
        return at + count;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        model.release();
        state.release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    private void release() {
        if (printer != null) {
            printer.close();
            printer = null;
        }
        registrations.closeAll();
        output = null;
    }
}
