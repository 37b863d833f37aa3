package org.robocell.driver.franka.emulator;

import org.ejml.data.DMatrixRMaj;
import org.robocell.driver.franka.internal.model.Transforms;
import org.robocell.driver.franka.protocol.MotionGeneratorMode;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * Fills a RobotState from the firmware and the plant: joint values, torques, the end-effector frames by forward
 * kinematics (flange · F_T_NE · NE_T_EE, then EE_T_K), Cartesian velocities by the Jacobian, contact and collision
 * flags against the thresholds, the accelerometers' gravity. Allocates nothing.
 */
final class StateComposer {

    private static final int DOF = 7;
    private static final double G = 9.81;
    private static final String[] ACCELEROMETER_LINKS = { "link0", "link1", "link2", "link3", "link4", "link5" };

    private final KinematicWorkspace workspace;
    private final int flange;
    private final int[] accelerometerTop = new int[6];
    private final int[] accelerometerBottom = new int[6];
    private final double[] rowMajor = new double[16];
    private final double[] oTF = new double[16];
    private final double[] fTEe = new double[16];
    private final double[] oTEe = new double[16];
    private final double[] oTK = new double[16];
    private final double[] scratch = new double[16];
    private final double[] values = new double[18];
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, DOF);

    StateComposer(KinematicModel model) {
        this.workspace = model.newWorkspace();
        this.flange = model.linkIndex(Fr3Model.FLANGE);
        for (int i = 0; i < 6; i++) {
            accelerometerTop[i] = model.linkIndex(ACCELEROMETER_LINKS[i] + "_accelerometer_top");
            accelerometerBottom[i] = model.linkIndex(ACCELEROMETER_LINKS[i] + "_accelerometer_bottom");
        }
    }

    void compose(RobotFirmware fw, Plant plant, RobotState s) {
        RobotSettings set = fw.settings;
        double[] q = plant.q();
        double[] dq = plant.dq();
        JointMotionGenerator g = fw.generator;
        s.set(StateField.Q, q).set(StateField.DQ, dq).set(StateField.THETA, q).set(StateField.DTHETA, dq);
        s.set(StateField.Q_D, g.qD).set(StateField.DQ_D, g.dqD).set(StateField.DDQ_D, g.ddqD);
        s.set(StateField.TAU_J, fw.tauJ).set(StateField.TAU_J_D, fw.tauD).set(StateField.DTAU_J, fw.dtauJ);
        s.set(StateField.TAU_EXT_HAT_FILTERED, fw.tauExtFiltered);
        for (int i = 0; i < DOF; i++) {
            double ext = Math.abs(fw.tauExtFiltered[i]);
            s.set(StateField.JOINT_CONTACT, i, ext > set.lowerTorqueThresholds[i] ? 1 : 0);
            s.set(StateField.JOINT_COLLISION, i, ext > set.upperTorqueThresholds[i] ? 1 : 0);
        }
        // frames
        Transforms.multiply(set.fTNe, set.neTEe, fTEe);
        s.set(StateField.F_T_NE, set.fTNe).set(StateField.NE_T_EE, set.neTEe).set(StateField.F_T_EE, fTEe)
                .set(StateField.EE_T_K, set.eeTK);
        endEffector(g.qD, oTEe);
        s.set(StateField.O_T_EE_D, oTEe);
        velocity(g.dqD, oTEe);
        s.set(StateField.O_DP_EE_D, values);
        if (fw.motionGeneratorMode == MotionGeneratorMode.CARTESIAN_POSITION
                || fw.motionGeneratorMode == MotionGeneratorMode.CARTESIAN_VELOCITY) {
            // what the Cartesian motion generator commands, before the joints resolve it
            CartesianMotionGenerator c = fw.cartesian;
            s.set(StateField.O_T_EE_C, c.pose).set(StateField.O_DP_EE_C, c.twist)
                    .set(StateField.O_DDP_EE_C, c.acceleration);
        } else {
            s.set(StateField.O_T_EE_C, oTEe).set(StateField.O_DP_EE_C, values);
            for (int i = 0; i < 6; i++) {
                s.set(StateField.O_DDP_EE_C, i, 0);
            }
        }
        s.set(StateField.ELBOW_D, 0, g.qD[2]).set(StateField.ELBOW_D, 1, Math.signum(g.qD[3]));
        s.set(StateField.ELBOW_C, 0, g.qD[2]).set(StateField.ELBOW_C, 1, Math.signum(g.qD[3]));
        s.set(StateField.DELBOW_C, 0, g.dqD[2]).set(StateField.DDELBOW_C, 0, g.ddqD[2]);
        endEffector(q, oTEe);
        s.set(StateField.O_T_EE, oTEe);
        s.set(StateField.ELBOW, 0, q[2]).set(StateField.ELBOW, 1, Math.signum(q[3]));
        Transforms.multiply(oTEe, set.eeTK, oTK);
        wrenches(fw, s);
        // payloads
        s.set(StateField.M_EE, 0, Fr3Defaults.HAND_MASS).set(StateField.F_X_CEE, Fr3Defaults.HAND_COM)
                .set(StateField.I_EE, Fr3Defaults.HAND_INERTIA);
        s.set(StateField.M_LOAD, 0, set.mLoad).set(StateField.F_X_CLOAD, set.fXCload)
                .set(StateField.I_LOAD, set.iLoad);
        s.set(StateField.O_DDP_O, 0, 0).set(StateField.O_DDP_O, 1, 0).set(StateField.O_DDP_O, 2, -G);
        accelerometers(q, s);
        s.motionGeneratorMode(fw.motionGeneratorMode).controllerMode(fw.controllerMode).robotMode(fw.robotMode)
                .controlCommandSuccessRate(fw.successRate.rate());
        System.arraycopy(fw.errors, 0, s.errors(), 0, fw.errors.length);
        System.arraycopy(fw.reflexReason, 0, s.reflexReason(), 0, fw.reflexReason.length);
    }

    private void endEffector(double[] q, double[] out) {
        workspace.forwardKinematics(q);
        workspace.linkTransform(flange, rowMajor);
        Transforms.fromRowMajor(rowMajor, oTF);
        Transforms.multiply(oTF, fTEe, out);
    }

    /** The end effector's twist for joint velocities {@code dq}; the pose in {@code oTEe} is of the same q. */
    private void velocity(double[] dq, double[] oTEe) {
        // the Jacobian of the end effector point, given in the flange frame
        workspace.jacobian(flange, fTEe[12], fTEe[13], fTEe[14], ReferenceFrame.BASE, jacobian);
        for (int r = 0; r < 6; r++) {
            double v = 0;
            for (int j = 0; j < DOF; j++) {
                v += jacobian.get(r, j) * dq[j];
            }
            values[r] = v;
        }
    }

    private void wrenches(RobotFirmware fw, RobotState s) {
        double[] w = fw.wrenchFiltered;
        // the force acts at the flange: its moment about K's origin is m + (p_F − p_K) × f
        double rx = oTF[12] - oTK[12];
        double ry = oTF[13] - oTK[13];
        double rz = oTF[14] - oTK[14];
        double mx = w[3] + ry * w[2] - rz * w[1];
        double my = w[4] + rz * w[0] - rx * w[2];
        double mz = w[5] + rx * w[1] - ry * w[0];
        s.set(StateField.O_F_EXT_HAT_K, 0, w[0]).set(StateField.O_F_EXT_HAT_K, 1, w[1])
                .set(StateField.O_F_EXT_HAT_K, 2, w[2]).set(StateField.O_F_EXT_HAT_K, 3, mx)
                .set(StateField.O_F_EXT_HAT_K, 4, my).set(StateField.O_F_EXT_HAT_K, 5, mz);
        for (int a = 0; a < 3; a++) {
            // K's axis a (column a of the rotation) dotted with the base-frame vectors
            double fx = oTK[4 * a] * w[0] + oTK[4 * a + 1] * w[1] + oTK[4 * a + 2] * w[2];
            double tx = oTK[4 * a] * mx + oTK[4 * a + 1] * my + oTK[4 * a + 2] * mz;
            s.set(StateField.K_F_EXT_HAT_K, a, fx).set(StateField.K_F_EXT_HAT_K, a + 3, tx);
        }
        RobotSettings set = fw.settings;
        for (int i = 0; i < 6; i++) {
            double f = Math.abs(s.get(StateField.K_F_EXT_HAT_K, i));
            s.set(StateField.CARTESIAN_CONTACT, i, f > set.lowerForceThresholds[i] ? 1 : 0);
            s.set(StateField.CARTESIAN_COLLISION, i, f > set.upperForceThresholds[i] ? 1 : 0);
        }
    }

    /** An accelerometer at rest measures the reaction to gravity, +g along the base's z, in its own frame. */
    private void accelerometers(double[] q, RobotState s) {
        workspace.forwardKinematics(q);
        for (int i = 0; i < 6; i++) {
            accelerometer(accelerometerTop[i], StateField.ACCELEROMETER_TOP, i, s);
            accelerometer(accelerometerBottom[i], StateField.ACCELEROMETER_BOTTOM, i, s);
        }
    }

    private void accelerometer(int link, StateField field, int index, RobotState s) {
        workspace.linkTransform(link, scratch);
        // row-major rotation R; the base z axis in the link frame is the third row of R
        for (int a = 0; a < 3; a++) {
            s.set(field, 3 * index + a, scratch[8 + a] * G);
        }
    }
}
