package org.robocell.driver.kuka.eac.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ControlSignalExternal;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ExternalHeader;
import org.robocell.driver.kuka.eac.internal.proto.ecs.MotionStateExternal;
import org.robocell.driver.kuka.eac.internal.proto.motion.ControlSignalInternal;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointImpedanceControlAttributes;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointPositions;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointTorques;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointVelocities;
import org.robocell.driver.kuka.eac.internal.proto.motion.MotionStateInternal;

import com.google.protobuf.CodedOutputStream;

/** The hand-written codec against protobuf-java, the reference reading and writing of the same .proto files. */
class WireCodecTest {

    private static final double[] P = { 0.1, -1.5707963267948966, 2.5, -0.0, 1e-300, -3.0 };
    private static final double[] V = { 0.5, -0.5, 0, 0, 1, -1 };
    private static final double[] T = { 10, -20, 3.25, 0.5, -0.125, 4 };
    private static final double[] K = { 30, 30, 30, 20, 20, 10 };
    private static final double[] D = { 0.7, 0.7, 0.7, 0.5, 0.5, 0.3 };

    @ParameterizedTest
    @EnumSource(value = ControlMode.class, names = { "JOINT_POSITION", "JOINT_IMPEDANCE", "JOINT_VELOCITY",
        "JOINT_TORQUE" })
    void theControlSignalIsByteForByteWhatProtobufJavaWrites(ControlMode mode) {
        for (boolean stop : new boolean[] { false, true }) {
            boolean velocity = mode == ControlMode.JOINT_VELOCITY;
            boolean torque = mode == ControlMode.JOINT_TORQUE;
            boolean impedance = mode == ControlMode.JOINT_IMPEDANCE;
            ControlSignalWriter w = new ControlSignalWriter(6);
            int n = w.write(77, 4_294_967_295L, stop, mode.number(), !velocity, P, velocity, V, torque, T, impedance,
                    K, D);
            ControlSignalInternal.Builder s = ControlSignalInternal.newBuilder().setStopIpo(stop)
                    .setControlModeValue(mode.number());
            if (!velocity) {
                s.setJointCommand(JointPositions.newBuilder().addAllValues(list(P)));
            }
            if (velocity) {
                s.setJointVelocityCommand(JointVelocities.newBuilder().addAllValues(list(V)));
            }
            if (torque) {
                s.setJointTorqueCommand(JointTorques.newBuilder().addAllValues(list(T)));
            }
            if (impedance) {
                s.setJointAttributes(JointImpedanceControlAttributes.newBuilder().addAllStiffness(list(K))
                        .addAllDamping(list(D)));
            }
            byte[] reference = ControlSignalExternal.newBuilder()
                    .setHeader(ExternalHeader.newBuilder().setMessageId(77).setIpoc(-1)).setControlSignal(s).build()
                    .toByteArray();
            assertArrayEquals(reference, Arrays.copyOf(w.buffer, n), mode + " stop=" + stop);
        }
    }

    @Test
    void aWrenchCommandIsByteForByteWhatProtobufJavaWrites() {
        double[][] wrenches = { { 1.5, -2, 0, -0.0, 1e-300, 80 }, { 0, 0, 0, 0, 0, 0 } };
        for (double[] wrench : wrenches) {
            ControlSignalWriter w = new ControlSignalWriter(6);
            int n = w.write(5, 1234, false, ControlMode.WRENCH.number(), true, P, false, V, false, T, false, K, D,
                    wrench);
            ControlSignalInternal s = ControlSignalInternal.newBuilder().setControlModeValue(8)
                    .setJointCommand(JointPositions.newBuilder().addAllValues(list(P)))
                    .setWrenchCommand(org.robocell.driver.kuka.eac.internal.proto.motion.Wrench.newBuilder()
                            .setForce(vector(wrench, 0)).setTorque(vector(wrench, 3)))
                    .build();
            byte[] reference = ControlSignalExternal.newBuilder()
                    .setHeader(ExternalHeader.newBuilder().setMessageId(5).setIpoc(1234)).setControlSignal(s).build()
                    .toByteArray();
            assertArrayEquals(reference, Arrays.copyOf(w.buffer, n), Arrays.toString(wrench));
        }
    }

    @Test
    void cartesianCommandsAreByteForByteWhatProtobufJavaWrites() {
        double[] pose = { 412.5, -0.0, 215.25, 0.7071067811865476, 0, -0.7071067811865476, 1e-300 };
        double[] twist = { 20, 0, -1.5, 0, 0.25, 0 };
        double[] cs = { 2000, 2000, 1500, 200, 200, 150 };
        double[] cd = { 0.7, 0.7, 0.7, 0.5, 0.5, 0.0 };
        for (ControlMode mode : new ControlMode[] { ControlMode.CARTESIAN_POSITION, ControlMode.CARTESIAN_IMPEDANCE,
            ControlMode.CARTESIAN_VELOCITY }) {
            boolean velocity = mode == ControlMode.CARTESIAN_VELOCITY;
            boolean impedance = mode == ControlMode.CARTESIAN_IMPEDANCE;
            ControlSignalWriter w = new ControlSignalWriter(6);
            int n = w.write(3, 99, false, mode.number(), false, P, false, V, false, T, false, K, D, null,
                    velocity ? null : pose, velocity ? twist : null, impedance ? cs : null, impedance ? cd : null);
            ControlSignalInternal.Builder s = ControlSignalInternal.newBuilder().setControlModeValue(mode.number());
            if (velocity) {
                s.setTwistCommand(org.robocell.driver.kuka.eac.internal.proto.motion.Twist.newBuilder()
                        .setLinear(vector(twist, 0)).setAngular(vector(twist, 3)));
            } else {
                s.setCartesianCommand(org.robocell.driver.kuka.eac.internal.proto.motion.Transform.newBuilder()
                        .setTranslation(vector(pose, 0))
                        .setRotation(org.robocell.driver.kuka.eac.internal.proto.motion.Quaternion.newBuilder()
                                .setW(pose[3]).setX(pose[4]).setY(pose[5]).setZ(pose[6])));
            }
            if (impedance) {
                s.setCartesianAttributes(org.robocell.driver.kuka.eac.internal.proto.motion
                        .CartesianImpedanceControlAttributes.newBuilder().addAllStiffness(list(cs))
                        .addAllDamping(list(cd)));
            }
            byte[] reference = ControlSignalExternal.newBuilder()
                    .setHeader(ExternalHeader.newBuilder().setMessageId(3).setIpoc(99)).setControlSignal(s).build()
                    .toByteArray();
            assertArrayEquals(reference, Arrays.copyOf(w.buffer, n), mode.toString());
            assertTrue(n <= w.buffer.length);
        }
    }

    private static org.robocell.driver.kuka.eac.internal.proto.motion.Vector vector(double[] v, int from) {
        return org.robocell.driver.kuka.eac.internal.proto.motion.Vector.newBuilder().setX(v[from]).setY(v[from + 1])
                .setZ(v[from + 2]).build();
    }

    @Test
    void theMotionStateIsReadAsProtobufJavaWritesIt() {
        MotionStateExternal m = state(6, 6, 6).build();
        MotionStateReader r = new MotionStateReader(6);
        byte[] bytes = m.toByteArray();
        assertTrue(r.read(bytes, 0, bytes.length));
        assertEquals(4_000_000_123L, r.ipoc);
        assertEquals(9, r.messageId);
        assertEquals(2, r.controlMode);
        assertTrue(r.ipoStopped);
        assertArrayEquals(P, r.positions);
        assertArrayEquals(V, r.velocities);
        assertArrayEquals(T, r.torques);
    }

    @Test
    void unpackedRepeatedDoublesAndUnknownFieldsAreReadToo() throws Exception {
        // what an older or other writer may send: each value as its own fixed64 field, and fields this reader
        // does not know (99 at the top, 42 inside the motion state)
        byte[] buf = new byte[512];
        CodedOutputStream o = CodedOutputStream.newInstance(buf);
        o.writeTag(99, 0);
        o.writeUInt64NoTag(12345);
        byte[] header = ExternalHeader.newBuilder().setIpoc(7).build().toByteArray();
        o.writeByteArray(1, header);
        byte[] positions = new byte[6 * 9];
        CodedOutputStream po = CodedOutputStream.newInstance(positions);
        for (double p : P) {
            po.writeDouble(1, p);
        }
        byte[] inner = new byte[200];
        CodedOutputStream io = CodedOutputStream.newInstance(inner);
        io.writeString(42, "future");
        io.writeByteArray(3, positions);
        o.writeByteArray(2, Arrays.copyOf(inner, io.getTotalBytesWritten()));
        MotionStateReader r = new MotionStateReader(6);
        assertTrue(r.read(buf, 0, o.getTotalBytesWritten()));
        assertEquals(7, r.ipoc);
        assertArrayEquals(P, r.positions);
        assertEquals(0, r.torqueCount);
    }

    @Test
    void aMotionStateForAnotherNumberOfJointsIsRefused() {
        MotionStateReader r = new MotionStateReader(6);
        for (int[] counts : new int[][] { { 5, 0, 0 }, { 7, 0, 0 }, { 6, 5, 0 }, { 6, 0, 7 }, { 0, 0, 0 } }) {
            byte[] b = state(counts[0], counts[1], counts[2]).build().toByteArray();
            assertFalse(r.read(b, 0, b.length), Arrays.toString(counts));
        }
        byte[] noHeader = state(6, 0, 6).clearHeader().build().toByteArray();
        assertFalse(r.read(noHeader, 0, noHeader.length), "no header: no IPOC to echo");
    }

    @Test
    void everyTruncationOfAMotionStateIsRefusedWithoutAnException() {
        byte[] b = state(6, 0, 6).build().toByteArray();
        MotionStateReader r = new MotionStateReader(6);
        for (int len = 0; len < b.length; len++) {
            assertFalse(r.read(b, 0, len), "cut at " + len);
        }
        assertTrue(r.read(b, 0, b.length));
    }

    @Test
    void randomBytesNeverThrowAndWhatIsAcceptedIsWhatProtobufJavaReads() throws Exception {
        Random random = new Random(18);
        MotionStateReader r = new MotionStateReader(6);
        byte[] good = state(6, 0, 6).build().toByteArray();
        for (int k = 0; k < 20_000; k++) {
            byte[] b = k % 2 == 0 ? new byte[random.nextInt(200)] : good.clone();
            if (k % 2 == 0) {
                random.nextBytes(b);
            } else {
                b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            }
            if (r.read(b, 0, b.length)) {
                MotionStateExternal m = MotionStateExternal.parseFrom(b);
                assertEquals(m.getHeader().getIpoc() & 0xFFFF_FFFFL, r.ipoc);
                assertEquals(list(r.positions), m.getMotionState().getMeasuredPositions().getValuesList());
            }
        }
    }

    private static MotionStateExternal.Builder state(int positions, int velocities, int torques) {
        MotionStateInternal.Builder s = MotionStateInternal.newBuilder().setIpoStopped(true).setControlModeValue(2);
        if (positions > 0) {
            s.setMeasuredPositions(JointPositions.newBuilder().addAllValues(list(Arrays.copyOf(P, positions))));
        }
        if (velocities > 0) {
            s.setMeasuredVelocities(JointVelocities.newBuilder().addAllValues(list(Arrays.copyOf(V, velocities))));
        }
        if (torques > 0) {
            s.setMeasuredTorques(JointTorques.newBuilder().addAllValues(list(Arrays.copyOf(T, torques))));
        }
        return MotionStateExternal.newBuilder()
                .setHeader(ExternalHeader.newBuilder().setMessageId(9).setIpoc((int) 4_000_000_123L))
                .setMotionState(s);
    }

    private static java.util.List<Double> list(double[] a) {
        return Arrays.stream(a).boxed().toList();
    }
}
