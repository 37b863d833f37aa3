package org.robocell.foxglove.internal;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.java_websocket.client.WebSocketClient;
import org.java_websocket.drafts.Draft;
import org.java_websocket.drafts.Draft_6455;
import org.java_websocket.handshake.ServerHandshake;
import org.java_websocket.protocols.Protocol;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** A WebSocket client on loopback that keeps what the server sends, for the tests to wait on (bounded). */
final class TestClient extends WebSocketClient {

    /** A Message Data frame as received. */
    record Data(int subscriptionId, long timestamp, JsonObject payload) {
    }

    final BlockingQueue<JsonObject> texts = new LinkedBlockingQueue<>();
    final BlockingQueue<Data> data = new LinkedBlockingQueue<>();
    volatile int closeCode;

    TestClient(int port, String path, Draft draft) {
        super(URI.create("ws://127.0.0.1:" + port + path), draft);
    }

    static TestClient foxglove(int port, String path) {
        return new TestClient(port, path,
                new Draft_6455(List.of(), List.of(new Protocol(ServerMessages.SUBPROTOCOL))));
    }

    @Override
    public void onOpen(ServerHandshake handshake) {
    }

    @Override
    public void onMessage(String message) {
        texts.add(JsonParser.parseString(message).getAsJsonObject());
    }

    @Override
    public void onMessage(ByteBuffer bytes) {
        ByteBuffer b = bytes.order(ByteOrder.LITTLE_ENDIAN);
        if (b.get() != MessageFrames.MESSAGE_DATA) {
            return;
        }
        int sub = b.getInt();
        long ts = b.getLong();
        byte[] payload = new byte[b.remaining()];
        b.get(payload);
        data.add(new Data(sub, ts, JsonParser.parseString(new String(payload, StandardCharsets.UTF_8)).getAsJsonObject()));
    }

    @Override
    public void onClose(int code, String reason, boolean remote) {
        closeCode = code;
    }

    @Override
    public void onError(Exception ex) {
    }

    /** The next text message with this op that passes the test (others are skipped); fails after 20 s. */
    JsonObject await(String op, Predicate<JsonObject> test) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            JsonObject o = texts.poll(100, TimeUnit.MILLISECONDS);
            if (o != null && op.equals(o.get("op").getAsString()) && test.test(o)) {
                return o;
            }
        }
        throw new AssertionError("no '" + op + "' message as expected within 20 s");
    }

    /** The oldest message of a subscription not taken yet (those of other subscriptions stay); fails after 20 s. */
    Data awaitData(int subscriptionId) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            for (Data d : data) {
                if (d.subscriptionId() == subscriptionId && data.remove(d)) {
                    return d;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no message for subscription " + subscriptionId + " within 20 s");
    }

    void send(JsonObject o) {
        send(o.toString());
    }
}
