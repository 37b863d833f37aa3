package org.robocell.driver.kuka.fri.emulator;

import com.google.protobuf.InvalidProtocolBufferException;

import org.robocell.driver.kuka.fri.internal.proto.FriV1;
import org.robocell.driver.kuka.fri.internal.proto.FriV2;
import java.util.zip.CRC32;

import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriFrame;
import org.robocell.driver.kuka.fri.protocol.FriMonitorReader;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * The controller's side of the wire with protobuf-java's messages generated from {@code fri_v1.proto} and
 * {@code fri_v2.proto} (2.x framed, see {@link FriFrame}): an independent implementation of the schema from the
 * driver's hand-written codec.
 */
final class FriMessages {

    private FriMessages() {
    }

    static byte[] monitoring(FriVersion version, RobotFrame f) {
        if (version == FriVersion.V1) {
            return v1(f).toByteArray();
        }
        byte[] message = v2(f).toByteArray();
        byte[] framed = new byte[message.length + FriFrame.OVERHEAD_BYTES];
        System.arraycopy(message, 0, framed, FriFrame.HEADER_BYTES, message.length);
        FriFrame.wrap(framed, message.length, new CRC32());
        return framed;
    }

    /** @throws InvalidProtocolBufferException when the bytes are not a command message with its required fields */
    static ClientReply reply(FriVersion version, byte[] data, int length) throws InvalidProtocolBufferException {
        ClientReply r = new ClientReply();
        if (version == FriVersion.V1) {
            FriV1.FRICommandMessage m = FriV1.FRICommandMessage.parseFrom(java.nio.ByteBuffer.wrap(data, 0, length));
            r.messageId = m.getHeader().getMessageIdentifier() & 0xFFFF_FFFFL;
            r.sequenceCounter = m.getHeader().getSequenceCounter() & 0xFFFF_FFFFL;
            r.reflectedSequenceCounter = m.getHeader().getReflectedSequenceCounter() & 0xFFFF_FFFFL;
            if (m.hasCommandData()) {
                FriV1.MessageCommandData d = m.getCommandData();
                r.positions = d.hasJointPosition() ? values(d.getJointPosition().getValueList()) : null;
                r.torques = d.hasJointTorque() ? values(d.getJointTorque().getValueList()) : null;
                r.wrench = d.hasCartesianWrenchFeedForward()
                        ? values(d.getCartesianWrenchFeedForward().getElementList()) : null;
            }
        } else {
            int end = FriFrame.unwrap(data, length, new CRC32());
            if (end < 0) {
                throw new InvalidProtocolBufferException(end == FriFrame.BAD_CHECKSUM ? "FRI 2.x frame: wrong CRC-32"
                        : "FRI 2.x frame: the length does not fit the datagram");
            }
            FriV2.FRICommandMessage m = FriV2.FRICommandMessage.parseFrom(java.nio.ByteBuffer.wrap(data,
                    FriFrame.HEADER_BYTES, end - FriFrame.HEADER_BYTES));
            r.messageId = m.getHeader().getMessageIdentifier() & 0xFFFF_FFFFL;
            r.sequenceCounter = m.getHeader().getSequenceCounter() & 0xFFFF_FFFFL;
            r.reflectedSequenceCounter = m.getHeader().getReflectedSequenceCounter() & 0xFFFF_FFFFL;
            if (m.hasCommandData()) {
                FriV2.MessageCommandData d = m.getCommandData();
                r.positions = d.hasJointPosition() ? values(d.getJointPosition().getValueList()) : null;
                r.torques = d.hasJointTorque() ? values(d.getJointTorque().getValueList()) : null;
                r.wrench = d.hasCartesianWrenchFeedForward()
                        ? values(d.getCartesianWrenchFeedForward().getElementList()) : null;
                r.cartesianPose = d.hasCartesianPose() ? values(d.getCartesianPose().getElementList()) : null;
            }
        }
        return r;
    }

    private static double[] values(java.util.List<Double> list) {
        double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    private static FriV1.FRIMonitoringMessage v1(RobotFrame f) {
        FriV1.MessageMonitorData.Builder monitor = FriV1.MessageMonitorData.newBuilder()
                .setMeasuredJointPosition(v1Joints(f.measuredPosition))
                .setMeasuredTorque(v1Joints(f.measuredTorque))
                .setCommandedJointPosition(v1Joints(f.commandedPosition))
                .setCommandedTorque(v1Joints(f.commandedTorque))
                .setExternalTorque(v1Joints(f.externalTorque))
                .setTimestamp(FriV1.TimeStamp.newBuilder().setSec((int) (f.timeNanos / 1_000_000_000L))
                        .setNanosec((int) (f.timeNanos % 1_000_000_000L)));
        FriV1.RobotInfo.Builder robot = FriV1.RobotInfo.newBuilder().setNumberOfJoints(LbrIiwa14.JOINTS)
                .setSafetyState(FriV1.SafetyState.NORMAL_OPERATION)
                .setOperationMode(FriV1.OperationMode.AUTOMATIC_MODE)
                .setControlMode(FriV1.ControlMode.forNumber(controlMode(f.commandMode)));
        for (int i = 0; i < LbrIiwa14.JOINTS; i++) {
            robot.addDriveState(FriV1.DriveState.ACTIVE);
        }
        FriV1.MessageIpoData.Builder ipo = FriV1.MessageIpoData.newBuilder()
                .setJointPosition(v1Joints(f.ipoPosition))
                .setClientCommandMode(FriV1.ClientCommandMode.forNumber(f.commandMode.ordinal()))
                .setOverlayType(FriV1.OverlayType.forNumber(overlay(f.commandMode)))
                .setTrackingPerformance(f.state.commanding() ? 1.0 : 0.0);
        return FriV1.FRIMonitoringMessage.newBuilder()
                .setHeader(FriV1.MessageHeader.newBuilder().setMessageIdentifier(FriMonitorReader.MONITOR_MESSAGE_ID)
                        .setSequenceCounter((int) f.sequenceCounter)
                        .setReflectedSequenceCounter((int) f.reflectedSequenceCounter))
                .setRobotInfo(robot).setMonitorData(monitor)
                .setConnectionInfo(FriV1.ConnectionInfo.newBuilder()
                        .setSessionState(FriV1.FRISessionState.forNumber(f.state.ordinal()))
                        .setQuality(FriV1.FRIConnectionQuality.forNumber(f.quality.ordinal()))
                        .setSendPeriod(f.sendPeriodMs).setReceiveMultiplier(f.receiveMultiplier))
                .setIpoData(ipo).build();
    }

    private static FriV2.FRIMonitoringMessage v2(RobotFrame f) {
        FriV2.MessageMonitorData.Builder monitor = FriV2.MessageMonitorData.newBuilder()
                .setMeasuredJointPosition(v2Joints(f.measuredPosition))
                .setMeasuredTorque(v2Joints(f.measuredTorque))
                .setCommandedTorque(v2Joints(f.commandedTorque))
                .setExternalTorque(v2Joints(f.externalTorque))
                .setMeasuredCartesianPose(pose(f.measuredPose))
                .setTimestamp(FriV2.TimeStamp.newBuilder().setSec((int) (f.timeNanos / 1_000_000_000L))
                        .setNanosec((int) (f.timeNanos % 1_000_000_000L)));
        FriV2.RobotInfo.Builder robot = FriV2.RobotInfo.newBuilder().setNumberOfJoints(LbrIiwa14.JOINTS)
                .setSafetyState(FriV2.SafetyState.NORMAL_OPERATION)
                .setOperationMode(FriV2.OperationMode.AUTOMATIC_MODE)
                .setControlMode(FriV2.ControlMode.forNumber(controlMode(f.commandMode)));
        for (int i = 0; i < LbrIiwa14.JOINTS; i++) {
            robot.addDriveState(FriV2.DriveState.ACTIVE);
        }
        FriV2.MessageIpoData.Builder ipo = FriV2.MessageIpoData.newBuilder()
                .setJointPosition(v2Joints(f.ipoPosition))
                .setCartesianPose(pose(f.ipoPose))
                .setClientCommandMode(FriV2.ClientCommandMode.forNumber(f.commandMode.ordinal()))
                .setOverlayType(FriV2.OverlayType.forNumber(overlay(f.commandMode)))
                .setTrackingPerformance(f.state.commanding() ? 1.0 : 0.0);
        return FriV2.FRIMonitoringMessage.newBuilder()
                .setHeader(FriV2.MessageHeader.newBuilder().setMessageIdentifier(FriMonitorReader.MONITOR_MESSAGE_ID)
                        .setSequenceCounter((int) f.sequenceCounter)
                        .setReflectedSequenceCounter((int) f.reflectedSequenceCounter))
                .setRobotInfo(robot).setMonitorData(monitor)
                .setConnectionInfo(FriV2.ConnectionInfo.newBuilder()
                        .setSessionState(FriV2.FRISessionState.forNumber(f.state.ordinal()))
                        .setQuality(FriV2.FRIConnectionQuality.forNumber(f.quality.ordinal()))
                        .setSendPeriod(f.sendPeriodMs).setReceiveMultiplier(f.receiveMultiplier))
                .setIpoData(ipo).build();
    }

    /** the robot's ControlMode for the overlay: torque needs joint impedance, wrench Cartesian impedance */
    static int controlMode(FriCommandMode mode) {
        return switch (mode) {
            case TORQUE -> 2;
            case WRENCH, CARTESIAN_POSE -> 1;
            default -> 0;
        };
    }

    private static int overlay(FriCommandMode mode) {
        return switch (mode) {
            case NO_COMMAND_MODE -> 0;
            case WRENCH, CARTESIAN_POSE -> 2;
            default -> 1;
        };
    }

    private static FriV1.JointValues.Builder v1Joints(double[] q) {
        FriV1.JointValues.Builder b = FriV1.JointValues.newBuilder();
        for (double v : q) {
            b.addValue(v);
        }
        return b;
    }

    private static FriV2.QuaternionTransformation.Builder pose(double[] pose) {
        FriV2.QuaternionTransformation.Builder b = FriV2.QuaternionTransformation.newBuilder().setName("");
        for (double v : pose) {
            b.addElement(v);
        }
        return b;
    }

    private static FriV2.JointValues.Builder v2Joints(double[] q) {
        FriV2.JointValues.Builder b = FriV2.JointValues.newBuilder();
        for (double v : q) {
            b.addValue(v);
        }
        return b;
    }
}
