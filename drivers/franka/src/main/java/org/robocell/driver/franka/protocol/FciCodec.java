package org.robocell.driver.franka.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Encodes and decodes the TCP command channel's requests and responses of one protocol version. Messages are a
 * {@link CommandHeader} and a packed little-endian payload; decoding checks the size field against the command's
 * payload and refuses numbers that are not finite, bools that are neither 0 nor 1 and enum values out of range,
 * each with one line naming the field. Thread-safe (stateless).
 */
public final class FciCodec {

    private final ProtocolVersion version;

    public FciCodec(ProtocolVersion version) {
        this.version = java.util.Objects.requireNonNull(version);
    }

    public ProtocolVersion version() {
        return version;
    }

    /** The payload size of {@code command}'s request in this version. */
    public int requestPayloadSize(Command command) {
        return switch (command) {
            case CONNECT -> 4;
            case MOVE -> version.moveRequestSize();
            case STOP_MOVE, AUTOMATIC_ERROR_RECOVERY, GET_ROBOT_MODEL -> 0;
            case SET_COLLISION_BEHAVIOR -> (4 * 7 + 4 * 6) * 8;
            case SET_JOINT_IMPEDANCE -> 7 * 8;
            case SET_CARTESIAN_IMPEDANCE -> 6 * 8;
            case SET_GUIDING_MODE -> 7;
            case SET_EE_TO_K, SET_NE_TO_EE -> 16 * 8;
            case SET_LOAD -> 13 * 8;
            case LOAD_MODEL_LIBRARY -> 2;
        };
    }

    /** The whole request message (header and payload), position 0, ready to write. */
    public ByteBuffer encodeRequest(long commandId, FciRequest request) {
        int id = request.command().id(version);
        if (id < 0) {
            throw new IllegalArgumentException(request.command().wireName() + " does not exist in " + version);
        }
        int size = CommandHeader.SIZE + requestPayloadSize(request.command());
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        new CommandHeader(id, commandId, size).write(b);
        if (request instanceof FciRequest.Connect c) {
            b.putShort((short) c.version()).putShort((short) c.udpPort());
        } else if (request instanceof FciRequest.Move m) {
            b.putInt(m.controllerMode().ordinal()).putInt(m.motionGeneratorMode().ordinal());
            putDeviation(b, m.maximumPathDeviation());
            putDeviation(b, m.maximumGoalPoseDeviation());
            if (version == ProtocolVersion.V10) {
                b.put((byte) (m.useAsyncMotionGenerator() ? 1 : 0));
                put(b, m.maximumVelocity());
            }
        } else if (request instanceof FciRequest.SetCollisionBehavior s) {
            put(b, s.lowerTorqueThresholdsAcceleration());
            put(b, s.upperTorqueThresholdsAcceleration());
            put(b, s.lowerTorqueThresholdsNominal());
            put(b, s.upperTorqueThresholdsNominal());
            put(b, s.lowerForceThresholdsAcceleration());
            put(b, s.upperForceThresholdsAcceleration());
            put(b, s.lowerForceThresholdsNominal());
            put(b, s.upperForceThresholdsNominal());
        } else if (request instanceof FciRequest.SetJointImpedance s) {
            put(b, s.kTheta());
        } else if (request instanceof FciRequest.SetCartesianImpedance s) {
            put(b, s.kX());
        } else if (request instanceof FciRequest.SetGuidingMode s) {
            for (boolean g : s.guidingMode()) {
                b.put((byte) (g ? 1 : 0));
            }
            b.put((byte) (s.nullspace() ? 1 : 0));
        } else if (request instanceof FciRequest.SetEeToK s) {
            put(b, s.eeTK());
        } else if (request instanceof FciRequest.SetNeToEe s) {
            put(b, s.neTEe());
        } else if (request instanceof FciRequest.SetLoad s) {
            b.putDouble(s.mLoad());
            put(b, s.fXCload());
            put(b, s.iLoad());
        } else if (request instanceof FciRequest.LoadModelLibrary l) {
            b.put((byte) l.architecture()).put((byte) l.system());
        }
        return b.flip();
    }

    /**
     * Decodes a request whose header was read: {@code payload} holds exactly the header's payload bytes.
     *
     * @throws FciProtocolException naming the field: unknown command, a size field that does not match the
     *                              command, a value that is not finite or out of range
     */
    public FciRequest decodeRequest(CommandHeader header, ByteBuffer payload) {
        Command command = Command.of(header.command(), version);
        int expected = requestPayloadSize(command);
        if (header.payloadSize() != expected) {
            throw new FciProtocolException(command.wireName() + " request: size=" + header.size() + ", expected "
                    + (CommandHeader.SIZE + expected) + " for " + version);
        }
        if (payload.remaining() != expected) {
            throw new FciProtocolException(command.wireName() + " request: " + payload.remaining()
                    + " payload bytes, expected " + expected);
        }
        ByteBuffer b = payload.slice().order(ByteOrder.LITTLE_ENDIAN);
        String name = command.wireName();
        return switch (command) {
            case CONNECT -> new FciRequest.Connect(Short.toUnsignedInt(b.getShort()),
                    Short.toUnsignedInt(b.getShort()));
            case MOVE -> {
                long controller = Integer.toUnsignedLong(b.getInt());
                long generator = Integer.toUnsignedLong(b.getInt());
                if (controller >= MoveControllerMode.values().length) {
                    throw new FciProtocolException("Move request: controller_mode=" + controller
                            + " is not a controller mode (expected 0..2)");
                }
                if (generator >= MoveMotionGeneratorMode.values().length) {
                    throw new FciProtocolException("Move request: motion_generator_mode=" + generator
                            + " is not a motion generator mode (expected 0..4)");
                }
                Deviation path = deviation(b, "maximum_path_deviation");
                Deviation goal = deviation(b, "maximum_goal_pose_deviation");
                boolean async = false;
                double[] velocity = new double[7];
                if (version == ProtocolVersion.V10) {
                    async = bool(b, "Move request: use_async_motion_generator");
                    get(b, velocity, name, "maximum_velocity");
                }
                yield new FciRequest.Move(MoveControllerMode.values()[(int) controller],
                        MoveMotionGeneratorMode.values()[(int) generator], path, goal, async, velocity);
            }
            case SET_COLLISION_BEHAVIOR -> new FciRequest.SetCollisionBehavior(
                    get(b, new double[7], name, "lower_torque_thresholds_acceleration"),
                    get(b, new double[7], name, "upper_torque_thresholds_acceleration"),
                    get(b, new double[7], name, "lower_torque_thresholds_nominal"),
                    get(b, new double[7], name, "upper_torque_thresholds_nominal"),
                    get(b, new double[6], name, "lower_force_thresholds_acceleration"),
                    get(b, new double[6], name, "upper_force_thresholds_acceleration"),
                    get(b, new double[6], name, "lower_force_thresholds_nominal"),
                    get(b, new double[6], name, "upper_force_thresholds_nominal"));
            case SET_JOINT_IMPEDANCE -> new FciRequest.SetJointImpedance(get(b, new double[7], name, "K_theta"));
            case SET_CARTESIAN_IMPEDANCE -> new FciRequest.SetCartesianImpedance(get(b, new double[6], name, "K_x"));
            case SET_GUIDING_MODE -> {
                boolean[] mode = new boolean[6];
                for (int i = 0; i < 6; i++) {
                    mode[i] = bool(b, "SetGuidingMode request: guiding_mode[" + i + "]");
                }
                yield new FciRequest.SetGuidingMode(mode, bool(b, "SetGuidingMode request: nullspace"));
            }
            case SET_EE_TO_K -> new FciRequest.SetEeToK(get(b, new double[16], name, "EE_T_K"));
            case SET_NE_TO_EE -> new FciRequest.SetNeToEe(get(b, new double[16], name, "NE_T_EE"));
            case SET_LOAD -> new FciRequest.SetLoad(get(b, new double[1], name, "m_load")[0],
                    get(b, new double[3], name, "F_x_Cload"), get(b, new double[9], name, "I_load"));
            case LOAD_MODEL_LIBRARY -> new FciRequest.LoadModelLibrary(Byte.toUnsignedInt(b.get()),
                    Byte.toUnsignedInt(b.get()));
            case STOP_MOVE, AUTOMATIC_ERROR_RECOVERY, GET_ROBOT_MODEL -> new FciRequest.Empty(command);
        };
    }

    /** The whole response message, position 0, ready to write. */
    public ByteBuffer encodeResponse(FciResponse response) {
        int id = response.command().id(version);
        if (id < 0) {
            throw new IllegalArgumentException(response.command().wireName() + " does not exist in " + version);
        }
        byte[] data = response.data();
        int size = CommandHeader.SIZE + 1 + (response.command() == Command.CONNECT ? 2 : 0) + data.length;
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        new CommandHeader(id, response.commandId(), size).write(b);
        b.put((byte) response.status().code());
        if (response.command() == Command.CONNECT) {
            b.putShort((short) response.version());
        }
        b.put(data);
        return b.flip();
    }

    /**
     * Decodes a response whose header was read: {@code payload} holds exactly the header's payload bytes.
     *
     * @throws FciProtocolException naming the field: unknown command, wrong size, unknown status
     */
    public FciResponse decodeResponse(CommandHeader header, ByteBuffer payload) {
        Command command = Command.of(header.command(), version);
        boolean variable = command == Command.GET_ROBOT_MODEL || command == Command.LOAD_MODEL_LIBRARY;
        int fixed = 1 + (command == Command.CONNECT ? 2 : 0);
        if (variable ? header.payloadSize() < fixed : header.payloadSize() != fixed) {
            throw new FciProtocolException(command.wireName() + " response: size=" + header.size() + ", expected "
                    + (variable ? "at least " : "") + (CommandHeader.SIZE + fixed));
        }
        if (payload.remaining() != header.payloadSize()) {
            throw new FciProtocolException(command.wireName() + " response: " + payload.remaining()
                    + " payload bytes, expected " + header.payloadSize());
        }
        ByteBuffer b = payload.slice().order(ByteOrder.LITTLE_ENDIAN);
        int code = Byte.toUnsignedInt(b.get());
        StatusCode[] statuses = command.statuses();
        if (code >= statuses.length) {
            throw new FciProtocolException(command.wireName() + " response: status=" + code + " is not a status"
                    + " (expected 0.." + (statuses.length - 1) + ")");
        }
        int robotVersion = command == Command.CONNECT ? Short.toUnsignedInt(b.getShort()) : -1;
        byte[] data = new byte[b.remaining()];
        b.get(data);
        return new FciResponse(command, header.commandId(), statuses[code], robotVersion, data);
    }

    private static void putDeviation(ByteBuffer b, Deviation d) {
        b.putDouble(d.translation()).putDouble(d.rotation()).putDouble(d.elbow());
    }

    private static Deviation deviation(ByteBuffer b, String field) {
        double[] v = get(b, new double[3], "Move", field);
        return new Deviation(v[0], v[1], v[2]);
    }

    private static void put(ByteBuffer b, double[] values) {
        for (double v : values) {
            b.putDouble(v);
        }
    }

    private static double[] get(ByteBuffer b, double[] values, String command, String field) {
        for (int i = 0; i < values.length; i++) {
            double v = b.getDouble();
            if (!Double.isFinite(v)) {
                throw new FciProtocolException(command + " request: " + field + "[" + i + "]=" + v
                        + " is not a finite number");
            }
            values[i] = v;
        }
        return values;
    }

    private static boolean bool(ByteBuffer b, String field) {
        byte v = b.get();
        if (v != 0 && v != 1) {
            throw new FciProtocolException(field + "=" + v + " is not a bool (expected 0 or 1)");
        }
        return v == 1;
    }
}
