package org.robocell.driver.kuka.eac.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.eac.emulator.LbrIisy3R760;
import org.robocell.driver.kuka.eac.emulator.StopReason;
import org.robocell.driver.kuka.eac.protocol.CommandEvent;
import org.robocell.driver.kuka.eac.protocol.ControlMode;

/** Driver and emulated controller over loopback gRPC and UDP: a control session from open to stop. */
class EacSessionTest {

    @Test
    void activationOpensTheControlChannelAndStartsFromTheMeasuredPositions() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured()) {
            assertEquals(CommandEvent.IDLE, rig.driver.lastEvent(), "the observer stream is up after configure");
            rig.active();
            assertTrue(rig.controller.sampling());
            EacRig.await(() -> rig.driver.lastEvent() == CommandEvent.SAMPLING, "SAMPLING on the observer stream");
            for (int i = 0; i < 6; i++) {
                assertEquals(LbrIisy3R760.CANDLE[i], rig.state(EacRig.JOINTS[i] + "/position"), 1e-12);
                assertEquals(LbrIisy3R760.CANDLE[i], rig.context.commandValue(EacRig.JOINTS[i] + "/position"), 1e-12,
                        "the command starts at the measured position");
            }
            for (int k = 0; k < 50; k++) {
                rig.cycle();
            }
            assertArrayEquals(LbrIisy3R760.CANDLE, rig.controller.positions(), 1e-12, "held: nothing commanded");
            assertEquals(51, rig.controller.repliesAccepted());
            assertEquals(0, rig.controller.lostReplies());
        }
    }

    @Test
    void aCommandedTrajectoryMovesTheRobotWithinItsSpeedLimit() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            double target = 0.3;
            for (int k = 0; k < 200; k++) {
                rig.command("joint_1/position", target * Math.min(1.0, (k + 1) / 100.0));
                rig.cycle();
            }
            assertEquals(target, rig.controller.positions()[0], 1e-9);
            assertEquals(target, rig.state("joint_1/position"), 0.02, "the measured state follows");
        }
    }

    @Test
    void deactivationSendsStopIpoAndTheRobotHoldsWhereItIs() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            for (int k = 0; k < 20; k++) {
                rig.command("joint_3/position", 0.001 * k);
                rig.cycle();
            }
            double[] before = rig.controller.positions();
            Thread loop = controllerCycles(rig);
            loop.start();
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE), rig.driver.lastError());
            loop.join(10_000);
            assertEquals(StopReason.CLIENT_STOP, rig.controller.stopReason());
            assertEquals(0, rig.controller.lostReplies(), "the stop answered the controller's next cycle");
            assertEquals(CommandEvent.STOPPED, rig.driver.lastEvent());
            assertArrayEquals(before, rig.controller.positions(), 0.005, "holds near where it was");
            assertEquals(ReturnType.OK, rig.driver.read(0, 0.004), "inactive: read parks and answers OK");
        }
    }

    @Test
    void aSecondActivationStartsFromWhereTheRobotStandsNow() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            for (int k = 0; k < 100; k++) {
                rig.command("joint_2/position", -Math.PI / 2 + 0.2);
                rig.cycle();
            }
            stop(rig);
            rig.command("joint_2/position", 0.7); // a stale command left in the interface
            rig.active();
            assertEquals(-Math.PI / 2 + 0.2, rig.context.commandValue("joint_2/position"), 1e-9);
            rig.cycle();
            assertEquals(-Math.PI / 2 + 0.2, rig.controller.positions()[1], 1e-9, "no jump to the stale command");
        }
    }

    @Test
    void aModeSwitchIsAskedInTheControlSignalAndRestartsFromTheMeasuredState() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            rig.cycle();
            List<String> torque = List.of("joint_1/effort", "joint_2/effort", "joint_3/effort", "joint_4/effort",
                    "joint_5/effort", "joint_6/effort");
            assertEquals(ReturnType.OK, rig.driver.prepareCommandModeSwitch(torque, List.of()));
            assertEquals(ReturnType.OK, rig.driver.performCommandModeSwitch(torque, List.of()));
            rig.cycle();
            assertEquals(ControlMode.JOINT_TORQUE, rig.controller.mode());
            EacRig.await(() -> rig.controller.events().contains(CommandEvent.CONTROL_MODE_SWITCH), "the switch");
            List<CommandEvent> events = rig.controller.events();
            assertEquals(List.of(CommandEvent.SAMPLING, CommandEvent.CONTROL_MODE_SWITCH, CommandEvent.SAMPLING),
                    events);
            rig.command("joint_6/effort", 1.5);
            rig.cycle();
            rig.cycle();
            assertEquals(1.5, rig.state("joint_6/effort"), 1e-12, "the torque commanded is measured back");
            assertEquals(ControlMode.JOINT_TORQUE.number(), rig.state("eac/control_mode"));
        }
    }

    @Test
    void aSwitchToWrenchControlSendsTheWrenchStartingFromNoneAndTheRobotHoldsWhereItIs() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            rig.command("joint_2/position", -1.4);
            for (int i = 0; i < 100; i++) {
                rig.cycle();
            }
            List<String> wrench = new java.util.ArrayList<>();
            for (String c : KukaEacHardware.WRENCH_COMPONENTS) {
                wrench.add("tcp/" + c + "/wrench");
            }
            rig.command("tcp/force.z/wrench", 80); // a value a controller left there: not sent after the switch
            assertEquals(ReturnType.OK, rig.driver.prepareCommandModeSwitch(wrench, List.of()));
            assertEquals(ReturnType.OK, rig.driver.performCommandModeSwitch(wrench, List.of()));
            rig.cycle();
            assertEquals(ControlMode.WRENCH, rig.controller.mode());
            assertArrayEquals(new double[6], rig.controller.commandedWrench(), 0.0, "the switch starts from no force");
            EacRig.await(() -> rig.controller.events().contains(CommandEvent.CONTROL_MODE_SWITCH), "the switch");
            double[] at = rig.controller.positions();
            rig.command("tcp/force.z/wrench", -12.5);
            rig.command("tcp/torque.x/wrench", 0.75);
            rig.cycle();
            rig.cycle();
            assertArrayEquals(new double[] { 0, 0, -12.5, 0.75, 0, 0 }, rig.controller.commandedWrench(), 0.0);
            rig.command("tcp/force.x/wrench", Double.NaN);
            rig.command("tcp/force.y/wrench", Double.NEGATIVE_INFINITY);
            long held = rig.driver.counter(EacStatus.HELD_COMMANDS);
            rig.cycle();
            assertEquals(held + 2, rig.driver.counter(EacStatus.HELD_COMMANDS), "NaN and infinity held");
            assertArrayEquals(new double[] { 0, 0, -12.5, 0.75, 0, 0 }, rig.controller.commandedWrench(), 0.0);
            assertTrue(rig.controller.sampling(), "nothing hostile reached the controller");
            assertArrayEquals(at, rig.controller.positions(), 0.0, "the kinematic robot holds under the wrench");
            assertEquals(ControlMode.WRENCH.number(), rig.state("eac/control_mode"));
        }
    }

    @Test
    void interfacesOfNoModeAreRefusedBeforeAnythingChanges() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            assertEquals(ReturnType.ERROR, rig.driver.prepareCommandModeSwitch(List.of("tcp/cart_position"),
                    List.of()));
            assertTrue(rig.driver.lastError().contains("tcp/cart_position"), rig.driver.lastError());
            assertEquals(ControlMode.JOINT_POSITION, rig.driver.mode());
        }
    }

    @Test
    void theCycleAllocatesNothing() throws Exception {
        try (EacRig rig = new EacRig(false, Map.of(), c -> c.withCycle(4_000_000L, 500_000_000L)).configured()) {
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onActivate(LifecycleState.INACTIVE),
                    rig.driver.lastError());
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
                    .getThreadMXBean();
            long self = Thread.currentThread().getId();
            for (int k = 0; k < 300; k++) { // warm-up: JIT, the channel's cached sender address
                assertEquals(ReturnType.OK, rig.driver.read(0, 0.004), rig.driver.lastError());
                rig.context.setCommand("joint_1/position", 0.0001 * k);
                rig.context.setCommand("joint_2/position", k % 50 == 0 ? Double.NaN : 0.0);
                assertEquals(ReturnType.OK, rig.driver.write(0, 0.004), rig.driver.lastError());
            }
            long allocated = Long.MAX_VALUE;
            for (int window = 0; window < 3 && allocated > 0; window++) {
                long before = threads.getThreadAllocatedBytes(self);
                for (int k = 0; k < 500; k++) {
                    assertEquals(ReturnType.OK, rig.driver.read(0, 0.004));
                    rig.context.setCommand("joint_1/position", 0.03 + 0.0001 * k);
                    assertEquals(ReturnType.OK, rig.driver.write(0, 0.004));
                }
                allocated = Math.min(allocated, threads.getThreadAllocatedBytes(self) - before);
            }
            assertEquals(0, allocated, "bytes allocated by 500 cycles of read and write");
            assertTrue(rig.driver.counter(EacStatus.HELD_COMMANDS) > 0, "the NaN position was held, not sent");
        }
    }

    static void stop(EacRig rig) throws Exception {
        Thread loop = controllerCycles(rig);
        loop.start();
        assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE), rig.driver.lastError());
        loop.join(10_000);
        assertEquals(StopReason.CLIENT_STOP, rig.controller.stopReason());
    }

    /**
     * The controller's cycles while the driver deactivates: the control loop does not call the driver during a
     * transition, so only the controller runs, and the deactivating driver must answer it itself.
     */
    static Thread controllerCycles(EacRig rig) {
        return new Thread(() -> {
            try {
                while (rig.controller.sampling()) {
                    rig.controller.sendState();
                    rig.controller.judge(true);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
