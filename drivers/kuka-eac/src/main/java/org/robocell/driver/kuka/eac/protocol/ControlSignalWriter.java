package org.robocell.driver.kuka.eac.protocol;

/**
 * Encodes a {@code kuka.ecs.v1.ControlSignalExternal} into a reused array without allocating: the header with the
 * IPOC it answers, {@code stop_ipo}, the control mode, and per mode the joint positions ({@code joint_command}), the
 * joint velocities, the joint torques and the joint impedance attributes (stiffness, damping), the wrench, and in the
 * Cartesian modes the pose ({@code cartesian_command}), the twist ({@code twist_command}) and the Cartesian impedance
 * attributes. What a mode does not use is left out; positions are sent in every joint mode but velocity, as kuka-external-control-sdk's client
 * does ({@code iiqka/include/.../message_builder.h}).
 */
public final class ControlSignalWriter {

    private final WireWriter out = new WireWriter();
    private final int joints;
    /** Large enough for every field of every mode with this many joints. */
    public final byte[] buffer;

    public ControlSignalWriter(int joints) {
        this.joints = joints;
        this.buffer = new byte[64 + 5 * (16 + 8 * joints) + WRENCH_BYTES + CARTESIAN_BYTES];
    }

    /** the largest {@code wrench_command}: two vectors of three doubles, with their tags and lengths */
    private static final int WRENCH_BYTES = 2 + 2 * (2 + 3 * 9);

    /**
     * the largest Cartesian part: a transform (a vector of three doubles and a quaternion of four), a twist (two
     * vectors) and the Cartesian attributes (two packed fields of six doubles), with their tags and lengths
     */
    private static final int CARTESIAN_BYTES = (2 + 2 + 3 * 9 + 2 + 4 * 9) + WRENCH_BYTES + (2 + 2 * (2 + 6 * 8));

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
        return write(messageId, ipoc, stop, controlMode, withPositions, positions, withVelocities, velocities,
                withTorques, torques, withImpedance, stiffness, damping, wrench, null, null, null, null);
    }

    /**
     * As {@link #write(long, long, boolean, int, boolean, double[], boolean, double[], boolean, double[], boolean,
     * double[], double[], double[])}, with the Cartesian fields, each left out when null: {@code pose} (x, y, z,
     * qw, qx, qy, qz) as {@code cartesian_command} (field 3, {@code Transform}: translation, then the rotation as
     * the quaternion x, y, z, w), {@code twist} (linear x, y, z, angular x, y, z) as {@code twist_command} (field 5),
     * {@code cartesianStiffness} and {@code cartesianDamping} (six each, x, y, z, a, b, c) as
     * {@code cartesian_attributes} (field 9). Values go to the wire as they are: the units are the caller's.
     *
     * @since 1.2
     */
    public int write(long messageId, long ipoc, boolean stop, int controlMode, boolean withPositions,
            double[] positions, boolean withVelocities, double[] velocities, boolean withTorques, double[] torques,
            boolean withImpedance, double[] stiffness, double[] damping, double[] wrench, double[] pose,
            double[] twist, double[] cartesianStiffness, double[] cartesianDamping) {
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
                + (wrench != null ? WireWriter.messageFieldSize(7, wrenchBody(wrench)) : 0)
                + (pose != null ? WireWriter.messageFieldSize(3, transformBody(pose)) : 0)
                + (twist != null ? WireWriter.messageFieldSize(5, wrenchBody(twist)) : 0)
                + (cartesianStiffness != null ? WireWriter.messageFieldSize(9, CARTESIAN_ATTRIBUTES_BODY) : 0);
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
        if (pose != null) {
            out.tag(3, WireReader.LENGTH_DELIMITED);
            out.varint(transformBody(pose));
            vector3(1, pose, 0);
            out.tag(2, WireReader.LENGTH_DELIMITED);
            out.varint(quaternionBody(pose));
            out.doubleField(1, pose[4]);
            out.doubleField(2, pose[5]);
            out.doubleField(3, pose[6]);
            out.doubleField(4, pose[3]);
        }
        if (withVelocities) {
            vector(4, velBody, velocities);
        }
        if (twist != null) {
            out.tag(5, WireReader.LENGTH_DELIMITED);
            out.varint(wrenchBody(twist));
            vector3(1, twist, 0);
            vector3(2, twist, 3);
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
        if (cartesianStiffness != null) {
            out.tag(9, WireReader.LENGTH_DELIMITED);
            out.varint(CARTESIAN_ATTRIBUTES_BODY);
            out.packedDoubles(1, cartesianStiffness, 6);
            out.packedDoubles(2, cartesianDamping, 6);
        }
        out.varintField(10, controlMode);
        return out.position();
    }

    /** stiffness = 1 and damping = 2, six packed doubles each (no nullspace values: six axes have no nullspace) */
    private static final int CARTESIAN_ATTRIBUTES_BODY = 2 * WireWriter.packedDoublesSize(1, 6);

    /** translation = 1 and rotation = 2, each written even when all zero (as a set message field is) */
    private static int transformBody(double[] pose) {
        return WireWriter.messageFieldSize(1, vectorBody(pose, 0)) + WireWriter.messageFieldSize(2, quaternionBody(pose));
    }

    /** x, y, z, w = 1..4 from the pose's qx, qy, qz, qw */
    private static int quaternionBody(double[] pose) {
        return WireWriter.doubleFieldSize(1, pose[4]) + WireWriter.doubleFieldSize(2, pose[5])
                + WireWriter.doubleFieldSize(3, pose[6]) + WireWriter.doubleFieldSize(4, pose[3]);
    }

    /** force = 1 and torque = 2 (linear and angular in a twist), each a Vector written even when all zero (as a set message field is) */
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
