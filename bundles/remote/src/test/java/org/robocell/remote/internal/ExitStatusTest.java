package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.ChannelListener;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client like OpenSSH's ssh with nothing on its stdin: it sends its EOF at once and closes the channel as soon as
 * the server's EOF arrives. Each command's exit status must reach it all the same: the server sends the status
 * before its EOF, as sshd does (sent after, it was dropped whenever the client's close came first: ssh exited 255).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ExitStatusTest {

    private static final int COMMANDS = 50;

    @TempDir
    Path dir;

    @Test
    void aClientThatClosesOnTheServersEofGetsEveryExitStatus() throws Exception {
        KeyPair key = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        try (TestCell cell = new TestCell(dir, () -> null, key); ClientSession session = cell.login(key)) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < COMMANDS; i++) {
                String command = i % 2 == 0 ? "test:hello n" + i : "test:fail";
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                java.util.concurrent.atomic.AtomicReference<Integer> statusAtEof = new java.util.concurrent.atomic.AtomicReference<>();
                try (ChannelExec exec = session.createExecChannel(command)) {
                    exec.setOut(out);
                    exec.setErr(new ByteArrayOutputStream());
                    exec.addChannelListener(new ChannelListener() {
                        @Override
                        public void channelStateChanged(Channel channel, String hint) {
                            if ("SSH_MSG_CHANNEL_EOF".equals(hint)) {
                                statusAtEof.set(((ChannelExec) channel).getExitStatus());
                                channel.close(false); // what ssh does once its stdin and the server's output ended
                            }
                        }
                    });
                    exec.open().verify(TestCell.TIMEOUT);
                    exec.getInvertedIn().close(); // stdin: /dev/null
                    exec.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TestCell.TIMEOUT);
                    Integer expected = i % 2 == 0 ? 0 : 1;
                    if (!expected.equals(statusAtEof.get()) || !expected.equals(exec.getExitStatus())) {
                        missing.add(command + " -> " + statusAtEof.get() + " at the server's EOF, "
                                + exec.getExitStatus() + " at the end; output '" + out.toString(StandardCharsets.UTF_8).strip() + "'");
                    }
                }
            }
            assertEquals(List.of(), missing, "commands whose exit status did not arrive before the server's EOF");
        }
    }
}
