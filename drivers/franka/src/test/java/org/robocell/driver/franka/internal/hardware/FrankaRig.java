package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.emulator.FrankaRobotEmulator;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.driver.testkit.DriverContext;

/**
 * The driver against a stepped FR3 emulator on a free loopback port, driven as the control loop drives hardware:
 * one {@link #cycle()} = the robot's millisecond ({@code step}), then {@code read(); write();} from this thread.
 * Lifecycle callbacks and mode switches, which wait for the robot's answers, run on another thread while this one
 * keeps cycling, as on a running loop.
 */
final class FrankaRig implements AutoCloseable {

    /** Bound on the cycles any wait may take: far more than an answer needs, so a hang fails instead. */
    static final int MAX_CYCLES = 3000;
    /** Bound on the cycles run while a lifecycle call or switch waits for the robot off the loop. */
    static final int MAX_OFF_LOOP_CYCLES = 200_000;

    static final String[] JOINTS = { "fr3_joint1", "fr3_joint2", "fr3_joint3", "fr3_joint4", "fr3_joint5",
            "fr3_joint6", "fr3_joint7" };

    final FrankaRobotEmulator robot;
    final FrankaHardware driver;
    final DriverContext context;
    private final ExecutorService offLoop = Executors.newSingleThreadExecutor();
    private boolean loopRuns;
    double time;

    FrankaRig(ProtocolVersion robotVersion, Map<String, String> parameters) throws IOException {
        this(robotVersion, parameters, c -> c);
    }

    FrankaRig(ProtocolVersion robotVersion, Map<String, String> parameters,
            UnaryOperator<FrankaEmulatorConfig> robotConfig) throws IOException {
        this(robotVersion, parameters, robotConfig, List.of(), DriverHost.NONE);
    }

    /** With {@code gpios} in the description (franka_ros2's Cartesian command interfaces: {@link #cartesianGpios}). */
    FrankaRig(ProtocolVersion robotVersion, Map<String, String> parameters,
            UnaryOperator<FrankaEmulatorConfig> robotConfig, List<ComponentInfo> gpios) throws IOException {
        this(robotVersion, parameters, robotConfig, gpios, DriverHost.NONE);
    }

    /** With {@code host} around the driver, as the framework is (its FrankaRobot service, a stopping runtime). */
    FrankaRig(ProtocolVersion robotVersion, Map<String, String> parameters,
            UnaryOperator<FrankaEmulatorConfig> robotConfig, DriverHost host) throws IOException {
        this(robotVersion, parameters, robotConfig, List.of(), host);
    }

    FrankaRig(ProtocolVersion robotVersion, Map<String, String> parameters,
            UnaryOperator<FrankaEmulatorConfig> robotConfig, List<ComponentInfo> gpios, DriverHost host)
            throws IOException {
        driver = new FrankaHardware(host);
        robot = FrankaRobotEmulator.start(robotConfig.apply(FrankaEmulatorConfig.defaults(robotVersion)
                .withCommandPort(0).withSteppedClock()));
        Map<String, String> p = new HashMap<>();
        p.put("robot_ip", "127.0.0.1");
        p.put("command_port", String.valueOf(robot.commandPort()));
        p.put("receive_timeout_ms", "5000");
        p.put("connect_timeout_ms", "10000");
        p.put("move_timeout_ms", "10000");
        p.put("flight_log", java.nio.file.Files.createTempDirectory("franka-rig").resolve("ControlException.log")
                .toString());
        p.putAll(parameters);
        context = new DriverContext(info(p, gpios));
    }

    static HardwareInfo info(Map<String, String> parameters) {
        return info(parameters, List.of());
    }

    /** The Cartesian pose, Cartesian velocity and elbow command interfaces as franka_ros2's gpios name them. */
    static List<ComponentInfo> cartesianGpios() {
        List<ComponentInfo> gpios = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            gpios.add(gpio(String.valueOf(i), "cartesian_pose_command"));
        }
        for (String n : new String[] { "vx", "vy", "vz", "wx", "wy", "wz" }) {
            gpios.add(gpio(n, "cartesian_velocity"));
        }
        gpios.add(gpio("joint_3_position", "elbow_command"));
        gpios.add(gpio("joint_4_sign", "elbow_command"));
        return gpios;
    }

    static ComponentInfo gpio(String name, String commandInterface) {
        return new ComponentInfo(name, ComponentKind.GPIO, List.of(InterfaceInfo.of(commandInterface)), List.of(),
                Map.of());
    }

    static HardwareInfo info(Map<String, String> parameters, List<ComponentInfo> gpios) {
        List<ComponentInfo> joints = new ArrayList<>();
        for (String j : JOINTS) {
            List<InterfaceInfo> both = List.of(InterfaceInfo.of("position"), InterfaceInfo.of("velocity"),
                    InterfaceInfo.of("effort"));
            joints.add(new ComponentInfo(j, ComponentKind.JOINT, both, both, Map.of()));
        }
        return new HardwareInfo("FR3System", HardwareType.SYSTEM, FrankaHardwareFactory.PLUGIN_NAME, parameters,
                joints, List.of(), gpios, 0, null);
    }

    /** init and configure: connected, the states stream. */
    FrankaRig configured() {
        assertEquals(CallbackReturn.SUCCESS, driver.onInit(context), driver.lastError());
        context.initialized();
        assertEquals(CallbackReturn.SUCCESS, offLoop(() -> driver.onConfigure(LifecycleState.UNCONFIGURED)),
                driver.lastError());
        loopRuns = true;
        return this;
    }

    FrankaRig active() {
        configured();
        assertEquals(CallbackReturn.SUCCESS, offLoop(() -> driver.onActivate(LifecycleState.INACTIVE)),
                driver.lastError());
        return this;
    }

    /** Claims the seven {@code kind} command interfaces (position, velocity, effort), as a controller switch. */
    FrankaRig claiming(String kind) {
        return claiming(names(kind));
    }

    /** Claims {@code start}, as a controller switch. */
    FrankaRig claiming(List<String> start) {
        assertEquals(ReturnType.OK, switchModes(start, List.of()), driver.lastError());
        return this;
    }

    ReturnType switchModes(List<String> start, List<String> stop) {
        ReturnType r = offLoop(() -> driver.prepareCommandModeSwitch(start, stop));
        if (r != ReturnType.OK) {
            return r;
        }
        return driver.performCommandModeSwitch(start, stop);
    }

    static List<String> names(String kind) {
        List<String> names = new ArrayList<>();
        for (String j : JOINTS) {
            names.add(j + "/" + kind);
        }
        return names;
    }

    /** Runs {@code call} off the loop while the robot and the loop keep cycling, until it returns. */
    <T> T offLoop(Callable<T> call) {
        Future<T> f = offLoop.submit(call);
        // as many cycles as the call takes (a loaded machine starves the calling thread for a while), bounded so
        // that a call that never returns fails the test instead of hanging it
        for (int i = 0; i < MAX_OFF_LOOP_CYCLES && !f.isDone(); i++) {
            if (loopRuns) {
                ReturnType r = cycleResult();
                if (r != ReturnType.OK) {
                    loopRuns = false;
                }
            } else {
                robot.step();
            }
            pause();
        }
        try {
            return f.get();
        } catch (InterruptedException | ExecutionException e) {
            throw new AssertionError(e);
        }
    }

    /** One cycle that must succeed. */
    void cycle() {
        ReturnType r = cycleResult();
        assertEquals(ReturnType.OK, r, () -> driver.lastError() + " " + counters());
    }

    String counters() {
        return "[robot: received " + robot.receivedCommands() + ", stale " + robot.staleCommands() + ", unknown id "
                + robot.unknownIdCommands() + ", foreign " + robot.foreignDatagrams() + ", malformed "
                + robot.malformedDatagrams() + "; driver sent " + driver.sentCommands() + "]";
    }

    /** One cycle: the robot's step, then the driver's read and (if it succeeded) write; the first failure. */
    ReturnType cycleResult() {
        robot.step();
        awaitDelivery();
        time += 1e-3;
        ReturnType r = driver.read(time, 1e-3);
        if (r != ReturnType.OK) {
            return r;
        }
        return driver.write(time, 1e-3);
    }

    /**
     * Waits (bounded) until the driver's receiving thread has the state just sent: on a robot the next state is a
     * millisecond away, here the next step is at once, and a loop that read before the delivery would answer the
     * previous state every time.
     */
    void awaitDelivery() {
        StateReceiver r = driver.receiver();
        long id = robot.state().messageId();
        for (int i = 0; r != null && i < 10_000 && Long.compareUnsigned(r.lastId(), id) < 0; i++) {
            LockSupport.parkNanos(50_000);
        }
    }

    /**
     * Steps the robot (bounded) until its estimate of the external wrench ({@code O_F_ext_hat_K}, low-pass filtered as
     * on an FR3) has decayed below 1 N: after a push, a motion started at once would see the estimate's tail as a new
     * push. How many steps a connection or a recovery leaves it otherwise depends on the machine's load.
     */
    void settle() {
        double[] wrench = new double[6];
        for (int i = 0; i < MAX_CYCLES; i++) {
            robot.state().get(StateField.O_F_EXT_HAT_K, wrench);
            if (Math.abs(wrench[0]) < 1 && Math.abs(wrench[1]) < 1 && Math.abs(wrench[2]) < 1) {
                return;
            }
            robot.step();
        }
        throw new AssertionError("the external wrench estimate did not decay in " + MAX_CYCLES + " steps");
    }

    void cycles(int n) {
        for (int i = 0; i < n; i++) {
            cycle();
        }
    }

    double state(String joint, String kind) {
        return context.stateValue(joint + "/" + kind);
    }

    void command(String kind, double... values) {
        for (int i = 0; i < JOINTS.length; i++) {
            context.setCommand(JOINTS[i] + "/" + kind, values[i]);
        }
    }

    double[] measuredQ() {
        double[] q = new double[7];
        for (int i = 0; i < 7; i++) {
            q[i] = state(JOINTS[i], "position");
        }
        return q;
    }

    /** The loop stops calling the component (as the manager does after a failure). */
    void stopLoop() {
        loopRuns = false;
    }

    static void pause() {
        LockSupport.parkNanos(200_000);
    }

    @Override
    public void close() {
        loopRuns = false;
        try {
            offLoop(() -> driver.onShutdown(LifecycleState.ACTIVE));
        } finally {
            offLoop.shutdownNow();
            robot.close();
        }
    }
}
