package org.robocell.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.security.KeyPair;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lines of authorized_keys as operators write them, and as sshd(8) reads their options. */
class AuthorizedKeyLineTest {

    static String key;
    static KeyPair pair;

    @BeforeAll
    static void key() throws Exception {
        pair = KeyUtils.generateKeyPair(KeyPairProviderTypes.ED25519, 256);
        key = PublicKeyEntry.toString(pair.getPublic());
    }

    private static AuthorizedKeyLine parse(String line) throws AuthorizedKeyLine.Unusable {
        return AuthorizedKeyLine.parse(line, 7);
    }

    @Test
    void aPlainKeyHasNoOptions() throws Exception {
        AuthorizedKeyLine line = parse(key + " operator@laptop");
        assertTrue(KeyUtils.compareKeys(pair.getPublic(), line.key()));
        assertEquals(KeyOptions.NONE, line.options());
        assertEquals(7, line.line());
    }

    @Test
    void commentsAndBlankLinesAreNotKeys() throws Exception {
        assertNull(parse("# the operators' keys"));
        assertNull(parse("   "));
    }

    @Test
    void aForcedCommandKeepsItsCommasSpacesAndEscapedQuotes() throws Exception {
        AuthorizedKeyLine line = parse("command=\"trajectory:move -d 2 jtc 0.1,0.2 \\\"x y\\\"\",no-pty " + key);
        assertEquals("trajectory:move -d 2 jtc 0.1,0.2 \"x y\"", line.options().command());
        assertTrue(line.options().noPty());
        assertTrue(KeyUtils.compareKeys(pair.getPublic(), line.key()));
    }

    @Test
    void fromRestrictsTheAddresses() throws Exception {
        AuthorizedKeyLine line = parse("from=\"10.0.0.0/8,!10.0.0.66\" " + key + " plc");
        assertNotNull(line.options().from());
        assertTrue(line.options().from().allows(InetAddress.getByName("10.1.1.1")));
        assertFalse(line.options().from().allows(InetAddress.getByName("10.0.0.66")));
    }

    @Test
    void restrictRefusesTheTerminalUnlessPtyFollowsIt() throws Exception {
        assertTrue(parse("restrict " + key).options().noPty());
        assertFalse(parse("restrict,pty " + key).options().noPty());
        assertTrue(parse("pty,restrict " + key).options().noPty());
    }

    @ParameterizedTest
    @ValueSource(strings = { "no-port-forwarding", "no-agent-forwarding", "no-X11-forwarding", "no-user-rc",
            "permitopen=\"localhost:80\"", "permitlisten=\"8080\"", "NO-PORT-FORWARDING,No-Pty" })
    void optionsThatOnlyTakeAwayWhatRoboCellNeverGivesAreAccepted(String options) throws Exception {
        assertNotNull(parse(options + " " + key));
    }

    @ParameterizedTest
    @ValueSource(strings = { "environment=\"PATH=/tmp\"", "expiry-time=\"20300101\"", "principals=\"op\"",
            "cert-authority", "tunnel=\"0\"", "port-forwarding", "agent-forwarding", "X11-forwarding", "user-rc",
            "no-touch-required", "verify-required", "frobnicate" })
    void anOptionRoboCellDoesNotImplementMakesTheKeyUnusableAndIsNamed(String option) {
        AuthorizedKeyLine.Unusable e = assertThrows(AuthorizedKeyLine.Unusable.class,
                () -> parse("no-pty," + option + " " + key));
        assertEquals(KeyOptions.Problem.UNSUPPORTED, e.problem);
        assertTrue(e.getMessage().contains("'" + option.split("=")[0].toLowerCase() + "'"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = { "command=trajectory:move", "command=\"unclosed", "from=\"10.0.0.1/8\"",
            "from=\"a\",from=\"b\"", "command=\"a\",command=\"b\"", "command=\"\"", "no-pty=\"yes\"", "from",
            "no-pty,,restrict", "no-pty;restrict" })
    void malformedOptionsMakeTheKeyUnusable(String options) {
        AuthorizedKeyLine.Unusable e = assertThrows(AuthorizedKeyLine.Unusable.class, () -> parse(options + " " + key));
        assertEquals(KeyOptions.Problem.MALFORMED, e.problem, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = { "ssh-ed25519 not-base64", "ssh-ed25519", "ssh-dss AAAAB3NzaC1kc3MAAACBAP", "hello world",
            "no-pty" })
    void aLineThatIsNoKeyIsUnusable(String text) {
        assertThrows(AuthorizedKeyLine.Unusable.class, () -> parse(text));
    }
}
