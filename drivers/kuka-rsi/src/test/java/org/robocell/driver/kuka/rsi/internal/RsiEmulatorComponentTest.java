package org.robocell.driver.kuka.rsi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;

/** The configured emulator component sends RSI to the configured driver address until it is deactivated. */
class RsiEmulatorComponentTest {

    @Test
    void sendsTheConfiguredStartAxesToTheConfiguredPort() throws Exception {
        try (DatagramSocket pc = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            pc.setSoTimeout(5000);
            RsiEmulatorComponent component = new RsiEmulatorComponent(config(Map.of(
                    "driver_port", pc.getLocalPort(), "cycle_ms", 2.0, "start_axes_deg", "5, -80, 85, 0, 60, 10")));
            try {
                RsiLayout robot = RsiChannelMap.defaults().robotLayout();
                double[] values = new double[robot.channelCount()];
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                pc.receive(packet);
                assertTrue(new RsiParser(robot).parse(packet.getData(), 0, packet.getLength(), values));
                assertEquals(5.0, values[robot.indexOf("AIPos.A1")]);
                assertEquals(-80.0, values[robot.indexOf("AIPos.A2")]);
                assertEquals(10.0, values[robot.indexOf("AIPos.A6")]);
            } finally {
                component.stop();
            }
        }
    }

    @Test
    void withARestartTimeRsiStartsAgainAfterStopFromWhereTheAxesAre() throws Exception {
        try (DatagramSocket pc = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            pc.setSoTimeout(5000);
            RsiEmulatorComponent component = new RsiEmulatorComponent(config(Map.of(
                    "driver_port", pc.getLocalPort(), "cycle_ms", 2.0, "restart_ms", 0L,
                    "start_axes_deg", "5, -80, 85, 0, 60, 10")));
            try {
                var session = component.emulator();
                // asked now: a closed session has no port any more
                int firstPort = session.localPort();
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                pc.receive(packet);
                byte[] stop = ("<Sen Type=\"ImFree\"><Stop>1</Stop><AK A1=\"0\" A2=\"0\" A3=\"0\" A4=\"0\" A5=\"0\" A6=\"0\"/>"
                        + "<IPOC>0</IPOC></Sen>")
                        .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                pc.send(new DatagramPacket(stop, stop.length, packet.getSocketAddress()));
                assertTrue(session.awaitStopped(5, java.util.concurrent.TimeUnit.SECONDS));
                assertEquals(org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator.SessionState.STOPPED_BY_REQUEST,
                        session.state());
                // datagrams of the new session arrive from another port of the controller
                int restarted = -1;
                for (int i = 0; i < 1000 && restarted < 0; i++) {
                    pc.receive(packet);
                    if (packet.getPort() != firstPort && component.sessions() == 2) {
                        restarted = packet.getPort();
                    }
                }
                assertEquals(component.emulator().localPort(), restarted);
                assertEquals(org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator.SessionState.RUNNING,
                        component.emulator().state());
                assertEquals(5.0, component.emulator().axisDegrees()[0], 1e-9);
            } finally {
                component.stop();
            }
        }
    }

    /** The configuration DS would hand the constructor: given values, annotation defaults for the rest. */
    /** The ERROR lines the component logs while {@code action} runs. */
    private static List<String> errorsDuring(Runnable action) {
        List<String> lines = new ArrayList<>();
        Logger log = Logger.getLogger("org.robocell.driver.kuka.rsi");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue()) {
                    lines.add(r.getMessage() + (r.getThrown() == null ? "" : " + a stack trace"));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try {
            action.run();
        } finally {
            log.removeHandler(capture);
        }
        return lines;
    }

    /**
     * A careless edit of the emulator's .cfg (a file written with literal "\n" gives a host with newlines in it, axes
     * that are not numbers, five axes): one line naming the setting, no stack trace, and no emulator until the
     * configuration changes.
     */
    @Test
    void aSettingTheEmulatorCannotUseIsOneLineNamingItAndNoEmulatorRuns() {
        Map<Map<String, Object>, String> cases = Map.of(
                Map.of("driver_host", "127.0.0.1\ndriver.port=59152"),
                "RSI emulator (org.robocell.driver.kuka.rsi.emulator): driver.host='127.0.0.1\\u000adriver.port=59152' is not"
                        + " an address or a known host name; the emulator is not running until its configuration changes",
                Map.of("start_axes_deg", "zero,-90,90,0,90,0"),
                "RSI emulator (org.robocell.driver.kuka.rsi.emulator): start.axes.deg='zero,-90,90,0,90,0' must be the six"
                        + " axes A1..A6 in degrees, comma separated; the emulator is not running until its configuration"
                        + " changes");
        for (Map.Entry<Map<String, Object>, String> c : cases.entrySet()) {
            RsiEmulatorComponent[] component = new RsiEmulatorComponent[1];
            List<String> errors = errorsDuring(() -> component[0] = new RsiEmulatorComponent(config(c.getKey())));
            assertEquals(List.of(c.getValue()), errors);
            assertNull(component[0].emulator());
            component[0].stop();
        }
        RsiEmulatorComponent[] five = new RsiEmulatorComponent[1];
        List<String> errors = errorsDuring(() -> five[0] = new RsiEmulatorComponent(config(Map.of("start_axes_deg", "0,-90,90,0,90"))));
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("RSI emulator (org.robocell.driver.kuka.rsi.emulator): start.axes.deg='0,-90,90,0,90'"
                + " must be the six axes A1..A6 in degrees, comma separated ("), errors.get(0));
        assertNull(five[0].emulator());
        five[0].stop();
    }

    @Test
    void theConfigurationPresetExternalAxesAndHoldOnComeFromTheCfg() {
        RsiEmulatorConfig c = RsiEmulatorComponent.settings(config(Map.of("configuration", "kuka_experimental",
                "external_axes", 2, "hold_on", false, "sen_type", "Acme")));
        assertEquals("Acme", c.channels().senType());
        assertEquals("RSol", c.channels().setpointPose(), "kuka_experimental's robot sends its setpoints");
        assertEquals(2, c.channels().externalAxisCount());
        assertEquals("EIPos", c.channels().externalActualAxes(), "commanded external axes need a measured element");
        assertEquals(8, c.startAxesDegrees().length, "A1..A6 from start.axes.deg, E1 E2 at 0");
        assertEquals(false, c.holdOn());
        assertThrowsOneLine("configuration=", Map.of("configuration", "kuka_rsi_hw_interface"));
        assertThrowsOneLine("configuration=", Map.of("external_axes", 7));
    }

    private static void assertThrowsOneLine(String start, Map<String, Object> values) {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RsiEmulatorComponent.settings(config(values)));
        assertTrue(e.getMessage().startsWith(start) && !e.getMessage().contains("\n"), e.getMessage());
    }

    private static RsiEmulatorComponent.Config config(Map<String, Object> values) {
        return (RsiEmulatorComponent.Config) Proxy.newProxyInstance(RsiEmulatorComponent.Config.class.getClassLoader(),
                new Class<?>[] { RsiEmulatorComponent.Config.class },
                (proxy, method, args) -> values.containsKey(method.getName()) ? values.get(method.getName())
                        : method.getDefaultValue());
    }
}
