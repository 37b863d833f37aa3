package org.robocell.driver.franka.gripper.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Encodes and decodes the messages of the gripper's command channel. A request's payload must be exactly its
 * command's size; a response may be longer than its fixed part, as libfranka accepts ({@code Network::
 * tcpBlockingReceiveResponse} refuses only a shorter one) and the rest is ignored.
 */
public final class GripperCodec {

    /** {@code research_interface::gripper::kVersion}. */
    public static final int VERSION = 3;

    /** {@code research_interface::gripper::kCommandPort}. */
    public static final int COMMAND_PORT = 1338;

    private GripperCodec() {
    }

    /** The whole message (header and payload), ready to write. */
    public static ByteBuffer encode(GripperRequest r) {
        int size = GripperHeader.SIZE + r.command().requestPayload();
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        new GripperHeader(r.command(), r.commandId(), size).write(b);
        switch (r.command()) {
            case CONNECT -> b.putShort((short) r.version()).putShort((short) r.udpPort());
            case GRASP -> b.putDouble(r.width()).putDouble(r.epsilonInner()).putDouble(r.epsilonOuter())
                    .putDouble(r.speed()).putDouble(r.force());
            case MOVE -> b.putDouble(r.width()).putDouble(r.speed());
            case HOMING, STOP -> {
                // no payload
            }
        }
        return b.flip();
    }

    /**
     * The request a header and its payload (the {@link GripperHeader#payloadSize()} bytes after it) carry.
     *
     * @throws GripperProtocolException when the payload is not the command's size
     */
    public static GripperRequest decodeRequest(GripperHeader header, ByteBuffer payload) {
        GripperCommand c = header.command();
        if (header.payloadSize() != c.requestPayload() || payload.remaining() != c.requestPayload()) {
            throw new GripperProtocolException(c.wireName() + " request: size=" + header.size() + ", expected "
                    + (GripperHeader.SIZE + c.requestPayload()));
        }
        payload.order(ByteOrder.LITTLE_ENDIAN);
        long id = header.commandId();
        return switch (c) {
            case CONNECT -> GripperRequest.connect(id, Short.toUnsignedInt(payload.getShort()),
                    Short.toUnsignedInt(payload.getShort()));
            case HOMING -> GripperRequest.homing(id);
            case GRASP -> {
                double width = payload.getDouble();
                double inner = payload.getDouble();
                double outer = payload.getDouble();
                double speed = payload.getDouble();
                yield GripperRequest.grasp(id, width, inner, outer, speed, payload.getDouble());
            }
            case MOVE -> {
                double width = payload.getDouble();
                yield GripperRequest.move(id, width, payload.getDouble());
            }
            case STOP -> GripperRequest.stop(id);
        };
    }

    /** The whole response message, ready to write. */
    public static ByteBuffer encode(GripperResponse r) {
        int size = GripperHeader.SIZE + r.command().responsePayload();
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        new GripperHeader(r.command(), r.commandId(), size).write(b);
        b.putShort((short) r.statusCode());
        if (r.command() == GripperCommand.CONNECT) {
            b.putShort((short) r.version());
        }
        return b.flip();
    }

    /**
     * The response a header and its payload carry. The status is kept as its wire value: {@link
     * GripperResponse#status()} refuses an unknown one.
     *
     * @throws GripperProtocolException when the payload is shorter than the command's response
     */
    public static GripperResponse decodeResponse(GripperHeader header, ByteBuffer payload) {
        GripperCommand c = header.command();
        if (header.payloadSize() < c.responsePayload() || payload.remaining() < c.responsePayload()) {
            throw new GripperProtocolException(c.wireName() + " response: size=" + header.size() + ", expected at"
                    + " least " + (GripperHeader.SIZE + c.responsePayload()));
        }
        payload.order(ByteOrder.LITTLE_ENDIAN);
        int status = Short.toUnsignedInt(payload.getShort());
        int version = c == GripperCommand.CONNECT ? Short.toUnsignedInt(payload.getShort()) : 0;
        return new GripperResponse(c, header.commandId(), status, version);
    }
}
