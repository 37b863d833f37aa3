package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * The two public robot-side configurations, as the PC sees them on the wire. The shapes are those of
 * kuka-external-control-sdk's {@code krc_setup/kss/Config/User/Common/SensorInterface/rsi_ethernet.xml} (whose
 * client, {@code kss/src/message_builder.cc}, reads the robot's datagram by position) and of kuka_experimental's
 * {@code kuka_rsi_hw_interface/krl/KR_C4/ros_rsi_ethernet.xml}.
 */
class RsiChannelMapPresetsTest {

    private static String write(RsiLayout layout, double value) {
        double[] values = new double[layout.channelCount()];
        java.util.Arrays.fill(values, value);
        byte[] out = new byte[new RsiWriter(layout).maxLength()];
        int n = new RsiWriter(layout).write(values, out);
        return new String(out, 0, n, StandardCharsets.US_ASCII);
    }

    @Test
    void kukaDriversRobotDatagramHasTheBuiltInElementsInTheOrderTheSdkReadsThem() {
        String datagram = write(RsiChannelMap.kukaDrivers(6).robotLayout(), 1);
        assertEquals("<Rob Type=\"KUKA\">"
                + "<RIst X=\"1.0000\" Y=\"1.0000\" Z=\"1.0000\" A=\"1.0000\" B=\"1.0000\" C=\"1.0000\"/>"
                + "<AIPos A1=\"1.0000\" A2=\"1.0000\" A3=\"1.0000\" A4=\"1.0000\" A5=\"1.0000\" A6=\"1.0000\"/>"
                + "<EIPos E1=\"1.0000\" E2=\"1.0000\" E3=\"1.0000\" E4=\"1.0000\" E5=\"1.0000\" E6=\"1.0000\"/>"
                + "<Delay D=\"1\"/><IPOC>1</IPOC></Rob>", datagram);
    }

    @Test
    void kukaDriversReplyIsKroshuWithStopAxesAndExternalAxes() {
        RsiChannelMap map = RsiChannelMap.kukaDrivers(6).withExternalAxes(2, "EIPos", "EK");
        assertEquals("<Sen Type=\"KROSHU\"><Stop>0</Stop>"
                + "<AK A1=\"0.000000\" A2=\"0.000000\" A3=\"0.000000\" A4=\"0.000000\" A5=\"0.000000\" A6=\"0.000000\"/>"
                + "<EK E1=\"0.000000\" E2=\"0.000000\"/><IPOC>0</IPOC></Sen>", write(map.replyLayout(), 0));
        RsiLayout robot = map.robotLayout();
        assertTrue((robot.requiredMask() & (1L << robot.indexOf("EIPos.E2"))) != 0, "a commanded external axis must"
                + " be reported");
        assertEquals(0, robot.requiredMask() & (1L << robot.indexOf("EIPos.E3")), "the others may be absent");
    }

    @Test
    void kukaExperimentalSendsSetpointsAndTakesAxesWithoutStop() {
        RsiChannelMap map = RsiChannelMap.kukaExperimental(6);
        String datagram = write(map.robotLayout(), 2);
        assertTrue(datagram.startsWith("<Rob Type=\"KUKA\"><RIst X=\"2.0000\""), datagram);
        assertTrue(datagram.contains("/><RSol X=\"2.0000\""), datagram);
        assertTrue(datagram.contains("/><AIPos A1=\"2.0000\""), datagram);
        assertTrue(datagram.contains("/><ASPos A1=\"2.0000\""), datagram);
        assertTrue(datagram.endsWith("<Delay D=\"2\"/><IPOC>2</IPOC></Rob>"), datagram);
        assertEquals("<Sen Type=\"ImFree\">"
                + "<AK A1=\"0.000000\" A2=\"0.000000\" A3=\"0.000000\" A4=\"0.000000\" A5=\"0.000000\" A6=\"0.000000\"/>"
                + "<IPOC>0</IPOC></Sen>", write(map.replyLayout(), 0));
    }

    @Test
    void anUnknownPresetOrTooManyExternalAxesIsOneLine() {
        IllegalArgumentException preset = assertThrows(IllegalArgumentException.class,
                () -> RsiChannelMap.preset("kuka_rsi_hw_interface", 6));
        assertEquals("RSI configuration must be 'kuka_drivers' or 'kuka_experimental', got 'kuka_rsi_hw_interface'",
                preset.getMessage());
        IllegalArgumentException seven = assertThrows(IllegalArgumentException.class,
                () -> RsiChannelMap.kukaDrivers(6).withExternalAxes(7, "EIPos", "EK"));
        assertEquals("RSI carries 0 to 6 external axes (E1..E6), got 7", seven.getMessage());
    }
}
