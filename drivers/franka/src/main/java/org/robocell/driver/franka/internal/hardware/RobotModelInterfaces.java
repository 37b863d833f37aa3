package org.robocell.driver.franka.internal.hardware;

import java.util.function.BiFunction;

import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * The model for the current state as double state interfaces under {@code <arm_id>/robot_model/}: what
 * franka_semantic_components' {@code FrankaRobotModel} reads through franka_ros2's {@code robot_model} pointer
 * interface ({@code getMassMatrix}, {@code getCoriolisForceVector}, {@code getGravityForceVector},
 * {@code getPoseMatrix}, {@code getZeroJacobian}, {@code getBodyJacobian}), which Java cannot pass: libfranka's
 * {@code mass(state)} as {@code mass_0}…{@code mass_48}, {@code coriolis_0}…{@code _6}, {@code gravity_0}…{@code _6}
 * (gravity along {@code O_ddP_O}), and for {@link #FRAMES} (flange, end effector, stiffness frame)
 * {@code pose_kFlange_0}…{@code _15}, {@code zero_jacobian_kFlange_0}…{@code _41},
 * {@code body_jacobian_kFlange_0}…{@code _41}, all column-major as libfranka. Computed in {@code read} from the
 * state just received; allocation-free.
 */
final class RobotModelInterfaces {

    static final String PREFIX = "robot_model/";
    /** The frames a Cartesian controller works in; other frames: {@link FrankaModel} on the state's q_* itself. */
    static final FrankaFrame[] FRAMES = { FrankaFrame.FLANGE, FrankaFrame.END_EFFECTOR, FrankaFrame.STIFFNESS };

    private final FrankaModel model = FrankaModel.fr3();
    private final StateInterfaceHandle[] mass = new StateInterfaceHandle[49];
    private final StateInterfaceHandle[] coriolis = new StateInterfaceHandle[7];
    private final StateInterfaceHandle[] gravity = new StateInterfaceHandle[7];
    private final StateInterfaceHandle[][] pose = new StateInterfaceHandle[FRAMES.length][16];
    private final StateInterfaceHandle[][] zeroJacobian = new StateInterfaceHandle[FRAMES.length][42];
    private final StateInterfaceHandle[][] bodyJacobian = new StateInterfaceHandle[FRAMES.length][42];
    private final double[] matrix = new double[49];
    private final double[] transform = new double[16];
    private final double[] jacobian = new double[42];
    private final double[] vector = new double[7];

    RobotModelInterfaces(String armId, BiFunction<String, String, StateInterfaceHandle> export) {
        export(armId, "mass", mass, export);
        export(armId, "coriolis", coriolis, export);
        export(armId, "gravity", gravity, export);
        for (int f = 0; f < FRAMES.length; f++) {
            String frame = "_" + FRAMES[f].libfrankaName();
            export(armId, "pose" + frame, pose[f], export);
            export(armId, "zero_jacobian" + frame, zeroJacobian[f], export);
            export(armId, "body_jacobian" + frame, bodyJacobian[f], export);
        }
    }

    private static void export(String armId, String name, StateInterfaceHandle[] into,
            BiFunction<String, String, StateInterfaceHandle> export) {
        for (int i = 0; i < into.length; i++) {
            String shortName = PREFIX + name + "_" + i;
            into[i] = export.apply(armId + "/" + shortName, shortName);
        }
    }

    /**
     * The model of {@code s} into the interfaces. A state the model refuses (a NaN joint position) sets them all to
     * NaN, which a controller must not act on; returns whether the state could be modelled.
     */
    boolean publish(RobotState s) {
        try {
            model.mass(s, matrix);
            set(mass, matrix);
            model.coriolis(s, vector);
            set(coriolis, vector);
            model.gravity(s, vector);
            set(gravity, vector);
            for (int f = 0; f < FRAMES.length; f++) {
                model.pose(FRAMES[f], s, transform);
                set(pose[f], transform);
            }
            for (int f = 0; f < FRAMES.length; f++) {
                model.zeroJacobian(FRAMES[f], s, jacobian);
                set(zeroJacobian[f], jacobian);
                model.bodyJacobian(FRAMES[f], s, jacobian);
                set(bodyJacobian[f], jacobian);
            }
            return true;
        } catch (IllegalArgumentException e) {
            java.util.Arrays.fill(matrix, Double.NaN);
            set(mass, matrix);
            set(coriolis, matrix);
            set(gravity, matrix);
            for (int f = 0; f < FRAMES.length; f++) {
                set(pose[f], matrix);
                set(zeroJacobian[f], matrix);
                set(bodyJacobian[f], matrix);
            }
            return false;
        }
    }

    private static void set(StateInterfaceHandle[] handles, double[] values) {
        for (int i = 0; i < handles.length; i++) {
            handles[i].set(values[i]);
        }
    }
}
