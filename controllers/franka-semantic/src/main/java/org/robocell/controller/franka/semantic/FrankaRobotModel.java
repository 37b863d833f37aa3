package org.robocell.controller.franka.semantic;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.controller.Loans;
import org.robocell.controller.franka.semantic.internal.HandleBlock;

/**
 * franka_semantic_components' {@code FrankaRobotModel} ({@code franka_ros2}: {@code
 * franka_semantic_components/include/franka_semantic_components/franka_robot_model.hpp}, upstream's
 * {@code getMassMatrix}, {@code getCoriolisForceVector}, {@code getGravityForceVector}, {@code getPoseMatrix},
 * {@code getZeroJacobian}, {@code getBodyJacobian}): libfranka's {@code franka::Model} evaluated for the current
 * state, read from the {@code <arm_id>/robot_model/*} interfaces the driver computes every cycle, column-major as
 * libfranka lays them out (Jacobian rows vx, vy, vz, wx, wy, wz; {@code coriolis} is C(q, dq)·dq; {@code gravity}
 * includes the load).
 * <p>
 * Built at configure with the frames it reads (all three by default), named in the controller's
 * {@code stateInterfaceConfiguration}, {@link #bind bound} at activation; each getter copies into an array the
 * caller owns and answers whether every value was finite (the driver sets all of them to NaN for a state it cannot
 * take). Allocation-free, lock-free. A frame it was not built with is a programming error.
 */
public final class FrankaRobotModel implements FrankaSemanticComponent {

    /** Sizes: 7x7 mass, 7 Coriolis and gravity, 4x4 pose, 6x7 Jacobians. */
    public static final int MASS = 49, COLUMN = 7, POSE = 16, JACOBIAN = 42;

    private static final FrankaModelFrame[] FRAMES = FrankaModelFrame.values();

    private final String armId;
    private final EnumSet<FrankaModelFrame> frames;
    private final int massAt, coriolisAt, gravityAt;
    private final int[] poseAt = new int[FRAMES.length];
    private final int[] zeroJacobianAt = new int[FRAMES.length];
    private final int[] bodyJacobianAt = new int[FRAMES.length];
    private final List<String> names;
    private final HandleBlock block;

    /** The dynamics and every exported frame, under {@code armId}. */
    public FrankaRobotModel(String armId) {
        this(armId, EnumSet.allOf(FrankaModelFrame.class));
    }

    /** The dynamics and the poses and Jacobians of {@code frames} only (none: the dynamics alone). */
    public FrankaRobotModel(String armId, Set<FrankaModelFrame> frames) {
        if (armId == null || armId.isBlank()) {
            throw new IllegalArgumentException("arm_id must not be empty");
        }
        this.armId = armId;
        this.frames = frames.isEmpty() ? EnumSet.noneOf(FrankaModelFrame.class) : EnumSet.copyOf(frames);
        List<String> list = new ArrayList<>();
        massAt = add(list, "mass", MASS);
        coriolisAt = add(list, "coriolis", COLUMN);
        gravityAt = add(list, "gravity", COLUMN);
        for (FrankaModelFrame f : FRAMES) {
            boolean wanted = this.frames.contains(f);
            poseAt[f.ordinal()] = wanted ? add(list, "pose_" + f.libfrankaName(), POSE) : -1;
            zeroJacobianAt[f.ordinal()] = wanted ? add(list, "zero_jacobian_" + f.libfrankaName(), JACOBIAN) : -1;
            bodyJacobianAt[f.ordinal()] = wanted ? add(list, "body_jacobian_" + f.libfrankaName(), JACOBIAN) : -1;
        }
        this.names = List.copyOf(list);
        this.block = new HandleBlock(names);
    }

    private int add(List<String> list, String name, int count) {
        int at = list.size();
        for (int i = 0; i < count; i++) {
            list.add(armId + "/robot_model/" + name + "_" + i);
        }
        return at;
    }

    public String armId() {
        return armId;
    }

    /** The frames it was built with. */
    public Set<FrankaModelFrame> frames() {
        return EnumSet.copyOf(frames);
    }

    @Override
    public List<String> interfaceNames() {
        return names;
    }

    @Override
    public void bind(Loans loans) {
        block.bind(loans);
    }

    @Override
    public void release() {
        block.release();
    }

    @Override
    public boolean bound() {
        return block.bound();
    }

    /** {@code mass(robot_state)}: 7x7 column-major (kg m²) into {@code out[49]}; whether all finite. */
    public boolean mass(double[] out) {
        return block.read(massAt, MASS, out);
    }

    /** {@code coriolis(robot_state)}: C(q, dq)·dq (Nm) into {@code out[7]}. */
    public boolean coriolis(double[] out) {
        return block.read(coriolisAt, COLUMN, out);
    }

    /** {@code gravity(robot_state)}: the torques that hold arm and load (Nm) into {@code out[7]}. */
    public boolean gravity(double[] out) {
        return block.read(gravityAt, COLUMN, out);
    }

    /** {@code pose(frame, robot_state)}: the frame in the base frame, 4x4 column-major, into {@code out[16]}. */
    public boolean pose(FrankaModelFrame frame, double[] out) {
        return block.read(at(poseAt, frame), POSE, out);
    }

    /** {@code zeroJacobian(frame, robot_state)}: in the base frame, 6x7 column-major, into {@code out[42]}. */
    public boolean zeroJacobian(FrankaModelFrame frame, double[] out) {
        return block.read(at(zeroJacobianAt, frame), JACOBIAN, out);
    }

    /** {@code bodyJacobian(frame, robot_state)}: in the frame itself, 6x7 column-major, into {@code out[42]}. */
    public boolean bodyJacobian(FrankaModelFrame frame, double[] out) {
        return block.read(at(bodyJacobianAt, frame), JACOBIAN, out);
    }

    private int at(int[] offsets, FrankaModelFrame frame) {
        int o = offsets[frame.ordinal()];
        if (o < 0) {
            throw new IllegalStateException(frame.libfrankaName() + " is not among the frames this " + armId
                    + " robot model was built with");
        }
        return o;
    }
}
