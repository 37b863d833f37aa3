package org.robocell.driver.kuka.eac.protocol;

/**
 * Encodes a {@code kuka.ecs.v1.ControlSignalExternal} into a reused array without allocating: the header with the
 * IPOC it answers, {@code stop_ipo}, the control mode, and per mode the joint positions ({@code joint_command}), the
 * joint velocities, the joint torques and the joint impedance attributes (stiffness, damping). What a mode does not
 * use is left out; positions are sent in every joint mode but velocity, as kuka-external-control-sdk's client
 * does ({@code iiqka/include/.../message_builder.h}).
 */
public final class ControlSignalWriter {

    private final WireWriter out = new WireWriter();
    private final int joints;
    /** Large enough for every field of a joint mode with this many joints. */
    public final byte[] buffer;

    public ControlSignalWriter(int joints) {
        this.joints = joints;
        this.buffer = new byte[64 + 5 * (16 + 8 * joints) + WRENCH_BYTES];
    }

    /** the largest {@code wrench_command}: two vectors of three doubles, with their tags and lengths */
    private static final int WRENCH_BYTES = 2 + 2 * (2 + 3 * 9);

    /**
     * @param positions  used when {@code withPositions}
     * @param velocities used when {@code withVelocities}
     * @param torques    used when {@code withTorques}
     * @param stiffness  with {@code damping}, used when {@code withImpedance}
     * @return the number of bytes written to {@link #buffer}
     */
    public int write(long messageId, long ipoc, boolean stop, int controlMode, boolean withPositions,
            double[] positions, boolean withVelocities, double[] velocities, boolean withTorques, double[] torques,
            boolean withImpedance, double[] stiffness, double[] damping) {
        return write(messageId, ipoc, stop, controlMode, withPositions, positions, withVelocities, velocities,
                withTorques, torques, withImpedance, stiffness, damping, null);
    }

    /**
     * As {@link #write(long, long, boolean, int, boolean, double[], boolean, double[], boolean, double[], boolean,
     * double[], double[])}, with a {@code wrench_command} when {@code wrench} is not null: force x, y, z (N) and
     * torque x, y, z (Nm) in the robot's base frame (field 7, {@code kuka.motion.external.Wrench}).
     *
     * @since 1.1
     */
    public int write(long messageId, long ipoc, boolean stop, int controlMode, boolean withPositions,
            double[] positions, boolean withVelocities, double[] velocities, boolean withTorques, double[] torques,
            boolean withImpedance, double[] stiffness, double[] damping, double[] wrench) {
        int n = joints;
        int header = WireWriter.varintFieldSize(1, messageId) + WireWriter.varintFieldSize(2, ipoc);
        int posBody = withPositions ? WireWriter.packedDoublesSize(1, n) : 0;
        int velBody = withVelocities ? WireWriter.packedDoublesSize(1, n) : 0;
        int torBody = withTorques ? WireWriter.packedDoublesSize(1, n) : 0;
        int attrBody = withImpedance ? 2 * WireWriter.packedDoublesSize(1, n) : 0;
        int signal = (stop ? 2 : 0) + WireWriter.varintFieldSize(10, controlMode)
                + (withPositions ? WireWriter.messageFieldSize(2, posBody) : 0)
                + (withVelocities ? WireWriter.messageFieldSize(4, velBody) : 0)
                + (withTorques ? WireWriter.messageFieldSize(6, torBody) : 0)
                + (withImpedance ? WireWriter.messageFieldSize(8, attrBody) : 0)
                + (wrench != null ? WireWriter.messageFieldSize(7, wrenchBody(wrench)) : 0);
        out.reset(buffer);
        out.tag(1, WireReader.LENGTH_DELIMITED);
        out.varint(header);
        out.varintField(1, messageId);
        out.varintField(2, ipoc);
        out.tag(2, WireReader.LENGTH_DELIMITED);
        out.varint(signal);
        if (stop) {
            out.tag(1, WireReader.VARINT);
            out.varint(1);
        }
        if (withPositions) {
            vector(2, posBody, positions);
        }
        if (withVelocities) {
            vector(4, velBody, velocities);
        }
        if (withTorques) {
            vector(6, torBody, torques);
        }
        if (wrench != null) {
            out.tag(7, WireReader.LENGTH_DELIMITED);
            out.varint(wrenchBody(wrench));
            vector3(1, wrench, 0);
            vector3(2, wrench, 3);
        }
        if (withImpedance) {
            out.tag(8, WireReader.LENGTH_DELIMITED);
            out.varint(attrBody);
            out.packedDoubles(1, stiffness, n);
            out.packedDoubles(2, damping, n);
        }
        out.varintField(10, controlMode);
        return out.position();
    }

    /** force = 1 and torque = 2, each a Vector written even when all zero (as a set message field is) */
    private static int wrenchBody(double[] w) {
        return WireWriter.messageFieldSize(1, vectorBody(w, 0)) + WireWriter.messageFieldSize(2, vectorBody(w, 3));
    }

    private static int vectorBody(double[] v, int from) {
        return WireWriter.doubleFieldSize(1, v[from]) + WireWriter.doubleFieldSize(2, v[from + 1])
                + WireWriter.doubleFieldSize(3, v[from + 2]);
    }

    private void vector3(int field, double[] v, int from) {
        out.tag(field, WireReader.LENGTH_DELIMITED);
        out.varint(vectorBody(v, from));
        out.doubleField(1, v[from]);
        out.doubleField(2, v[from + 1]);
        out.doubleField(3, v[from + 2]);
    }

    private void vector(int field, int body, double[] values) {
        out.tag(field, WireReader.LENGTH_DELIMITED);
        out.varint(body);
        out.packedDoubles(1, values, joints);
    }
}
