package org.robocell.driver.kuka.eac.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.eac.emulator.EacControllerEmulator;
import org.robocell.driver.kuka.eac.emulator.EacEmulatorConfig;
import org.robocell.driver.testkit.DriverContext;

/**
 * An emulated controller on 127.0.0.1 (gRPC on a free port) and a driver receiving on a free UDP port, driven the
 * way the control loop drives hardware: {@code read(); write();}. Stepped: each cycle the test makes the controller
 * send a motion state ({@link #cycle}), the driver answers, the controller judges the answer.
 */
final class EacRig implements AutoCloseable {

    static final String[] JOINTS = { "joint_1", "joint_2", "joint_3", "joint_4", "joint_5", "joint_6" };

    final EacControllerEmulator controller;
    final KukaEacHardware driver = new KukaEacHardware();
    final DriverContext context;

    EacRig(boolean stepped, Map<String, String> params) throws IOException {
        this(stepped, params, c -> c);
    }

    EacRig(boolean stepped, Map<String, String> params, UnaryOperator<EacEmulatorConfig> config) throws IOException {
        controller = EacControllerEmulator.start(config.apply(EacEmulatorConfig.loopback().withStepped(stepped)));
        Map<String, String> p = new HashMap<>();
        p.put("client_ip", "127.0.0.1");
        p.put("client_port", "0");
        p.put("controller_ip", "127.0.0.1");
        p.put("controller_port", Integer.toString(controller.grpcPort()));
        p.put("receive_timeout_ms", "2000");
        p.putAll(params);
        context = new DriverContext(info(p));
    }

    static HardwareInfo info(Map<String, String> params) {
        List<ComponentInfo> joints = new ArrayList<>();
        for (int i = 0; i < JOINTS.length; i++) {
            InterfaceInfo position = new InterfaceInfo("position", null, -3.0, 3.0, Double.NaN, true, Map.of());
            joints.add(new ComponentInfo(JOINTS[i], ComponentKind.JOINT, List.of(position),
                    List.of(InterfaceInfo.of("position")), Map.of()));
        }
        return new HardwareInfo("iisy", HardwareType.SYSTEM, KukaEacHardwareFactory.PLUGIN_NAME, params, joints,
                List.of(), List.of(), 0, null);
    }

    EacRig configured() {
        assertEquals(CallbackReturn.SUCCESS, driver.onInit(context), driver.lastError());
        assertEquals(CallbackReturn.SUCCESS, driver.onConfigure(LifecycleState.UNCONFIGURED), driver.lastError());
        controller.setClientPort(driver.clientPort());
        return this;
    }

    /** Stepped: activates the driver, sending the first motion state once the controller samples. */
    EacRig active() throws Exception {
        CompletableFuture<CallbackReturn> activation = CompletableFuture
                .supplyAsync(() -> driver.onActivate(LifecycleState.INACTIVE));
        await(() -> controller.sampling() || activation.isDone(), "the controller to sample");
        if (controller.sampling()) {
            controller.sendState();
        }
        assertEquals(CallbackReturn.SUCCESS, activation.get(10, TimeUnit.SECONDS), driver.lastError());
        controller.judge(true);
        return this;
    }

    /** Stepped: one cycle in which the driver answers in time. */
    void cycle() throws IOException {
        controller.sendState();
        assertEquals(ReturnType.OK, driver.read(0, 0.004), driver.lastError());
        assertEquals(ReturnType.OK, driver.write(0, 0.004), driver.lastError());
        controller.judge(true);
    }

    double state(String name) {
        return context.stateValue(name);
    }

    void command(String name, double value) {
        context.setCommand(name, value);
    }

    static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - deadline < 0, "timed out waiting for " + what);
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void close() {
        driver.onShutdown(LifecycleState.INACTIVE);
        controller.close();
    }
}
