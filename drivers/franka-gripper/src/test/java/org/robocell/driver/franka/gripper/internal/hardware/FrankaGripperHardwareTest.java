package org.robocell.driver.franka.gripper.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
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
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.driver.franka.gripper.api.FrankaGripper;
import org.robocell.driver.franka.gripper.api.GripperAnswer;
import org.robocell.driver.franka.gripper.api.GripperOutcome;
import org.robocell.driver.franka.gripper.emulator.FrankaHandEmulator;
import org.robocell.driver.franka.gripper.emulator.HandEmulatorConfig;
import org.robocell.driver.franka.gripper.protocol.GripperState;
import org.robocell.driver.testkit.DriverContext;

/** The Hand component against the emulated Hand on loopback: its interfaces, its goal API, what it refuses. */
class FrankaGripperHardwareTest {

    private static final String NAME = "fr3_hand";
    private FrankaHandEmulator emulator;
    private FrankaGripperHardware hardware;
    private FrankaGripper gripper;
    private DriverContext context;

    @AfterEach
    void stop() {
        if (hardware != null) {
            hardware.onShutdown(LifecycleState.INACTIVE);
        }
        if (emulator != null) {
            emulator.close();
        }
    }

    @Test
    void theFingersReadHalfTheWidthAndTheHandsStateIsExported() throws IOException {
        start(Map.of());
        assertEquals(ReturnType.OK, hardware.read(0, 0.001));
        assertEquals(0.04, context.state("fr3_finger_joint1/position").get(), 1e-12);
        assertEquals(0.04, context.state("fr3_finger_joint2/position").get(), 1e-12);
        assertEquals(0.08, context.state(NAME + "/width").get(), 1e-12);
        assertEquals(0.08, context.state(NAME + "/max_width").get(), 1e-12);
        assertEquals(0, context.state(NAME + "/is_grasped").get());
        assertEquals(30, context.state(NAME + "/temperature").get());
    }

    @Test
    void aGraspOnTheObjectSucceedsAndIsGraspedReadsOne() throws IOException {
        start(Map.of());
        emulator.placeObject(0.03);
        GripperAnswer a = gripper.grasp(0.03, 0.1, 40, 0.005, 0.005);
        assertEquals(new GripperAnswer(GripperOutcome.SUCCESS, NAME + ": Grasp: kSuccess"), a);
        await(() -> gripper.state().map(s -> s.grasped()).orElse(false), "the state reporting the grasp");
        hardware.read(0, 0.001);
        assertEquals(1, context.state(NAME + "/is_grasped").get());
        assertEquals(0.015, context.state("fr3_finger_joint1/position").get(), 1e-12);
    }

    @Test
    void aGraspWhereThereIsNoObjectIsUnsuccessful() throws IOException {
        start(Map.of());
        GripperAnswer a = gripper.grasp(0.05, 0.1, 40, 0.005, 0.005);
        assertEquals(GripperOutcome.UNSUCCESSFUL, a.outcome());
        assertTrue(a.message().startsWith(NAME + ": Grasp: kUnsuccessful (unsuccessful: "), a.message());
    }

    @Test
    void aMoveBeyondTheMaxWidthIsRefusedBeforeAnythingIsSent() throws IOException {
        start(Map.of());
        assertEquals(new GripperAnswer(GripperOutcome.REFUSED, NAME + ": Move: width=0.09 m is beyond the Hand's max"
                + " width 0.08 m; nothing sent"), gripper.move(0.09, 0.1));
        assertEquals(GripperOutcome.REFUSED, gripper.move(0.04, 0).outcome());
        assertEquals(NAME + ": Grasp: force=NaN is not a number; nothing sent",
                gripper.grasp(0.04, 0.1, Double.NaN, 0.005, 0.005).message());
        assertEquals(NAME + ": Grasp: epsilon_outer=-0.001 m is negative; nothing sent",
                gripper.grasp(0.04, 0.1, 20, 0.005, -0.001).message());
        assertEquals(GripperOutcome.SUCCESS, gripper.move(0.08, 0.1).outcome(), "the channel is as before");
    }

    @Test
    void aStopDuringAMoveEndsTheMoveAborted() throws Exception {
        start(Map.of());
        CompletableFuture<GripperAnswer> move = CompletableFuture.supplyAsync(() -> gripper.move(0, 0.001));
        await(() -> emulator.state().width() < 0.08, "the fingers moving");
        assertEquals(GripperOutcome.SUCCESS, gripper.stop().outcome());
        assertEquals(new GripperAnswer(GripperOutcome.ABORTED, NAME + ": Move: kAborted (a stop or a newer command"
                + " ended it)"), move.get());
    }

    @Test
    void homingOverTheDriverAnswersSuccess() throws IOException {
        start(Map.of());
        assertEquals(new GripperAnswer(GripperOutcome.SUCCESS, NAME + ": Homing: kSuccess"), gripper.homing());
    }

    @Test
    void aForeignStateDatagramChangesNothing() throws Exception {
        start(Map.of());
        GripperLink link = hardware.link();
        long id = link.latest().timeMs();
        byte[] fake = new byte[GripperState.SIZE];
        new GripperState(id + 1_000_000, 0.001, 0.08, true, 99).write(ByteBuffer.wrap(fake));
        try (DatagramSocket attacker = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 5; i++) {
                attacker.send(new DatagramPacket(fake, fake.length, InetAddress.getLoopbackAddress(),
                        link.statePort()));
            }
            attacker.send(new DatagramPacket(new byte[7], 7, InetAddress.getLoopbackAddress(), link.statePort()));
        }
        await(() -> link.dropped()[0] == 5 && link.dropped()[2] == 1, "the datagrams dropped");
        hardware.read(0, 0.001);
        assertEquals(0.08, context.state(NAME + "/width").get(), 1e-12);
        assertEquals(0, context.state(NAME + "/is_grasped").get());
        assertEquals(30, context.state(NAME + "/temperature").get());
    }

    @Test
    void readAllocatesNothingWhileTheHandMoves() throws IOException {
        start(Map.of());
        CompletableFuture.runAsync(() -> gripper.move(0, 0.001)); // fresh states all along
        for (int i = 0; i < 10_000; i++) {
            hardware.read(0, 0.001); // warm up: the JIT
        }
        long bytes = AllocationMeter.fewestBytes(attempt -> {
            ReturnType[] r = new ReturnType[1];
            long b = AllocationMeter.bytesOf(() -> r[0] = hardware.read(0, 0.001));
            assertEquals(ReturnType.OK, r[0], hardware.lastError());
            return b;
        });
        assertEquals(0, bytes, "bytes allocated by one read");
        gripper.stop();
    }

    @Test
    void noHandAtTheAddressIsOneLineNamingIt() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        init(Map.of("robot_ip", "127.0.0.1", "command_port", String.valueOf(port)));
        assertEquals(CallbackReturn.ERROR, hardware.onConfigure(LifecycleState.UNCONFIGURED));
        assertEquals(Fault.COMMUNICATION_FAILED, hardware.fault());
        assertTrue(hardware.lastError().startsWith("no Franka Hand at 127.0.0.1:" + port + ": "),
                hardware.lastError());
    }

    @Test
    void aHandThatGoesAwayFailsTheReadAndTheServiceSaysSo() throws Exception {
        start(Map.of());
        emulator.close();
        await(() -> hardware.read(0, 0.001) == ReturnType.ERROR, "the read failing");
        assertEquals(Fault.COMMUNICATION_FAILED, hardware.fault());
        assertTrue(hardware.lastError().startsWith("Franka Hand at 127.0.0.1:"), hardware.lastError());
        assertEquals(GripperOutcome.NO_ANSWER, gripper.stop().outcome());
        emulator = null;
    }

    /** read takes the hand's latest state at once: beside the FR3 on its clock, the hand paces no loop. */
    @Test
    void itsReadAnswersAtOnceAndPacesNoLoop() {
        assertFalse(new FrankaGripperHardware(GripperHost.NONE).readWaitsForRobot());
    }

    @Test
    void badParametersAndACommandInterfaceAreRefusedAtInitNamingThem() {
        hardware = new FrankaGripperHardware(GripperHost.NONE);
        assertEquals(CallbackReturn.ERROR, hardware.onInit(new DriverContext(info(Map.of(), false))));
        assertEquals(Fault.CONFIGURATION, hardware.fault());
        assertTrue(hardware.lastError().contains("robot_ip"), hardware.lastError());
        hardware = new FrankaGripperHardware(GripperHost.NONE);
        assertEquals(CallbackReturn.ERROR, hardware.onInit(new DriverContext(info(Map.of("robot_ip", "127.0.0.1",
                "command_port", "70000"), false))));
        assertEquals("hardware 'fr3_hand' parameter 'command_port' must be a whole number from 1 to 65535, got"
                + " '70000'", hardware.lastError());
        hardware = new FrankaGripperHardware(GripperHost.NONE);
        assertEquals(CallbackReturn.ERROR, hardware.onInit(new DriverContext(info(Map.of("robot_ip", "127.0.0.1"),
                true))));
        assertTrue(hardware.lastError().contains("joint 'fr3_finger_joint1' lists a command interface 'position'"),
                hardware.lastError());
        hardware = null;
    }

    private void start(Map<String, String> extra) throws IOException {
        emulator = FrankaHandEmulator.start(HandEmulatorConfig.defaults().withCommandPort(0).withStatePeriodMs(2));
        Map<String, String> params = new HashMap<>(extra);
        params.put("robot_ip", "127.0.0.1");
        params.put("command_port", String.valueOf(emulator.commandPort()));
        params.put("receive_timeout_ms", "5000");
        init(params);
        FrankaGripper[] announced = new FrankaGripper[1];
        hardware = new FrankaGripperHardware((component, g) -> {
            announced[0] = g;
            return () -> announced[0] = null;
        });
        context = new DriverContext(info(params, false));
        assertEquals(CallbackReturn.SUCCESS, hardware.onInit(context));
        context.initialized();
        assertEquals(CallbackReturn.SUCCESS, hardware.onConfigure(LifecycleState.UNCONFIGURED), hardware.lastError());
        gripper = announced[0];
    }

    private void init(Map<String, String> params) {
        hardware = new FrankaGripperHardware(GripperHost.NONE);
        context = new DriverContext(info(params, false));
        assertEquals(CallbackReturn.SUCCESS, hardware.onInit(context), hardware.lastError());
        context.initialized();
    }

    private static HardwareInfo info(Map<String, String> params, boolean withCommand) {
        List<InterfaceInfo> commands = withCommand ? List.of(InterfaceInfo.of("position")) : List.of();
        List<ComponentInfo> joints = List.of(
                new ComponentInfo("fr3_finger_joint1", ComponentKind.JOINT, commands,
                        List.of(InterfaceInfo.of("position")), Map.of()),
                new ComponentInfo("fr3_finger_joint2", ComponentKind.JOINT, List.of(),
                        List.of(InterfaceInfo.of("position")), Map.of()));
        return new HardwareInfo(NAME, HardwareType.SYSTEM, FrankaGripperHardwareFactory.PLUGIN_NAME, params, joints,
                List.of(), List.of(), 0, null);
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
