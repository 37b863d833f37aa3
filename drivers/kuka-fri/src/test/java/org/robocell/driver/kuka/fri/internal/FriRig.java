package org.robocell.driver.kuka.fri.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.fri.emulator.FriEmulatorConfig;
import org.robocell.driver.kuka.fri.emulator.FriRobotEmulator;
import org.robocell.driver.testkit.DriverContext;

/**
 * A driver on 127.0.0.1 with an ephemeral FRI port and a stepped emulated LBR iiwa 14 pointed at it. The test thread
 * is both clocks: {@link #cycle()} is one send period, the robot's message and the loop's read and write.
 */
final class FriRig implements AutoCloseable {

    static final String[] JOINTS = { "A1", "A2", "A3", "A4", "A5", "A6", "A7" };

    final KukaFriHardware driver = new KukaFriHardware();
    final DriverContext context;
    FriRobotEmulator robot;

    FriRig(Map<String, String> extraParameters) {
        Map<String, String> params = new HashMap<>();
        params.put("client_ip", "127.0.0.1");
        params.put("client_port", "0");
        params.put("controller_ip", "127.0.0.1");
        params.put("receive_timeout_ms", "2000");
        params.put("activate_timeout_ms", "10000");
        params.putAll(extraParameters);
        context = new DriverContext(info(params));
    }

    static HardwareInfo info(Map<String, String> params) {
        List<ComponentInfo> joints = new ArrayList<>();
        for (String j : JOINTS) {
            joints.add(new ComponentInfo(j, ComponentKind.JOINT,
                    List.of(InterfaceInfo.of("position"), InterfaceInfo.of("effort")),
                    List.of(InterfaceInfo.of("position"), InterfaceInfo.of("effort")), Map.of()));
        }
        return new HardwareInfo("iiwa14", HardwareType.SYSTEM, KukaFriHardwareFactory.PLUGIN_NAME, params, joints,
                List.of(), List.of(), 0, null);
    }

    FriRig configured() {
        assertEquals(CallbackReturn.SUCCESS, driver.onInit(context), driver.lastError());
        assertEquals(CallbackReturn.SUCCESS, driver.onConfigure(LifecycleState.UNCONFIGURED), driver.lastError());
        return this;
    }

    FriEmulatorConfig emulatorDefaults() {
        return FriEmulatorConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), driver.listenPort()));
    }

    /** Opens the robot's session (stepped, nothing sent yet). */
    FriRig robot(UnaryOperator<FriEmulatorConfig> config) throws IOException {
        robot = FriRobotEmulator.open(config.apply(emulatorDefaults()));
        return this;
    }

    /**
     * Activates the driver on another thread, as the manager does, while this thread steps the robot and waits for
     * each reply: the session walks up to COMMANDING_ACTIVE.
     */
    CallbackReturn activate() throws Exception {
        CompletableFuture<CallbackReturn> done = CompletableFuture
                .supplyAsync(() -> driver.onActivate(LifecycleState.INACTIVE));
        for (int i = 0; i < 5000 && !done.isDone(); i++) {
            robot.step();
            robot.awaitReply(50, TimeUnit.MILLISECONDS);
        }
        return done.get(10, TimeUnit.SECONDS);
    }

    FriRig active(UnaryOperator<FriEmulatorConfig> config) throws Exception {
        configured();
        robot(config);
        assertEquals(CallbackReturn.SUCCESS, activate(), driver.lastError());
        return this;
    }

    /** One send period: the robot sends, the loop reads and answers. */
    ReturnType cycle() throws IOException {
        robot.step();
        ReturnType r = driver.read(0, 0);
        if (r != ReturnType.OK) {
            return r;
        }
        return driver.write(0, 0);
    }

    /** Up to {@code n} cycles; the number that were OK. */
    int run(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            if (cycle() != ReturnType.OK) {
                return i;
            }
        }
        return n;
    }

    double state(String name) {
        return context.stateValue(name);
    }

    long status(String counter) {
        return (long) context.stateValue("fri/" + counter);
    }

    void command(int joint, double radians) {
        context.setCommand(JOINTS[joint] + "/position", radians);
    }

    @Override
    public void close() {
        if (robot != null) {
            robot.close();
        }
        driver.onCleanup(LifecycleState.INACTIVE);
    }
}
