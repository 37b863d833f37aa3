package org.robocell.driver.kuka.fri.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.fri.internal.proto.FriV1;
import org.robocell.driver.kuka.fri.internal.proto.FriV2;

/**
 * The hand-written codec against protobuf-java's messages generated from the same {@code .proto} files: byte for
 * byte on the command side, field for field on the monitoring side, and in agreement on what is not a message.
 */
class FriWireCompatibilityTest {

    private static final double[] Q = { 0.1, -0.2, 0.3, -1.2, 0.5, 1.0, -0.7 };
    private static final double[] TAU = { 1, 2, 3, 4, 5, 6, -7.5 };
    private static final double[] WRENCH = { 1.5, -2, 3, 0.1, 0.2, -0.3 };

    @Test
    void commandBytesAreProtobufJavasEncodingOfTheSameMessageInBothVersions() throws Exception {
        byte[] out = new byte[FriCommandWriter.MAX_LENGTH];
        for (long seq : new long[] { 0, 1, 127, 128, 300_000, 0xFFFF_FFFFL }) {
            int n = new FriCommandWriter(FriVersion.V1).write(seq, seq ^ 0x5555, Q, TAU, null, 7, out);
            FriV1.FRICommandMessage expected = FriV1.FRICommandMessage.newBuilder()
                    .setHeader(FriV1.MessageHeader.newBuilder().setMessageIdentifier(0x34001)
                            .setSequenceCounter((int) seq).setReflectedSequenceCounter((int) (seq ^ 0x5555)))
                    .setCommandData(FriV1.MessageCommandData.newBuilder().setJointPosition(v1(Q))
                            .setJointTorque(v1(TAU)))
                    .build();
            assertArrayEquals(expected.toByteArray(), Arrays.copyOf(out, n), "sequence counter " + seq);

            n = new FriCommandWriter(FriVersion.V2).write(seq, 7, Q, null, WRENCH, 7, out);
            FriV2.FRICommandMessage.Builder b = FriV2.FRICommandMessage.newBuilder()
                    .setHeader(FriV2.MessageHeader.newBuilder().setMessageIdentifier(0x34001)
                            .setSequenceCounter((int) seq).setReflectedSequenceCounter(7));
            FriV2.CartesianVector.Builder w = FriV2.CartesianVector.newBuilder();
            for (double v : WRENCH) {
                w.addElement(v);
            }
            FriV2.JointValues.Builder q = FriV2.JointValues.newBuilder();
            for (double v : Q) {
                q.addValue(v);
            }
            b.setCommandData(FriV2.MessageCommandData.newBuilder().setJointPosition(q)
                    .setCartesianWrenchFeedForward(w));
            byte[] message = b.build().toByteArray();
            assertEquals(message.length + 8, n, "2.x: length, message, CRC-32");
            assertArrayEquals(message, Arrays.copyOfRange(out, 4, n - 4));
            java.nio.ByteBuffer frame = java.nio.ByteBuffer.wrap(out, 0, n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            assertEquals(message.length, frame.getInt(0));
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(message);
            assertEquals((int) crc.getValue(), frame.getInt(n - 4));
            assertTrue(n <= FriCommandWriter.MAX_LENGTH);
        }
    }

    @Test
    void fri2MessagesAreFramedAndAFrameThatDoesNotAddUpIsRefused() {
        byte[] message = FriV2.FRIMonitoringMessage.newBuilder()
                .setHeader(FriV2.MessageHeader.newBuilder().setMessageIdentifier(0x245142).setSequenceCounter(5)
                        .setReflectedSequenceCounter(0))
                .setConnectionInfo(FriV2.ConnectionInfo.newBuilder()
                        .setSessionState(FriV2.FRISessionState.MONITORING_WAIT)
                        .setQuality(FriV2.FRIConnectionQuality.POOR))
                .build().toByteArray();
        byte[] framed = new byte[message.length + 8];
        System.arraycopy(message, 0, framed, 4, message.length);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        assertEquals(framed.length, FriFrame.wrap(framed, message.length, crc));
        FriMonitorReader r = new FriMonitorReader(FriVersion.V2);
        assertNull(r.read(framed, framed.length));
        assertEquals(5, r.sequenceCounter());
        assertNotNull(new FriMonitorReader(FriVersion.V1).read(framed, framed.length),
                "a 1.x reader does not take 2.x's frame for a message");
        assertEquals(FriMonitorReader.Refusal.TRUNCATED, r.read(message, message.length), "2.x without its frame");
        framed[6] ^= 0x01;
        assertEquals(FriMonitorReader.Refusal.BAD_CHECKSUM, r.read(framed, framed.length));
        framed[6] ^= 0x01;
        framed[0] = (byte) (framed[0] + 1);
        assertEquals(FriMonitorReader.Refusal.TRUNCATED, r.read(framed, framed.length), "the length runs past");
        assertEquals(FriMonitorReader.Refusal.TRUNCATED, r.read(framed, 7));
    }

    @Test
    void theReaderTakesEveryFieldProtobufJavaWrote() {
        FriV1.FRIMonitoringMessage m = v1Monitoring(42, 4, 3, 2);
        FriMonitorReader r = new FriMonitorReader(FriVersion.V1);
        byte[] bytes = m.toByteArray();
        assertNull(r.read(bytes, bytes.length));
        assertEquals(42, r.sequenceCounter());
        assertEquals(17, r.reflectedSequenceCounter());
        assertEquals(FriSessionState.COMMANDING_ACTIVE, r.sessionState());
        assertEquals(FriConnectionQuality.EXCELLENT, r.quality());
        assertEquals(5, r.sendPeriodMs());
        assertEquals(2, r.receiveMultiplier());
        assertEquals(7, r.numberOfJoints());
        assertEquals(FriCommandMode.TORQUE, r.clientCommandMode());
        assertEquals(7, r.measuredPositionCount());
        for (int i = 0; i < 7; i++) {
            assertEquals(Q[i], r.measuredPosition(i));
            assertEquals(TAU[i], r.measuredTorque(i));
            assertEquals(-Q[i], r.commandedPosition(i));
            assertEquals(Q[i] * 2, r.ipoPosition(i));
            assertEquals(TAU[i] / 2, r.externalTorque(i));
        }
        assertEquals(12, r.timestampSec());
        assertEquals(345, r.timestampNanosec());
    }

    @Test
    void theReaderTakesPackedDoublesAndSkipsFieldsItDoesNotKnow() throws Exception {
        // measuredJointPosition packed, and an unknown field 99 at the top level and inside the header
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        byte[] header = FriV1.MessageHeader.newBuilder().setMessageIdentifier(0x245142).setSequenceCounter(9)
                .setReflectedSequenceCounter(3).build().toByteArray();
        java.io.ByteArrayOutputStream h = new java.io.ByteArrayOutputStream();
        h.write(header);
        CodedOutputStream ho = CodedOutputStream.newInstance(h);
        ho.writeString(99, "future");
        ho.flush();
        out.writeByteArray(1, h.toByteArray());
        out.writeUInt64(99, 123456789L);
        java.io.ByteArrayOutputStream joints = new java.io.ByteArrayOutputStream();
        CodedOutputStream jo = CodedOutputStream.newInstance(joints);
        jo.writeTag(1, 2);
        jo.writeUInt32NoTag(8 * Q.length);
        for (double v : Q) {
            jo.writeDoubleNoTag(v);
        }
        jo.flush();
        java.io.ByteArrayOutputStream monitor = new java.io.ByteArrayOutputStream();
        CodedOutputStream mo = CodedOutputStream.newInstance(monitor);
        mo.writeByteArray(1, joints.toByteArray());
        mo.flush();
        out.writeByteArray(3, monitor.toByteArray());
        out.writeMessage(4, FriV1.ConnectionInfo.newBuilder().setSessionState(FriV1.FRISessionState.MONITORING_READY)
                .setQuality(FriV1.FRIConnectionQuality.EXCELLENT).build());
        out.flush();
        byte[] data = bytes.toByteArray();
        FriMonitorReader r = new FriMonitorReader(FriVersion.V1);
        assertNull(r.read(data, data.length));
        assertEquals(9, r.sequenceCounter());
        assertEquals(FriSessionState.MONITORING_READY, r.sessionState());
        assertEquals(7, r.measuredPositionCount());
        assertEquals(Q[6], r.measuredPosition(6));
    }

    @Test
    void theReaderNeverTakesWhatProtobufJavaRefusesWhereverTheMessageIsCutOrABytePatched() {
        byte[] whole = v1Monitoring(7, 1, 0, 1).toByteArray();
        FriMonitorReader r = new FriMonitorReader(FriVersion.V1);
        Random random = new Random(18);
        int accepted = 0;
        // a cut: both decide the same
        for (int length = 0; length <= whole.length; length++) {
            accepted += agree(r, Arrays.copyOf(whole, length), true) ? 1 : 0;
        }
        // a patched byte: whatever protobuf-java refuses is refused here too; this reader may refuse more (a known
        // field with a wire type it cannot have, a session state FRI does not define), never less
        for (int k = 0; k < 20_000; k++) {
            byte[] flipped = whole.clone();
            flipped[random.nextInt(flipped.length)] = (byte) random.nextInt(256);
            accepted += agree(r, flipped, false) ? 1 : 0;
        }
        assertTrue(accepted > 0, "some variants are messages");
    }

    /** @return whether both took it */
    private static boolean agree(FriMonitorReader r, byte[] data, boolean exactly) {
        boolean ours = r.read(data, data.length) == null;
        FriV1.FRIMonitoringMessage m;
        try {
            m = FriV1.FRIMonitoringMessage.parseFrom(data);
        } catch (InvalidProtocolBufferException e) {
            m = null;
        }
        boolean theirs = m != null && m.getHeader().getMessageIdentifier() == 0x245142 && m.hasConnectionInfo()
                && m.getMonitorData().getMeasuredJointPosition().getValueCount() <= 7
                && m.getMonitorData().getMeasuredTorque().getValueCount() <= 7
                && m.getMonitorData().getCommandedJointPosition().getValueCount() <= 7
                && m.getMonitorData().getCommandedTorque().getValueCount() <= 7
                && m.getMonitorData().getExternalTorque().getValueCount() <= 7
                && m.getIpoData().getJointPosition().getValueCount() <= 7;
        String hex = java.util.HexFormat.of().formatHex(data);
        if (exactly || !theirs) {
            assertEquals(theirs, ours, () -> "protobuf-java " + (ours ? "refuses " : "takes ") + hex);
        }
        if (ours && theirs) {
            assertEquals(m.getHeader().getSequenceCounter() & 0xFFFF_FFFFL, r.sequenceCounter(), hex);
            assertEquals(m.getConnectionInfo().getSessionState().getNumber(), r.sessionState().ordinal(), hex);
            assertEquals(m.getMonitorData().getMeasuredJointPosition().getValueCount(), r.measuredPositionCount(), hex);
            for (int i = 0; i < r.measuredPositionCount(); i++) {
                assertEquals(m.getMonitorData().getMeasuredJointPosition().getValue(i), r.measuredPosition(i), hex);
            }
        }
        return ours && theirs;
    }

    static FriV1.FRIMonitoringMessage v1Monitoring(int seq, int state, int quality, int multiplier) {
        FriV1.RobotInfo.Builder robot = FriV1.RobotInfo.newBuilder().setNumberOfJoints(7)
                .setControlMode(FriV1.ControlMode.JOINT_IMPEDANCE_CONTROLMODE);
        for (int i = 0; i < 7; i++) {
            robot.addDriveState(FriV1.DriveState.ACTIVE);
        }
        double[] negative = new double[7];
        double[] twice = new double[7];
        double[] half = new double[7];
        for (int i = 0; i < 7; i++) {
            negative[i] = -Q[i];
            twice[i] = Q[i] * 2;
            half[i] = TAU[i] / 2;
        }
        return FriV1.FRIMonitoringMessage.newBuilder()
                .setHeader(FriV1.MessageHeader.newBuilder().setMessageIdentifier(0x245142).setSequenceCounter(seq)
                        .setReflectedSequenceCounter(17))
                .setRobotInfo(robot)
                .setMonitorData(FriV1.MessageMonitorData.newBuilder().setMeasuredJointPosition(v1(Q))
                        .setMeasuredTorque(v1(TAU)).setCommandedJointPosition(v1(negative))
                        .setExternalTorque(v1(half))
                        .setTimestamp(FriV1.TimeStamp.newBuilder().setSec(12).setNanosec(345)))
                .setConnectionInfo(FriV1.ConnectionInfo.newBuilder()
                        .setSessionState(FriV1.FRISessionState.forNumber(state))
                        .setQuality(FriV1.FRIConnectionQuality.forNumber(quality)).setSendPeriod(5)
                        .setReceiveMultiplier(multiplier))
                .setIpoData(FriV1.MessageIpoData.newBuilder().setJointPosition(v1(twice))
                        .setClientCommandMode(FriV1.ClientCommandMode.TORQUE))
                .setEndOfMessageData(FriV1.MessageEndOf.newBuilder().setMessageLength(0))
                .build();
    }

    static FriV1.JointValues v1(double[] values) {
        FriV1.JointValues.Builder b = FriV1.JointValues.newBuilder();
        for (double v : values) {
            b.addValue(v);
        }
        return b.build();
    }
}
