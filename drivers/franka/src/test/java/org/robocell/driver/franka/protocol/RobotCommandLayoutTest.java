package org.robocell.driver.franka.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

/** RobotCommand is 371 packed little-endian bytes in the order of libfranka-common's {@code rbk_types.h}. */
class RobotCommandLayoutTest {

    @Test
    void everyFieldLiesAtItsOffsetAndReadsBack() {
        RobotCommand c = new RobotCommand();
        c.messageId = 77;
        for (int i = 0; i < 7; i++) {
            c.qC[i] = 1 + i;
            c.dqC[i] = 10 + i;
            c.tauJD[i] = 30 + i;
        }
        for (int i = 0; i < 16; i++) {
            c.oTEeC[i] = 100 + i;
        }
        for (int i = 0; i < 6; i++) {
            c.oDpEeC[i] = 200 + i;
        }
        c.elbowC[0] = 0.5;
        c.elbowC[1] = -1;
        c.validElbow = true;
        c.torqueCommandFinished = true;
        ByteBuffer b = ByteBuffer.allocate(512);
        c.writeTo(b);
        assertEquals(371, b.limit());
        assertEquals(77, b.getLong(0));
        assertEquals(1.0, b.getDouble(8), "q_c[0] at 8");
        assertEquals(10.0, b.getDouble(64), "dq_c[0] at 64");
        assertEquals(100.0, b.getDouble(120), "O_T_EE_c[0] at 120");
        assertEquals(200.0, b.getDouble(248), "O_dP_EE_c[0] at 248");
        assertEquals(0.5, b.getDouble(296), "elbow_c[0] at 296");
        assertEquals(1, b.get(312), "valid_elbow at 312");
        assertEquals(0, b.get(313), "motion_generation_finished at 313");
        assertEquals(30.0, b.getDouble(314), "tau_J_d[0] at 314");
        assertEquals(36.0, b.getDouble(362), "tau_J_d[6] at 362");
        assertEquals(1, b.get(370), "torque_command_finished at 370");
        RobotCommand back = new RobotCommand();
        back.readFrom(b);
        assertEquals(77, back.messageId);
        assertArrayEquals(c.qC, back.qC);
        assertArrayEquals(c.oTEeC, back.oTEeC);
        assertArrayEquals(c.tauJD, back.tauJD);
        assertTrue(back.validElbow && back.torqueCommandFinished && !back.motionGenerationFinished);
    }

    @Test
    void aShortDatagramIsRefusedWithItsSize() {
        ByteBuffer b = ByteBuffer.allocate(370);
        FciProtocolException e = assertThrows(FciProtocolException.class, () -> new RobotCommand().readFrom(b));
        assertEquals("RobotCommand: datagram of 370 bytes, expected 371", e.getMessage());
    }

    @Test
    void aNanJointPositionIsRefusedNamingTheField() {
        RobotCommand c = new RobotCommand();
        ByteBuffer b = ByteBuffer.allocate(371);
        c.writeTo(b);
        b.putDouble(8 + 3 * 8, Double.NaN);
        FciProtocolException e = assertThrows(FciProtocolException.class, () -> new RobotCommand().readFrom(b));
        assertEquals("RobotCommand: q_c[3]=NaN is not a finite number", e.getMessage());
    }

    @Test
    void anInfiniteTorqueAndABoolOtherThanZeroOrOneAreRefused() {
        ByteBuffer b = ByteBuffer.allocate(371);
        new RobotCommand().writeTo(b);
        b.putDouble(314 + 6 * 8, Double.NEGATIVE_INFINITY);
        assertEquals("RobotCommand: tau_J_d[6]=-Infinity is not a finite number",
                assertThrows(FciProtocolException.class, () -> new RobotCommand().readFrom(b)).getMessage());
        new RobotCommand().writeTo(b);
        b.put(313, (byte) 7);
        assertEquals("RobotCommand: motion_generation_finished[0]=7 is not a bool (expected 0 or 1)",
                assertThrows(FciProtocolException.class, () -> new RobotCommand().readFrom(b)).getMessage());
    }

    @Test
    void aRobotStateOfTheOtherVersionsSizeIsRefused() {
        ByteBuffer b = ByteBuffer.allocate(4096);
        new RobotState().writeTo(b, ProtocolVersion.V10);
        FciProtocolException e = assertThrows(FciProtocolException.class,
                () -> new RobotState().readFrom(b, ProtocolVersion.V7));
        assertEquals("RobotState: datagram of 1377 bytes, expected 2373 for FCI v7", e.getMessage());
    }

    @Test
    void aRobotStateWithAnUnknownRobotModeOrNanIsRefusedNamingTheField() {
        ByteBuffer b = ByteBuffer.allocate(4096);
        new RobotState().writeTo(b, ProtocolVersion.V7);
        b.put(2364, (byte) 9);
        assertEquals("RobotState: robot_mode=9 is not a robot mode (expected 0..6)",
                assertThrows(FciProtocolException.class, () -> new RobotState().readFrom(b, ProtocolVersion.V7))
                        .getMessage());
        new RobotState().writeTo(b, ProtocolVersion.V10);
        b.putFloat(596 + 4, Float.NaN);
        assertEquals("RobotState: q[1]=NaN is not a finite number",
                assertThrows(FciProtocolException.class, () -> new RobotState().readFrom(b, ProtocolVersion.V10))
                        .getMessage());
    }
}
