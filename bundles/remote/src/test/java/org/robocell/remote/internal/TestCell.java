package org.robocell.remote.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ClientChannel;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.robocell.console.ShellRunner;

/**
 * A cell without OSGi for the SSH tests: a real Gogo command processor with a few test commands, the SSH server on
 * an ephemeral loopback port, and an SSHD client.
 */
final class TestCell implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** Commands the tests run over SSH. */
    public static final class Commands {
        final List<String> calls = new CopyOnWriteArrayList<>();

        public String hello(String name) {
            calls.add("hello " + name);
            return "hello " + name;
        }

        public void fail() {
            calls.add("fail");
            throw new IllegalStateException("the arm is not homed");
        }

        public void print(String text) {
            System.out.println(text);
        }
    }

    final Path root;
    final Path deploy;
    final Path authorizedKeys;
    final Path hostKey;
    final Commands commands = new Commands();
    final ThreadIOImpl threadIO = new ThreadIOImpl();
    final CommandProcessorImpl processor;
    final RemoteSshServer server;
    final SshClient client = SshClient.setUpDefaultClient();
    final List<PublicKey> hostKeysSeen = new CopyOnWriteArrayList<>();

    TestCell(Path root, Supplier<ShellRunner> shell, KeyPair... authorized) throws Exception {
        this(root, shell, SshLimits.DEFAULTS, authorized);
    }

    TestCell(Path root, Supplier<ShellRunner> shell, SshLimits limits, KeyPair... authorized) throws Exception {
        this.root = root;
        this.deploy = root.resolve("deploy");
        this.authorizedKeys = root.resolve("etc/authorized_keys");
        this.hostKey = root.resolve("etc/host.key");
        authorize(authorized);
        threadIO.start();
        processor = new CommandProcessorImpl(threadIO);
        for (String f : List.of("hello", "fail", "print")) {
            processor.addCommand("test", commands, f);
        }
        server = new RemoteSshServer(new SshSettings("127.0.0.1", 0, authorizedKeys, hostKey, deploy,
                Duration.ofMinutes(5), limits), processor, shell);
        try {
            server.start();
        } catch (Exception | Error e) {
            threadIO.stop();
            throw e;
        }
        client.setServerKeyVerifier((session, address, key) -> hostKeysSeen.add(key));
        client.start();
    }

    void authorize(KeyPair... keys) throws IOException {
        Files.createDirectories(authorizedKeys.getParent());
        StringBuilder text = new StringBuilder("# the keys that may log in\n");
        for (KeyPair k : keys) {
            text.append(PublicKeyEntry.toString(k.getPublic())).append(" test@robocell\n");
        }
        Files.writeString(authorizedKeys, text);
    }

    /** Writes authorized_keys as given (owner-only, as an operator should). */
    void writeAuthorizedKeys(String text) throws IOException {
        Files.writeString(authorizedKeys, text);
    }

    /** A connection from a given loopback address (127.0.0.0/8), for from="..." and per-address limits. */
    ClientSession connectFrom(String localAddress, String user) throws IOException {
        return client.connect(user, new java.net.InetSocketAddress("127.0.0.1", server.port()),
                new java.net.InetSocketAddress(localAddress, 0)).verify(TIMEOUT).getSession();
    }

    ClientSession loginFrom(String localAddress, KeyPair key) throws IOException {
        ClientSession session = connectFrom(localAddress, "operator");
        session.addPublicKeyIdentity(key);
        session.auth().verify(TIMEOUT);
        return session;
    }

    ClientSession connect(String user) throws IOException {
        return client.connect(user, "127.0.0.1", server.port()).verify(TIMEOUT).getSession();
    }

    ClientSession login(KeyPair key) throws IOException {
        ClientSession session = connect("operator");
        session.addPublicKeyIdentity(key);
        session.auth().verify(TIMEOUT);
        return session;
    }

    record Result(Integer status, String out, String err) {
    }

    static Result exec(ClientSession session, String command) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ClientChannel channel = session.createExecChannel(command)) {
            channel.setOut(out);
            channel.setErr(err);
            channel.open().verify(TIMEOUT);
            channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), TIMEOUT);
            channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
            return new Result(channel.getExitStatus(), out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        }
    }

    @Override
    public void close() throws IOException {
        client.stop();
        server.close();
        threadIO.stop();
    }
}
