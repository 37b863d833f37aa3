package org.robocell.driver.franka.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.ErrorRecoveryStatus;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.MotionGeneratorMode;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;
import org.robocell.driver.franka.protocol.MoveStatus;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;

/** Motions over real loopback sockets on a stepped emulator, as a libfranka control loop drives them. */
class FrankaEmulatorMotionTest {

    private static final double[] READY = FrankaEmulatorConfig.readyPose();

    @Test
    void aSmoothJointPositionMotionReachesItsGoalAndEndsWithSuccess() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
            int n = 1000;
            for (int k = 1; k <= n; k++) {
                double s = (1 - Math.cos(Math.PI * k / n)) / 2;
                boolean last = k == n;
                rig.cycle(c -> {
                    System.arraycopy(READY, 0, c.qC, 0, 7);
                    c.qC[3] += 0.3 * s;
                    c.qC[0] += 0.2 * s;
                    c.motionGenerationFinished = last;
                });
            }
            assertEquals(MoveStatus.SUCCESS, rig.moveResult().status());
            assertEquals(RobotMode.IDLE, rig.client.state.robotMode());
            assertEquals(MotionGeneratorMode.IDLE, rig.client.state.motionGeneratorMode());
            assertEquals(READY[3] + 0.3, rig.q()[3], 2e-3, "joint 4 reached its goal");
            assertEquals(READY[0] + 0.2, rig.q()[0], 2e-3, "joint 1 reached its goal");
            assertEquals(1.0, rig.client.state.controlCommandSuccessRate(), 1e-9);
            assertFalse(any(rig.client.state.errors()));
        }
    }

    @Test
    void zeroTorquesHoldTheArmBecauseTheRobotCompensatesGravity() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V10)) {
            rig.startMotion(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE);
            for (int k = 0; k < 500; k++) {
                rig.cycle(c -> { });
            }
            rig.client.receiveState();
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], rig.q()[i], 1e-3, "joint " + (i + 1));
            }
            assertEquals(RobotMode.MOVE, rig.client.state.robotMode());
            rig.cycle(c -> c.torqueCommandFinished = true);
            assertEquals(MoveStatus.SUCCESS, rig.moveResult().status());
        }
    }

    @Test
    void aJumpInTheJointPositionCommandAbortsWithTheVelocityLimitViolationAndTheRobotHolds() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
            for (int k = 0; k < 20; k++) {
                rig.cycle(c -> System.arraycopy(READY, 0, c.qC, 0, 7));
            }
            rig.cycle(c -> {
                System.arraycopy(READY, 0, c.qC, 0, 7);
                c.qC[1] += 0.1;
            });
            assertEquals(MoveStatus.REFLEX_ABORTED, rig.moveResult().status());
            assertEquals(RobotMode.REFLEX, rig.client.state.robotMode());
            assertTrue(rig.client.state.reflexReason(FrankaError.JOINT_MOTION_GENERATOR_VELOCITY_LIMITS_VIOLATION),
                    FrankaError.describe(rig.client.state.reflexReason()));
            assertTrue(rig.client.state.error(FrankaError.JOINT_MOTION_GENERATOR_VELOCITY_LIMITS_VIOLATION));
            assertEquals(READY[1], rig.q()[1], 1e-3, "the jump was not followed");
            rig.assertHolding();
            recover(rig);
        }
    }

    @Test
    void aTorqueStepAbortsWithControllerTorqueDiscontinuity() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE);
            for (int k = 0; k < 10; k++) {
                rig.cycle(c -> { });
            }
            rig.cycle(c -> c.tauJD[0] = 5.0); // 5 Nm in 1 ms: 5000 Nm/s, the FR3 allows 1000
            assertEquals(MoveStatus.REFLEX_ABORTED, rig.moveResult().status());
            assertTrue(rig.client.state.reflexReason(FrankaError.CONTROLLER_TORQUE_DISCONTINUITY),
                    FrankaError.describe(rig.client.state.reflexReason()));
            assertEquals(RobotMode.REFLEX, rig.client.state.robotMode());
            rig.assertHolding();
            recover(rig);
        }
    }

    @Test
    void aTorqueRampWithinTheRateLimitIsAccepted() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE);
            for (int k = 1; k <= 50; k++) {
                double t = Math.min(0.9 * k, 0.5); // steps of at most 0.9 Nm per ms: 900 Nm/s
                rig.cycle(c -> c.tauJD[6] = t);
            }
            rig.cycle(c -> c.tauJD[6] = 0);
            rig.client.receiveState();
            assertEquals(RobotMode.MOVE, rig.client.state.robotMode(),
                    FrankaError.describe(rig.client.state.errors()));
            assertTrue(Math.abs(rig.client.state.get(StateField.DQ, 6)) > 0.01, "joint 7 was turned by the torque");
            rig.cycle(c -> c.motionGenerationFinished = true);
            assertEquals(MoveStatus.SUCCESS, rig.moveResult().status());
        }
    }

    static void recover(SteppedRig rig) throws Exception {
        assertEquals(MoveStatus.COMMAND_NOT_POSSIBLE_REJECTED,
                rig.request(new FciRequest.Move(MoveControllerMode.JOINT_IMPEDANCE,
                        MoveMotionGeneratorMode.JOINT_POSITION)).status(), "no motion before recovery");
        assertEquals(ErrorRecoveryStatus.SUCCESS,
                rig.request(new FciRequest.Empty(org.robocell.driver.franka.protocol.Command.AUTOMATIC_ERROR_RECOVERY))
                        .status());
        rig.awaitState();
        assertEquals(RobotMode.IDLE, rig.client.state.robotMode());
        assertFalse(any(rig.client.state.errors()), FrankaError.describe(rig.client.state.errors()));
        rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
        double[] q = rig.q();
        rig.cycle(c -> {
            System.arraycopy(q, 0, c.qC, 0, 7);
            c.motionGenerationFinished = true;
        });
        assertEquals(MoveStatus.SUCCESS, rig.moveResult().status(), "moves again after recovery");
    }

    static boolean any(boolean[] flags) {
        for (boolean f : flags) {
            if (f) {
                return true;
            }
        }
        return false;
    }
}
