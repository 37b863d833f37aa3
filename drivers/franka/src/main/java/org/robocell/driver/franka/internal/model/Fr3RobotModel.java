package org.robocell.driver.franka.internal.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.ejml.data.DMatrixRMaj;
import org.robocell.description.RobotDescription;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.emulator.Fr3Model;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * {@link FrankaModel} on the FR3's URDF ({@link Fr3Model#urdf()}), chain {@code base} to {@code link8}, without the
 * hand (the end effector comes as the load, {@code m_ee}, as on the robot). libfranka's {@code src/robot_model.cpp}
 * answers {@code kJoint i} with Pinocchio's joint placement {@code oMi[i]} (the child link's frame), the flange with
 * the {@code link8} frame, and the end-effector and stiffness frames as frames on {@code link8} at {@code F_T_EE}
 * and {@code F_T_EE · EE_T_K}; so does this, each Jacobian about the frame's origin.
 * <p>
 * Gravity is linear in the gravity vector, so the arm's gravity torques for any {@code gravity_earth} are the sum
 * of those for unit gravity along x, y and z (three workspaces made up front; an axis with no gravity is skipped),
 * which keeps every call allocation-free whatever gravity it is asked for.
 */
public final class Fr3RobotModel implements FrankaModel {

    private static final int DOF = 7;
    /** libfranka's default {@code gravity_earth} ({@code include/franka/model.h}); never handed out, so never changed */
    private static final double[] GRAVITY_EARTH = { 0, 0, -9.81 };

    /** unit gravity along x, y, z; z is also the workspace of kinematics, mass and Coriolis */
    private final KinematicWorkspace[] unitGravity = new KinematicWorkspace[3];
    private final KinematicWorkspace ws;
    private final int[] links = new int[8];
    private final int flange;
    private final LoadDynamics load;
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, DOF);
    private final DMatrixRMaj massMatrix = new DMatrixRMaj(DOF, DOF);
    private final double[] rowMajor = new double[16];
    private final double[] linkPose = new double[16];
    private final double[] framePose = new double[16];
    private final double[] eePose = new double[16];
    private final double[] torques = new double[DOF];
    // a RobotState's values
    private final double[] q = new double[DOF];
    private final double[] dq = new double[DOF];
    private final double[] fTEe = new double[16];
    private final double[] eeTK = new double[16];
    private final double[] gravityOfState = new double[3];
    private final LoadCombination total = new LoadCombination();
    private final double[] scratch = new double[3];

    public Fr3RobotModel() {
        RobotDescription d = RobotDescription.parse(new String(Fr3Model.urdf(), StandardCharsets.UTF_8), "fr3.urdf");
        KinematicModel arm = KinematicModel.of(d.robot(), Fr3Model.FLANGE);
        if (arm.dof() != DOF) {
            throw new IllegalStateException("the FR3 URDF has " + arm.dof() + " joints to link8, expected 7");
        }
        unitGravity[0] = arm.withGravity(1, 0, 0).newWorkspace();
        unitGravity[1] = arm.withGravity(0, 1, 0).newWorkspace();
        unitGravity[2] = arm.withGravity(0, 0, 1).newWorkspace();
        ws = unitGravity[2];
        for (int i = 0; i < 7; i++) {
            links[i] = arm.linkIndex("link" + (i + 1));
        }
        flange = arm.linkIndex(Fr3Model.FLANGE);
        links[7] = flange;
        load = new LoadDynamics(ws, flange);
    }

    // ---------------------------------------------------------------- poses and Jacobians

    @Override
    public void pose(FrankaFrame frame, RobotState state, double[] pose) {
        readFrames(state);
        pose(frame, q, fTEe, eeTK, pose);
    }

    @Override
    public void pose(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK, double[] pose) {
        checkFrames(frame, q, fTEe, eeTK);
        ModelArguments.length(pose, 16, "pose");
        place(frame, q, fTEe, eeTK);
        System.arraycopy(framePose, 0, pose, 0, 16);
    }

    @Override
    public void bodyJacobian(FrankaFrame frame, RobotState state, double[] jacobian) {
        readFrames(state);
        bodyJacobian(frame, q, fTEe, eeTK, jacobian);
    }

    @Override
    public void bodyJacobian(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK, double[] jacobian) {
        zeroJacobian(frame, q, fTEe, eeTK, jacobian);
        // LOCAL = LOCAL_WORLD_ALIGNED with both halves turned into the frame: Rᵀ v, Rᵀ ω (same reference point)
        for (int c = 0; c < DOF; c++) {
            for (int h = 0; h < 6; h += 3) {
                int o = 6 * c + h;
                double x = jacobian[o], y = jacobian[o + 1], z = jacobian[o + 2];
                for (int r = 0; r < 3; r++) {
                    jacobian[o + r] = framePose[4 * r] * x + framePose[4 * r + 1] * y + framePose[4 * r + 2] * z;
                }
            }
        }
    }

    @Override
    public void zeroJacobian(FrankaFrame frame, RobotState state, double[] jacobian) {
        readFrames(state);
        zeroJacobian(frame, q, fTEe, eeTK, jacobian);
    }

    @Override
    public void zeroJacobian(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK, double[] out) {
        checkFrames(frame, q, fTEe, eeTK);
        ModelArguments.length(out, 42, "jacobian");
        place(frame, q, fTEe, eeTK);
        int link = frame.ordinal() < 8 ? links[frame.ordinal()] : flange;
        if (frame.ordinal() < 8) {
            ws.jacobian(link, ReferenceFrame.BASE, jacobian);
        } else {
            // the frame's origin in the flange frame: flange⁻¹ · origin = the translation of F_T_EE (· EE_T_K)
            double[] local = frame == FrankaFrame.END_EFFECTOR ? fTEe : eePose;
            ws.jacobian(flange, local[12], local[13], local[14], ReferenceFrame.BASE, jacobian);
        }
        double[] j = jacobian.data; // row-major 6x7
        for (int r = 0; r < 6; r++) {
            for (int c = 0; c < DOF; c++) {
                out[6 * c + r] = j[r * DOF + c];
            }
        }
    }

    /**
     * Places the links at q and the frame in the base: {@code framePose} (column-major); for the stiffness frame
     * {@code eePose} holds F_T_EE · EE_T_K, the frame in the flange.
     */
    private void place(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK) {
        ws.forwardKinematics(q);
        int i = frame.ordinal();
        ws.linkTransform(i < 8 ? links[i] : flange, rowMajor);
        Transforms.fromRowMajor(rowMajor, linkPose);
        switch (frame) {
            case END_EFFECTOR -> Transforms.multiply(linkPose, fTEe, framePose);
            case STIFFNESS -> {
                Transforms.multiply(fTEe, eeTK, eePose);
                Transforms.multiply(linkPose, eePose, framePose);
            }
            default -> System.arraycopy(linkPose, 0, framePose, 0, 16);
        }
    }

    // ---------------------------------------------------------------- dynamics

    @Override
    public void mass(RobotState state, double[] mass) {
        readLoad(state);
        mass(q, total.inertia, total.mass, total.centerOfMass, mass);
    }

    @Override
    public void mass(double[] q, double[] iTotal, double mTotal, double[] fXCtotal, double[] mass) {
        ModelArguments.finite(q, DOF, "q");
        ModelArguments.load(iTotal, mTotal, fXCtotal);
        ModelArguments.length(mass, 49, "mass");
        ws.massMatrix(q, massMatrix);
        if (!LoadDynamics.absent(mTotal, iTotal)) {
            ws.forwardKinematics(q);
            load.addMass(mTotal, fXCtotal, iTotal, massMatrix);
        }
        double[] m = massMatrix.data;
        for (int r = 0; r < DOF; r++) {
            for (int c = 0; c < DOF; c++) {
                mass[DOF * c + r] = m[DOF * r + c];
            }
        }
    }

    @Override
    public void coriolis(RobotState state, double[] coriolis) {
        readLoad(state);
        state.get(StateField.DQ, dq);
        coriolis(q, dq, total.inertia, total.mass, total.centerOfMass, coriolis);
    }

    @Override
    public void coriolis(double[] q, double[] dq, double[] iTotal, double mTotal, double[] fXCtotal,
            double[] coriolis) {
        ModelArguments.finite(q, DOF, "q");
        ModelArguments.finite(dq, DOF, "dq");
        ModelArguments.load(iTotal, mTotal, fXCtotal);
        ModelArguments.length(coriolis, DOF, "coriolis");
        ws.coriolis(q, dq, torques);
        if (!LoadDynamics.absent(mTotal, iTotal)) {
            ws.forwardKinematics(q);
            load.addCoriolis(dq, mTotal, fXCtotal, iTotal, torques);
        }
        System.arraycopy(torques, 0, coriolis, 0, DOF);
    }

    @Override
    public void coriolis(double[] q, double[] dq, double[] iTotal, double mTotal, double[] fXCtotal,
            double[] gravityEarth, double[] coriolis) {
        ModelArguments.finite(gravityEarth, 3, "gravity_earth");
        coriolis(q, dq, iTotal, mTotal, fXCtotal, coriolis);
    }

    @Override
    public void gravity(RobotState state, double[] gravity) {
        state.get(StateField.O_DDP_O, gravityOfState);
        gravity(state, gravityOfState, gravity);
    }

    @Override
    public void gravity(RobotState state, double[] gravityEarth, double[] gravity) {
        readLoad(state);
        gravity(q, total.mass, total.centerOfMass, gravityEarth, gravity);
    }

    @Override
    public void gravity(double[] q, double mTotal, double[] fXCtotal, double[] gravity) {
        gravity(q, mTotal, fXCtotal, GRAVITY_EARTH, gravity);
    }

    @Override
    public void gravity(double[] q, double mTotal, double[] fXCtotal, double[] gravityEarth, double[] gravity) {
        ModelArguments.finite(q, DOF, "q");
        ModelArguments.mass(mTotal, "m_total");
        ModelArguments.finite(fXCtotal, 3, "F_x_Ctotal");
        ModelArguments.finite(gravityEarth, 3, "gravity_earth");
        ModelArguments.length(gravity, DOF, "gravity");
        Arrays.fill(gravity, 0);
        for (int axis = 0; axis < 3; axis++) {
            double g = gravityEarth[axis];
            if (g != 0) {
                unitGravity[axis].gravity(q, torques);
                for (int i = 0; i < DOF; i++) {
                    gravity[i] += g * torques[i];
                }
            }
        }
        if (mTotal != 0) {
            ws.forwardKinematics(q);
            load.addGravity(mTotal, fXCtotal, gravityEarth, gravity);
        }
    }

    // ---------------------------------------------------------------- the state's values

    private void readFrames(RobotState s) {
        s.get(StateField.Q, q);
        s.get(StateField.F_T_EE, fTEe);
        s.get(StateField.EE_T_K, eeTK);
    }

    private void readLoad(RobotState s) {
        s.get(StateField.Q, q);
        total.combine(s, scratch);
    }

    private static void checkFrames(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK) {
        if (frame == null) {
            throw new IllegalArgumentException("frame is null: expected one of kJoint1..kJoint7, kFlange,"
                    + " kEndEffector, kStiffness");
        }
        ModelArguments.finite(q, DOF, "q");
        ModelArguments.finite(fTEe, 16, "F_T_EE");
        ModelArguments.finite(eeTK, 16, "EE_T_K");
    }
}
