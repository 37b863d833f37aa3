package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.java_websocket.WebSocket;
import org.java_websocket.WebSocketImpl;
import org.java_websocket.exceptions.WebsocketNotConnectedException;

/**
 * One connected client: its subscriptions, whether it may change the cell, and its {@link Outbox}. Message data
 * goes through the outbox and is handed to the socket only while the socket's own queue is short, so a client
 * that reads slowly loses old messages instead of growing the server's memory.
 */
final class ClientSession {

    /** Frames the socket may hold unsent before the outbox keeps the rest. */
    static final int SOCKET_FRAMES = 8;

    private final WebSocket socket;
    private final boolean mayControl;
    private final Outbox outbox;
    /** subscription id → channel id. */
    private final Map<Integer, Integer> subscriptions = new ConcurrentHashMap<>();
    /** channel ids this client was told about and not told to forget (guarded by this). */
    private final Set<Integer> advertised = new HashSet<>();
    /** channel ids that went away (ids are never reused), so a late advertisement cannot bring one back (guarded by this). */
    private final Set<Integer> retired = new HashSet<>();

    ClientSession(WebSocket socket, boolean mayControl, int queue) {
        this.socket = socket;
        this.mayControl = mayControl;
        this.outbox = new Outbox(queue);
    }

    boolean mayControl() {
        return mayControl;
    }

    /**
     * Adds a subscription.
     *
     * @return null, or why it was refused
     */
    String subscribe(int subscriptionId, int channelId, ChannelTable channels) {
        if (!channels.has(channelId)) {
            return "subscribe: no channel " + Integer.toUnsignedString(channelId) + " is advertised";
        }
        if (subscriptions.putIfAbsent(subscriptionId, channelId) != null) {
            return "subscribe: subscription id " + Integer.toUnsignedString(subscriptionId) + " is already in use";
        }
        return null;
    }

    boolean unsubscribe(int subscriptionId) {
        return subscriptions.remove(subscriptionId) != null;
    }

    /**
     * Tells the client about the channels it has not been told about yet. The connection's first advertisement and
     * a scan's diff can both carry a channel that appeared while the client connected: a client that subscribes on
     * every advertisement (the npm client does) would otherwise hold two subscriptions and get each message twice.
     */
    synchronized void advertise(List<ChannelTable.Entry> channels) {
        List<ChannelTable.Entry> fresh = new ArrayList<>();
        for (ChannelTable.Entry e : channels) {
            if (!retired.contains(e.id()) && advertised.add(e.id())) {
                fresh.add(e);
            }
        }
        if (!fresh.isEmpty()) {
            sendText(ServerMessages.advertise(fresh));
        }
    }

    /** Tells the client that channels went away, and drops its subscriptions to them. */
    synchronized void unadvertise(Collection<Integer> channelIds) {
        subscriptions.values().removeIf(channelIds::contains);
        List<Integer> known = new ArrayList<>();
        for (Integer id : channelIds) {
            retired.add(id);
            if (advertised.remove(id)) {
                known.add(id);
            }
        }
        if (!known.isEmpty()) {
            sendText(ServerMessages.unadvertise(known));
        }
    }

    boolean subscribed(int channelId) {
        return subscriptions.containsValue(channelId);
    }

    /** Queues a message of a channel for each subscription to it. */
    void offer(int channelId, long epochNanos, byte[] payload) {
        subscriptions.forEach((sub, ch) -> {
            if (ch == channelId) {
                outbox.offer(MessageFrames.messageData(sub, epochNanos, payload));
            }
        });
    }

    /** Hands queued messages to the socket while it has room. */
    void flush() {
        while (socketRoom()) {
            byte[] m = outbox.poll();
            if (m == null) {
                return;
            }
            try {
                socket.send(m);
            } catch (WebsocketNotConnectedException gone) {
                return;
            }
        }
    }

    private boolean socketRoom() {
        return !(socket instanceof WebSocketImpl impl) || impl.outQueue.size() < SOCKET_FRAMES;
    }

    /** A JSON message, sent at once (control messages are few and small; they are never dropped). */
    void sendText(String json) {
        try {
            socket.send(json);
        } catch (WebsocketNotConnectedException gone) {
            // closed meanwhile
        }
    }

    long dropped() {
        return outbox.dropped();
    }

    WebSocket socket() {
        return socket;
    }
}
