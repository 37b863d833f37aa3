package org.robocell.driver.franka.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/** The emulated FR3 on the rigid-body simulation: a push shows where a controller looks for it. */
class FrankaEmulatorSimulationTest {

    @Test
    void theEmulatorRunsOnTheRigidBodySimulationByDefault() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            assertInstanceOf(SimulatedPlant.class, rig.robot.plant());
        }
    }

    @Test
    void aPushAtTheFlangeShowsInTheExternalWrenchAndTorqueEstimatesAndTheHeldArmReturnsWhenReleased()
            throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V10)) {
            rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
            double[] hold = rig.q();
            for (int k = 0; k < 50; k++) {
                rig.cycle(c -> System.arraycopy(hold, 0, c.qC, 0, 7));
            }
            double x0 = rig.client.state.get(StateField.O_T_EE, 12);
            rig.robot.applyFlangeWrench(10, 0, 0, 0, 0, 0);
            for (int k = 0; k < 300; k++) {
                rig.cycle(c -> System.arraycopy(hold, 0, c.qC, 0, 7));
            }
            rig.client.receiveState();
            assertEquals(RobotMode.MOVE, rig.client.state.robotMode(),
                    FrankaError.describe(rig.client.state.reflexReason()));
            assertEquals(10, rig.client.state.get(StateField.O_F_EXT_HAT_K, 0), 0.1, "O_F_ext_hat_K x");
            assertEquals(0, rig.client.state.get(StateField.O_F_EXT_HAT_K, 1), 0.1, "O_F_ext_hat_K y");
            double[] expected = flangeTorques(rig.q(), 10, 0, 0);
            for (int i = 0; i < 7; i++) {
                assertEquals(expected[i], rig.client.state.get(StateField.TAU_EXT_HAT_FILTERED, i), 0.05,
                        "tau_ext_hat_filtered = Jᵀ·wrench, joint " + (i + 1));
            }
            double pushed = rig.client.state.get(StateField.O_T_EE, 12) - x0;
            assertTrue(pushed > 1e-4 && pushed < 5e-3, "the joint impedance yields a little along x: " + pushed);
            rig.robot.applyFlangeWrench(0, 0, 0, 0, 0, 0);
            for (int k = 0; k < 1000; k++) {
                rig.cycle(c -> System.arraycopy(hold, 0, c.qC, 0, 7));
            }
            rig.client.receiveState();
            assertEquals(x0, rig.client.state.get(StateField.O_T_EE, 12), 1e-4, "back where it was held");
            assertEquals(0, rig.client.state.get(StateField.TAU_EXT_HAT_FILTERED, 0), 1e-3, "no push, no estimate");
        }
    }

    /** Jᵀ·(f, 0) at the flange's origin, base frame. */
    private static double[] flangeTorques(double[] q, double fx, double fy, double fz) {
        KinematicModel model = Fr3Model.withHand();
        KinematicWorkspace w = model.newWorkspace();
        DMatrixRMaj j = new DMatrixRMaj(6, 7);
        w.forwardKinematics(q);
        w.jacobian(model.linkIndex(Fr3Model.FLANGE), ReferenceFrame.BASE, j);
        double[] tau = new double[7];
        for (int c = 0; c < 7; c++) {
            tau[c] = j.get(0, c) * fx + j.get(1, c) * fy + j.get(2, c) * fz;
        }
        return tau;
    }
}
