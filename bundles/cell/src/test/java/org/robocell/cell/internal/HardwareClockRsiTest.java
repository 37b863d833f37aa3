package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;
import org.robocell.driver.kuka.rsi.internal.KukaRsiHardwareFactory;
import org.robocell.manager.IdleStrategy;

/**
 * A hardware-clocked robot: the KUKA RSI driver's blocking read paces the loop, the emulated KR C4 sends a
 * datagram every 4 ms over loopback, and the cell starts KUKA-style (controllers active before the hardware).
 * Timing is not asserted: only that the loop cycles with the robot (never more often than it sends) and that a
 * command reaches the robot. The only waits are bounded waits for the emulator.
 */
class HardwareClockRsiTest {

    private static final String NUDGE = "test/Nudge";
    private static final double OFFSET = 0.01;

    /** Commands every axis to where it was at the first update plus 0.01 rad. */
    static final class Nudge implements Controller {
        private StateHandle[] states;
        private CommandHandle[] commands;
        private double[] start;

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.individual(joints("position"));
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.individual(joints("position"));
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            states = loans.states().toArray(new StateHandle[0]);
            commands = loans.commands().toArray(new CommandHandle[0]);
            start = null;
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            if (start == null) {
                start = new double[states.length];
                for (int i = 0; i < states.length; i++) {
                    start[i] = states[i].get();
                }
            }
            if (Double.isNaN(start[0])) {
                start = null;
                return ReturnType.OK;
            }
            for (int i = 0; i < commands.length; i++) {
                commands[i].set(start[i] + OFFSET);
            }
            return ReturnType.OK;
        }
    }

    private static List<String> joints(String iface) {
        return List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6").stream()
                .map(j -> j + "/" + iface).toList();
    }

    private static String urdf(int port) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\"?>\n<robot name=\"kr6\">\n  <link name=\"base_link\"/>\n");
        for (int i = 1; i <= 6; i++) {
            b.append("  <link name=\"link_").append(i).append("\"/>\n");
            b.append("  <joint name=\"joint_a").append(i).append("\" type=\"revolute\">")
                    .append("<parent link=\"").append(i == 1 ? "base_link" : "link_" + (i - 1)).append("\"/>")
                    .append("<child link=\"link_").append(i).append("\"/><axis xyz=\"0 0 1\"/>")
                    .append("<limit lower=\"-3\" upper=\"3\" effort=\"100\" velocity=\"5\"/></joint>\n");
        }
        b.append("  <ros2_control name=\"kr6\" type=\"system\">\n    <hardware>\n")
                .append("      <plugin>kuka_rsi_driver/KukaRSIHardwareInterface</plugin>\n")
                .append("      <param name=\"listen_address\">127.0.0.1</param>\n")
                .append("      <param name=\"listen_port\">").append(port).append("</param>\n")
                .append("      <param name=\"receive_timeout_ms\">500</param>\n")
                .append("    </hardware>\n");
        for (int i = 1; i <= 6; i++) {
            b.append("    <joint name=\"joint_a").append(i)
                    .append("\"><command_interface name=\"position\"/><state_interface name=\"position\"/></joint>\n");
        }
        return b.append("  </ros2_control>\n</robot>\n").toString();
    }

    @Test
    void theRobotsDatagramsPaceTheLoopAndItsCommandReachesTheRobot(@TempDir Path dir) throws Exception {
        int port;
        try (DatagramSocket probe = new DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path urdf = dir.resolve("kr6.urdf");
        Files.writeString(urdf, urdf(port));
        Path yaml = dir.resolve("controllers.yaml");
        Files.writeString(yaml, "controller_manager:\n  ros__parameters:\n    update_rate: 250\n    nudge:\n      type: "
                + NUDGE + "\n");
        try (RsiRobotEmulator robot = RsiRobotEmulator.start(
                RsiEmulatorConfig.defaults(new InetSocketAddress("127.0.0.1", port)))) {
            RobotAssembly assembly = new RobotAssembly(new RobotSettings("kr6", urdf, yaml, "", ClockKind.HARDWARE, 0,
                    IdleStrategy.SLEEP, List.of(), List.of(), List.of(), List.of("nudge"), 256, true, true, 0, java.util.Map.of(), "",
                    List.of(), null));
            KukaRsiHardwareFactory driver = new KukaRsiHardwareFactory();
            assembly.hardwareFactoryAdded(1L, List.of(KukaRsiHardwareFactory.PLUGIN_NAME,
                    KukaRsiHardwareFactory.KUKA_DRIVERS_PLUGIN_NAME), driver);
            ControllerFactory nudges = type -> new Nudge();
            assembly.controllerFactoryAdded(2L, List.of(NUDGE), nudges);
            try {
                assembly.start();
                assertEquals(LifecycleState.ACTIVE, assembly.manager().hardware("kr6").orElseThrow().state());
                assertEquals(LifecycleState.ACTIVE, assembly.manager().controller("nudge").orElseThrow().state());
                double a1Start = RsiEmulatorConfig.HOME_DEGREES[0];
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (Math.abs(robot.axisDegrees()[0] - (a1Start + Math.toDegrees(OFFSET))) > 1e-3) {
                    assertTrue(System.nanoTime() < deadline, "the robot did not reach the command: A1 = "
                            + robot.axisDegrees()[0] + ", " + robot);
                    Thread.sleep(10);
                }
                long sent = robot.sentPackets();
                LoopStats stats = assembly.manager().stats();
                assertTrue(stats.cycles() > 0);
                assertTrue(stats.cycles() <= sent + 2, "the loop never runs ahead of the robot: " + stats.cycles()
                        + " cycles, " + sent + " datagrams");
                assertEquals(0, stats.hardwareErrors());
                assertEquals(0, stats.lateness().max(), "a hardware clock never sleeps to a deadline");
            } finally {
                assembly.stop();
            }
        }
    }
}
