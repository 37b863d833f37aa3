package org.robocell.driver.kuka.rsi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.testkit.DriverContext;

/** Configuration and lifecycle without a robot. */
class KukaRsiHardwareTest {

    @Test
    void exportsPoseStatusAndConfiguredIoAndShowsTheBoundPort() {
        try (RsiRig rig = new RsiRig(Map.of("rsi_inputs", "DiL", "rsi_outputs", "DiO")).configured()) {
            List<String> states = rig.context.stateNames();
            for (String name : List.of("tcp/x", "tcp/y", "tcp/z", "tcp/a", "tcp/b", "tcp/c", "rsi/late_packets",
                    "rsi/received_packets", "rsi/malformed_packets", "rsi/foreign_packets", "rsi/missed_packets",
                    "rsi/receive_timeouts", "rsi/ipoc", "rsi/listen_port", "rsi_io/DiL")) {
                assertTrue(states.contains(name), name);
            }
            assertTrue(rig.context.hasCommandInterface("rsi_io/DiO"));
            assertTrue(rig.driver.listenPort() > 0, "port 0 binds an ephemeral port");
            assertEquals(rig.driver.listenPort(), rig.status("listen_port"));
        }
    }

    @Test
    void prefixesAndThePoseChannelAreConfigurable() {
        try (RsiRig rig = new RsiRig(Map.of("status_prefix", "kr6_rsi", "rsi_actual_pose", "")).configured()) {
            assertTrue(rig.context.hasStateInterface("kr6_rsi/late_packets"));
            assertTrue(!rig.context.hasStateInterface("tcp/x"));
        }
    }

    @Test
    void rejectsDescriptionsItCannotDrive() {
        assertEquals(CallbackReturn.ERROR, init(Map.of("correction_mode", "sideways")));
        assertEquals(CallbackReturn.ERROR, init(Map.of("receive_timeout_ms", "-1")));
        assertEquals(CallbackReturn.ERROR, init(Map.of("listen_port", "70000")));
        assertEquals(CallbackReturn.ERROR, init(Map.of("rsi_axis_command", "A K")));
        ComponentInfo noCommand = new ComponentInfo("joint_a1", ComponentKind.JOINT, List.of(),
                List.of(InterfaceInfo.of("position")), Map.of());
        HardwareInfo info = new HardwareInfo("kr6", HardwareType.SYSTEM, "p", Map.of(), List.of(noCommand), List.of(),
                List.of(), 0, null);
        KukaRsiHardware driver = new KukaRsiHardware();
        assertEquals(CallbackReturn.ERROR, driver.onInit(new DriverContext(info)));
        assertTrue(driver.lastError().contains("joint_a1"), driver.lastError());
    }

    @Test
    void acceptsTheKukaDriversParameterNames() {
        Map<String, String> params = new HashMap<>();
        params.put("client_ip", "127.0.0.1");
        params.put("client_port", "0");
        KukaRsiHardware driver = new KukaRsiHardware();
        DriverContext context = new DriverContext(RsiRig.info(params));
        assertEquals(CallbackReturn.SUCCESS, driver.onInit(context));
        assertEquals(CallbackReturn.SUCCESS, driver.onConfigure(LifecycleState.UNCONFIGURED), driver.lastError());
        assertTrue(driver.listenPort() > 0);
        driver.onShutdown(LifecycleState.INACTIVE);
        assertEquals(-1, driver.listenPort());
    }

    @Test
    void activationFailsWhenTheRobotNeverSends() {
        try (RsiRig rig = new RsiRig(Map.of("activate_timeout_ms", "50")).configured()) {
            assertEquals(CallbackReturn.FAILURE, rig.driver.onActivate(LifecycleState.INACTIVE));
            assertTrue(rig.driver.lastError().contains("no RSI datagram"), rig.driver.lastError());
            assertEquals(0, rig.status("active"));
        }
    }

    @Test
    void anInactiveDriverOnlyPacesTheLoop() {
        try (RsiRig rig = new RsiRig(Map.of("inactive_read_period_ms", "1")).configured()) {
            for (int i = 0; i < 5; i++) {
                assertEquals(ReturnType.OK, rig.driver.read(0, 0));
                assertEquals(ReturnType.OK, rig.driver.write(0, 0));
            }
            assertEquals(0, rig.status("received_packets"));
            assertEquals(0, rig.status("sent_replies"));
        }
    }

    @Test
    void aSecondDriverCannotTakeABoundPort() {
        try (RsiRig first = new RsiRig(Map.of()).configured()) {
            RsiRig second = new RsiRig(Map.of("listen_port", String.valueOf(first.driver.listenPort())));
            assertEquals(CallbackReturn.SUCCESS, second.driver.onInit(second.context));
            assertEquals(CallbackReturn.FAILURE, second.driver.onConfigure(LifecycleState.UNCONFIGURED));
            assertTrue(second.driver.lastError().contains("cannot listen"), second.driver.lastError());
            assertEquals(Fault.COMMUNICATION_FAILED, second.driver.fault());
        }
    }

    @Test
    void aBadParameterIsAConfigurationFaultNamingIt() {
        for (Map.Entry<String, String> bad : List.of(Map.entry("robot_address", "127.0.0.1:99999"),
                Map.entry("robot_address", "127.0.0.1:"), Map.entry("robot_address", ":6008"),
                Map.entry("robot_address", "[::1"), Map.entry("max_ipoc_jump", "0"),
                Map.entry("receive_buffer_bytes", "-1"), Map.entry("connect_to_robot", "yes"))) {
            KukaRsiHardware driver = new KukaRsiHardware();
            assertEquals(CallbackReturn.ERROR, driver.onInit(new DriverContext(RsiRig.info(Map.ofEntries(bad)))),
                    bad.toString());
            assertEquals(Fault.CONFIGURATION, driver.fault(), bad.toString());
            assertTrue(driver.lastError().contains("'" + bad.getKey() + "'"), driver.lastError());
        }
    }

    @Test
    void robotAddressTakesAnIpOrAnIpAndItsPort() {
        for (String address : List.of("127.0.0.1", "127.0.0.1:6008", "::1", "[::1]:6008", "localhost:6008")) {
            KukaRsiHardware driver = new KukaRsiHardware();
            assertEquals(CallbackReturn.SUCCESS,
                    driver.onInit(new DriverContext(RsiRig.info(Map.of("robot_address", address)))),
                    address + ": " + driver.lastError());
        }
    }

    @Test
    void withoutRobotAddressANetworkListenerWarnsOnceThatTheFirstSenderWins() {
        Logger logger = Logger.getLogger(KukaRsiHardware.class.getName());
        List<LogRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(handler);
        try {
            assertEquals(1, warningsAtConfigure(records, Map.of("listen_address", "0.0.0.0")));
            LogRecord warning = records.stream().filter(r -> r.getLevel() == java.util.logging.Level.WARNING)
                    .findFirst().orElseThrow();
            String line = java.text.MessageFormat.format(warning.getMessage(), warning.getParameters());
            assertTrue(line.contains("robot_address") && line.contains("first"), line);
            assertEquals(0, warningsAtConfigure(records, Map.of("listen_address", "0.0.0.0",
                    "robot_address", "127.0.0.1")));
            assertEquals(0, warningsAtConfigure(records, Map.of()), "on loopback only this machine can send");
        } finally {
            logger.removeHandler(handler);
        }
    }

    private static long warningsAtConfigure(List<LogRecord> records, Map<String, String> params) {
        records.clear();
        try (RsiRig rig = new RsiRig(params).configured()) {
            return records.stream().filter(r -> r.getLevel() == java.util.logging.Level.WARNING).count();
        }
    }

    private static CallbackReturn init(Map<String, String> params) {
        return new KukaRsiHardware().onInit(new DriverContext(RsiRig.info(params)));
    }
}
