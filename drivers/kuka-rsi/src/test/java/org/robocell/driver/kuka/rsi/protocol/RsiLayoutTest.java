package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class RsiLayoutTest {

    @Test
    void channelNamesMustBeXmlNames() {
        for (String bad : List.of("GPIO.01", "9X", "-X", "Tech.-T1", "A B", "A.B.C", "Tech.T21:x", "Tech.T21:9")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RsiChannelMap.defaults().withInputs(List.of(bad)).robotLayout(), bad);
            assertTrue(e.getMessage().contains("RSI"), e.getMessage());
        }
        RsiLayout ok = RsiChannelMap.defaults().withInputs(List.of("Digout.o1", "_x", "Tech.T21-b:2")).robotLayout();
        assertEquals(2, ok.decimals(ok.indexOf("Tech.T21-b")));
    }

    @Test
    void errorMessagesQuoteWhatWasWrittenOnOnePrintableLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RsiChannelMap.defaults().withInputs(List.of("Dig\nout\u001b[2J.o1")).robotLayout());
        assertEquals("RSI element 'Dig\\u000aout\\u001b[2J' must start with a letter or '_' and contain only letters, "
                + "digits, '_' and '-'", e.getMessage());
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> CorrectionMode.parse("rel\native"));
        assertFalse(mode.getMessage().contains("\n"), mode.getMessage());
        IllegalArgumentException longName = assertThrows(IllegalArgumentException.class,
                () -> RsiChannelMap.defaults().withInputs(List.of("x".repeat(10_000) + ":q")).robotLayout());
        assertTrue(longName.getMessage().length() < 200, longName.getMessage());
    }

    @Test
    void theProtocolsOwnChannelsAreWholeNumbersInTheirRange() {
        RsiLayout robot = RsiChannelMap.defaults().robotLayout();
        RsiLayout reply = RsiChannelMap.defaults().replyLayout();
        int ipoc = robot.indexOf("IPOC");
        assertTrue(robot.isInteger(ipoc));
        assertTrue(robot.accepts(ipoc, 0) && robot.accepts(ipoc, RsiLayout.MAX_VALUE));
        assertFalse(robot.accepts(ipoc, -4) || robot.accepts(ipoc, 1.5));
        assertFalse(robot.accepts(robot.indexOf("Delay.D"), -1));
        int stop = reply.indexOf("Stop");
        assertTrue(reply.accepts(stop, 0) && reply.accepts(stop, 1));
        assertFalse(reply.accepts(stop, 2) || reply.accepts(stop, 0.5));
        int a1 = robot.indexOf("AIPos.A1");
        assertTrue(robot.accepts(a1, -123.456789) && !robot.isInteger(a1));
        assertFalse(robot.accepts(a1, Double.NaN) || robot.accepts(a1, 1e13));
    }
}
