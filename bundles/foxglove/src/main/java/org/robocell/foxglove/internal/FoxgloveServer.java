package org.robocell.foxglove.internal;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.java_websocket.WebSocket;
import org.java_websocket.drafts.Draft_6455;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.protocols.Protocol;
import org.java_websocket.server.WebSocketServer;

/**
 * The WebSocket side of {@code foxglove.websocket.v1}: a client must offer that subprotocol (ws-protocol
 * docs/spec.md, "Protocol overview"), gets Server Info and the advertised channels on connecting, subscribes, and
 * gets and sets parameters. Message data reaches each client through its {@link ClientSession}'s bounded outbox.
 */
final class FoxgloveServer extends WebSocketServer implements TopicSource.Sink {

    private static final System.Logger LOG = System.getLogger("org.robocell.foxglove");
    /** The largest message a client may send (a setParameters with a long list is a few kB). */
    static final int MAX_CLIENT_FRAME = 1 << 20;

    private final FoxgloveSettings settings;
    private final ControlPolicy policy;
    private final ChannelTable channels;
    private final ParameterBridge parameters;
    private final String sessionId = UUID.randomUUID().toString();
    private final Set<ClientSession> sessions = ConcurrentHashMap.newKeySet();
    /** The newest message of latched topics (robot descriptions), sent at once to a new subscriber. */
    private final Map<Integer, byte[]> latched = new ConcurrentHashMap<>();
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile Exception startFailure;

    FoxgloveServer(FoxgloveSettings settings, ChannelTable channels, ParameterBridge parameters) {
        super(new InetSocketAddress(settings.host(), settings.port()),
                List.of(new Draft_6455(List.of(), List.of(new Protocol(ServerMessages.SUBPROTOCOL)), MAX_CLIENT_FRAME)));
        this.settings = settings;
        this.policy = new ControlPolicy(settings.loopbackOnly(), settings.token());
        this.channels = channels;
        this.parameters = parameters;
        setReuseAddr(true);
        setDaemon(true);
    }

    /** The port could not be bound: one line that names the address, no stack trace. */
    static final class ListenFailure extends Exception {

        private static final long serialVersionUID = 1L;

        ListenFailure(String message) {
            super(message, null, false, false);
        }
    }

    /** Starts listening; waits (bounded) until the port is bound. */
    void startAndWait() throws Exception {
        start();
        if (!started.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the server did not start listening within 10 s");
        }
        if (startFailure != null) {
            throw new ListenFailure("cannot listen on " + settings.host() + ":" + settings.port() + ": "
                    + startFailure.getMessage());
        }
    }

    @Override
    public void onStart() {
        started.countDown();
    }

    @Override
    public void onOpen(WebSocket conn, ClientHandshake handshake) {
        ControlPolicy.Grant grant = policy.grant(handshake.getResourceDescriptor());
        ClientSession session = new ClientSession(conn, ControlPolicy.mayControl(grant), settings.queue());
        conn.setAttachment(session);
        sessions.add(session);
        session.sendText(ServerMessages.serverInfo("RoboCell", true, sessionId));
        if (grant == ControlPolicy.Grant.WRONG_TOKEN || grant == ControlPolicy.Grant.NO_TOKEN_CONFIGURED) {
            session.sendText(ServerMessages.status(ServerMessages.Level.WARNING, grant == ControlPolicy.Grant.WRONG_TOKEN
                    ? "read-only: the token in the URL (?token=...) is missing or wrong; setting parameters is refused"
                    : "read-only: the server listens beyond loopback and no token is configured; setting parameters is refused"));
        }
        session.advertise(channels.entries());
    }

    @Override
    public void onClose(WebSocket conn, int code, String reason, boolean remote) {
        if (conn.getAttachment() instanceof ClientSession s) {
            sessions.remove(s);
        }
    }

    @Override
    public void onMessage(WebSocket conn, String message) {
        if (!(conn.getAttachment() instanceof ClientSession session)) {
            return;
        }
        try {
            handle(session, ClientRequest.parse(message));
        } catch (ClientRequest.Invalid bad) {
            session.sendText(ServerMessages.status(ServerMessages.Level.ERROR, bad.getMessage()));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "Foxglove request failed: " + e, e);
            session.sendText(ServerMessages.status(ServerMessages.Level.ERROR, "request failed: " + e));
        }
    }

    private void handle(ClientSession session, ClientRequest request) {
        if (request instanceof ClientRequest.Subscribe s) {
            for (ClientRequest.Subscription sub : s.subscriptions()) {
                String refused = session.subscribe(sub.id(), sub.channelId(), channels);
                if (refused != null) {
                    session.sendText(ServerMessages.status(ServerMessages.Level.WARNING, refused));
                    continue;
                }
                byte[] last = latched.get(sub.channelId());
                if (last != null) {
                    session.offer(sub.channelId(), Json.epochNanos(), last);
                }
            }
        } else if (request instanceof ClientRequest.Unsubscribe u) {
            u.subscriptionIds().forEach(session::unsubscribe);
        } else if (request instanceof ClientRequest.GetParameters g) {
            session.sendText(ServerMessages.parameterValues(parameters.get(g.names()), g.id()));
        } else if (request instanceof ClientRequest.SetParameters s) {
            if (!session.mayControl()) {
                session.sendText(ServerMessages.status(ServerMessages.Level.ERROR,
                        "setParameters refused: this client may not change the cell (connect with ?token=...)"));
            } else {
                for (String error : parameters.set(s.parameters())) {
                    session.sendText(ServerMessages.status(ServerMessages.Level.ERROR, error));
                }
            }
            if (s.id() != null) {
                session.sendText(ServerMessages.parameterValues(
                        parameters.get(s.parameters().stream().map(ParameterBridge.Parameter::name).toList()), s.id()));
            }
        }
    }

    @Override
    public void onMessage(WebSocket conn, ByteBuffer message) {
        if (conn.getAttachment() instanceof ClientSession session) {
            session.sendText(ServerMessages.status(ServerMessages.Level.ERROR,
                    "binary client messages (client publishing, service calls) are not served here"));
        }
    }

    @Override
    public void onError(WebSocket conn, Exception ex) {
        if (conn == null) {
            startFailure = ex;
            started.countDown();
        } else {
            LOG.log(System.Logger.Level.DEBUG, "Foxglove client " + conn.getRemoteSocketAddress() + ": " + ex);
        }
    }

    /** Tells every client about channels that came and went. */
    void announce(ChannelTable.Diff diff) {
        if (diff.isEmpty()) {
            return;
        }
        diff.removed().forEach(latched::remove);
        for (ClientSession s : sessions) {
            s.unadvertise(diff.removed());
            s.advertise(diff.added());
        }
    }

    @Override
    public boolean wanted(String topic) {
        int id = channels.id(topic);
        if (id < 0) {
            return false;
        }
        for (ClientSession s : sessions) {
            if (s.subscribed(id)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void publish(String topic, long epochNanos, byte[] payload) {
        int id = channels.id(topic);
        if (id < 0) {
            return;
        }
        if (topic.endsWith("/robot_description")) {
            latched.put(id, payload);
        }
        for (ClientSession s : sessions) {
            s.offer(id, epochNanos, payload);
        }
    }

    void flushAll() {
        sessions.forEach(ClientSession::flush);
    }

    /** Messages dropped for slow clients, over the connected clients. */
    long dropped() {
        return sessions.stream().mapToLong(ClientSession::dropped).sum();
    }

    int clients() {
        return sessions.size();
    }
}
