package org.robocell.driver.kuka.rsi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.testkit.DriverContext;
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;

/**
 * A driver on 127.0.0.1 with an ephemeral port and an emulated robot pointed at it, driven the way the control loop
 * drives hardware: {@code read(); write();} from the calling thread.
 */
final class RsiRig implements AutoCloseable {

    static final String[] JOINTS = { "joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6" };

    final KukaRsiHardware driver = new KukaRsiHardware();
    final DriverContext context;
    RsiRobotEmulator robot;

    RsiRig(Map<String, String> extraParameters) {
        this(extraParameters, JOINTS);
    }

    /** A component with these joints: the robot axes, then any external axes. */
    RsiRig(Map<String, String> extraParameters, String... joints) {
        Map<String, String> params = new HashMap<>();
        params.put("listen_address", "127.0.0.1");
        params.put("listen_port", "0");
        params.put("receive_timeout_ms", "2000");
        params.put("activate_timeout_ms", "5000");
        params.putAll(extraParameters);
        context = new DriverContext(info(params, joints));
    }

    static HardwareInfo info(Map<String, String> params) {
        return info(params, JOINTS);
    }

    /** Joints by name; {@code rail=prismatic} is a joint whose URDF type is prismatic, as the description says. */
    static HardwareInfo info(Map<String, String> params, String... names) {
        List<ComponentInfo> joints = new ArrayList<>();
        for (String j : names) {
            String[] nameAndType = j.split("=", 2);
            Map<String, String> jointParams = nameAndType.length == 2
                    ? Map.of(ComponentInfo.URDF_JOINT_TYPE, nameAndType[1]) : Map.of();
            joints.add(new ComponentInfo(nameAndType[0], ComponentKind.JOINT, List.of(InterfaceInfo.of("position")),
                    List.of(InterfaceInfo.of("position")), jointParams));
        }
        return new HardwareInfo("kr6", HardwareType.SYSTEM, KukaRsiHardwareFactory.PLUGIN_NAME, params, joints,
                List.of(), List.of(), 0, null);
    }

    /** init + configure: the socket is bound. */
    RsiRig configured() {
        assertEquals(CallbackReturn.SUCCESS, driver.onInit(context), driver.lastError());
        assertEquals(CallbackReturn.SUCCESS, driver.onConfigure(LifecycleState.UNCONFIGURED), driver.lastError());
        return this;
    }

    /** Starts the robot (RSI_ON) and activates the driver, which answers its first datagram. */
    RsiRig active(UnaryOperator<RsiEmulatorConfig> robotConfig) throws IOException {
        return active(robotConfig, java.util.Map.of());
    }

    /** As {@link #active(UnaryOperator)}, the robot program sending these string channels in every datagram. */
    RsiRig active(UnaryOperator<RsiEmulatorConfig> robotConfig, java.util.Map<String, String> robotTexts)
            throws IOException {
        configured();
        robot = RsiRobotEmulator.start(robotConfig.apply(emulatorDefaults()), robotTexts);
        assertEquals(CallbackReturn.SUCCESS, driver.onActivate(LifecycleState.INACTIVE), driver.lastError());
        return this;
    }

    RsiEmulatorConfig emulatorDefaults() {
        InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), driver.listenPort());
        // a "4 ms" controller (IPOC +4) run at 1 ms so that thousands of cycles take seconds
        return RsiEmulatorConfig.defaults(target).withCycleNanos(1_000_000L);
    }

    /** One control cycle as the loop runs it. */
    ReturnType cycle() {
        ReturnType r = driver.read(0, 0);
        if (r != ReturnType.OK) {
            return r;
        }
        return driver.write(0, 0);
    }

    /** Runs up to {@code cycles} cycles and stops at the first that is not OK. */
    int run(int cycles) {
        for (int i = 0; i < cycles; i++) {
            ReturnType r = cycle();
            if (r != ReturnType.OK) {
                return i;
            }
        }
        return cycles;
    }

    /** Deactivates from another thread while this one keeps the loop going, as the manager would. */
    CallbackReturn deactivateWhileLooping() throws Exception {
        java.util.concurrent.CompletableFuture<CallbackReturn> done = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> driver.onDeactivate(LifecycleState.ACTIVE));
        for (int i = 0; i < 100_000 && !done.isDone(); i++) {
            cycle();
        }
        return done.get(10, java.util.concurrent.TimeUnit.SECONDS);
    }

    double state(String name) {
        return context.stateValue(name);
    }

    long status(String counter) {
        return (long) context.stateValue("rsi/" + counter);
    }

    void command(String joint, double radians) {
        context.setCommand(joint + "/position", radians);
    }

    @Override
    public void close() {
        if (robot != null) {
            robot.close();
        }
        driver.onCleanup(LifecycleState.INACTIVE);
    }
}
