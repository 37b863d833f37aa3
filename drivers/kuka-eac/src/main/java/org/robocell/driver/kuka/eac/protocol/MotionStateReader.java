package org.robocell.driver.kuka.eac.protocol;

/**
 * Decodes a {@code kuka.ecs.v1.MotionStateExternal} datagram into reused fields without allocating: the header
 * (message id, IPOC), {@code ipo_stopped}, the control mode and the measured positions, velocities and torques.
 * Unknown fields are skipped, as proto3 readers do. {@link #read} answers whether the datagram is a well-formed
 * motion state for this many joints: header present, the positions there with one value per joint, velocities and
 * torques absent or one per joint.
 */
public final class MotionStateReader {

    private final WireReader in = new WireReader();
    private final int joints;

    public final double[] positions;
    public final double[] velocities;
    public final double[] torques;
    public int positionCount;
    public int velocityCount;
    public int torqueCount;
    public long messageId;
    public long ipoc;
    public boolean hasHeader;
    public boolean ipoStopped;
    /** the {@code control_mode} number (0 when absent) */
    public long controlMode;

    public MotionStateReader(int joints) {
        this.joints = joints;
        positions = new double[joints];
        velocities = new double[joints];
        torques = new double[joints];
    }

    /** @return true for a well-formed motion state with {@code joints} positions */
    public boolean read(byte[] data, int offset, int length) {
        positionCount = 0;
        velocityCount = 0;
        torqueCount = 0;
        messageId = 0;
        ipoc = 0;
        hasHeader = false;
        ipoStopped = false;
        controlMode = 0;
        in.reset(data, offset, length);
        int tag;
        while ((tag = in.readTag()) != 0) {
            int field = tag >>> 3;
            int type = tag & 7;
            if (field == 1 && type == WireReader.LENGTH_DELIMITED) {
                hasHeader = true;
                int outer = in.pushLimit(in.readLength());
                readHeader();
                in.popLimit(outer);
            } else if (field == 2 && type == WireReader.LENGTH_DELIMITED) {
                int outer = in.pushLimit(in.readLength());
                if (!readMotionState()) {
                    return false;
                }
                in.popLimit(outer);
            } else {
                in.skip(type);
            }
        }
        return !in.malformed() && hasHeader && positionCount == joints
                && (velocityCount == 0 || velocityCount == joints) && (torqueCount == 0 || torqueCount == joints);
    }

    private void readHeader() {
        int tag;
        while ((tag = in.readTag()) != 0) {
            int field = tag >>> 3;
            int type = tag & 7;
            if (field == 1 && type == WireReader.VARINT) {
                messageId = in.readVarint() & 0xFFFF_FFFFL;
            } else if (field == 2 && type == WireReader.VARINT) {
                ipoc = in.readVarint() & 0xFFFF_FFFFL;
            } else {
                in.skip(type);
            }
        }
    }

    private boolean readMotionState() {
        int tag;
        while ((tag = in.readTag()) != 0) {
            int field = tag >>> 3;
            int type = tag & 7;
            if (field == 1 && type == WireReader.VARINT) {
                ipoStopped = in.readVarint() != 0;
            } else if (field == 2 && type == WireReader.VARINT) {
                controlMode = in.readVarint();
            } else if (field >= 3 && field <= 5 && type == WireReader.LENGTH_DELIMITED) {
                int outer = in.pushLimit(in.readLength());
                if (!readVector(field)) {
                    return false;
                }
                in.popLimit(outer);
            } else {
                in.skip(type);
            }
        }
        return true;
    }

    /** JointPositions / JointVelocities / JointTorques: {@code repeated double values = 1}. */
    private boolean readVector(int which) {
        double[] into = which == 3 ? positions : which == 4 ? velocities : torques;
        int count = which == 3 ? positionCount : which == 4 ? velocityCount : torqueCount;
        int tag;
        while ((tag = in.readTag()) != 0) {
            if (tag >>> 3 == 1) {
                count = in.readDoubles(tag & 7, into, count);
                if (count < 0) {
                    return false;
                }
            } else {
                in.skip(tag & 7);
            }
        }
        if (which == 3) {
            positionCount = count;
        } else if (which == 4) {
            velocityCount = count;
        } else {
            torqueCount = count;
        }
        return true;
    }
}
