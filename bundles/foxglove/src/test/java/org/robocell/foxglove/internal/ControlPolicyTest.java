package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ControlPolicyTest {

    @Test
    void everyClientOfALoopbackServerMayControl() {
        ControlPolicy p = new ControlPolicy(true, "");
        assertEquals(ControlPolicy.Grant.LOOPBACK_SERVER, p.grant("/"));
        assertTrue(ControlPolicy.mayControl(p.grant("/")));
    }

    @Test
    void beyondLoopbackWithoutAConfiguredTokenNobodyMayControlNotEvenWithAnEmptyToken() {
        ControlPolicy p = new ControlPolicy(false, "");
        assertEquals(ControlPolicy.Grant.NO_TOKEN_CONFIGURED, p.grant("/?token="));
        assertFalse(ControlPolicy.mayControl(p.grant("/?token=")));
    }

    @Test
    void beyondLoopbackOnlyTheRightTokenGrantsControl() {
        ControlPolicy p = new ControlPolicy(false, "s3cret value");
        assertEquals(ControlPolicy.Grant.WRONG_TOKEN, p.grant("/"));
        assertEquals(ControlPolicy.Grant.WRONG_TOKEN, p.grant("/?token=s3cret"));
        assertEquals(ControlPolicy.Grant.WRONG_TOKEN, p.grant("/?xtoken=s3cret%20value"));
        assertEquals(ControlPolicy.Grant.WRONG_TOKEN, p.grant("/?token=%zz"));
        assertEquals(ControlPolicy.Grant.TOKEN_GIVEN, p.grant("/?a=1&token=s3cret%20value"));
    }

    @Test
    void aHostThatIsNotAnAddressOfThisMachineIsNamedInTheError() {
        FoxgloveSettings s = new FoxgloveSettings("no-such-host.invalid", 8765, 10, "", 16);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::loopbackOnly);
        assertTrue(e.getMessage().startsWith("host: 'no-such-host.invalid'"), e.getMessage());
    }

    @Test
    void settingsRefuseADecimationOrQueueBelowOneNamingTheField() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FoxgloveSettings("127.0.0.1", 8765, 0, "", 16))
                .getMessage().startsWith("decimation:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FoxgloveSettings("127.0.0.1", 8765, 1, "", 0))
                .getMessage().startsWith("queue:"));
    }
}
