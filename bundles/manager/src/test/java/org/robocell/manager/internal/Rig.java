package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;
import org.robocell.resources.internal.ResourceManager;

/** A stepped robot loop with fake hardware and scriptable controllers, for behaviour tests. */
final class Rig {

    final List<String> log = new ArrayList<>();
    final Map<String, Controller> instances = new LinkedHashMap<>();
    final Map<String, Declaration> declarations = new LinkedHashMap<>();
    final Map<String, FakeSystem> hardware = new LinkedHashMap<>();
    final RobotLoop loop;
    final ControllerManager cm;

    Rig(int rate, int capacity) {
        this(rate, capacity, false, System::nanoTime);
    }

    Rig(int rate, int capacity, boolean allowInactive, LongSupplier ticker) {
        this(new LoopConfig("test", rate, org.robocell.api.cell.ClockKind.STEPPED,
                org.robocell.manager.IdleStrategy.SLEEP, capacity, allowInactive, rate), ticker);
    }

    Rig(LoopConfig config) {
        this(config, System::nanoTime);
    }

    Rig(LoopConfig config, LongSupplier ticker) {
        loop = RobotLoop.create(config, new ControllerSource() {
            @Override
            public Controller create(String type) {
                return type.startsWith("test/") ? instances.get(type.substring(5)) : null;
            }

            @Override
            public Collection<String> types() {
                return instances.keySet().stream().map(n -> "test/" + n).toList();
            }
        }, ticker);
        cm = loop.manager();
    }

    /** A 100 Hz rig with one system "arm" of {@code joints} joints (position command, position+velocity state). */
    static Rig withArm(int joints) {
        Rig rig = new Rig(100, 256);
        rig.addHardware(system("arm", HardwareType.SYSTEM, joints, 0, null));
        return rig;
    }

    static HardwareInfo system(String name, HardwareType type, int joints, int rwRate, String group) {
        return system(name, type, "joint", joints, rwRate, group);
    }

    static HardwareInfo system(String name, HardwareType type, String jointPrefix, int joints, int rwRate, String group) {
        List<ComponentInfo> js = new ArrayList<>();
        for (int i = 1; i <= joints; i++) {
            List<InterfaceInfo> cmds = type == HardwareType.SENSOR ? List.of()
                    : List.of(new InterfaceInfo("position", DataType.DOUBLE, -2.0, 2.0, Double.NaN, true, Map.of()),
                            InterfaceInfo.of("velocity"));
            js.add(new ComponentInfo(jointPrefix + i, ComponentKind.JOINT, cmds,
                    List.of(new InterfaceInfo("position", DataType.DOUBLE, Double.NEGATIVE_INFINITY,
                            Double.POSITIVE_INFINITY, 0.0, true, Map.of()), InterfaceInfo.of("velocity")),
                    Map.of()));
        }
        return new HardwareInfo(name, type, "test/FakeSystem", Map.of(), js, List.of(), List.of(), rwRate, group);
    }

    FakeSystem addHardware(HardwareInfo info) {
        FakeSystem fake = new FakeSystem(info.name(), log);
        hardware.put(info.name(), fake);
        loop.addHardware(info, fake);
        return fake;
    }

    FakeSystem hw(String name) {
        return hardware.get(name);
    }

    HardwareStateResult setHardware(String name, LifecycleState target) {
        CompletionStage<HardwareStateResult> f = cm.requestHardwareState(name, target);
        if (!f.toCompletableFuture().isDone()) {
            loop.step();
        }
        assertTrue(f.toCompletableFuture().isDone(), "hardware request did not complete");
        return f.toCompletableFuture().join();
    }

    /** Declares a controller under {@code name} with a type only this rig serves, and its instance. */
    <T extends Controller> T declare(String name, T controller, List<String> fallbacks, Map<String, ?> params) {
        instances.put(name, controller);
        declarations.put(name, new Declaration(name, "test/" + name, fallbacks, new Parameters("test: " + name, params)));
        loop.setDeclarations(declarations.values());
        return controller;
    }

    <T extends Controller> T declare(String name, T controller) {
        return declare(name, controller, List.of(), Map.of());
    }

    TestController controller(String name, List<String> commands, List<String> states) {
        return declare(name, new TestController(name, log, commands, states));
    }

    /** Loads and configures; fails the test when either fails. */
    void loadAndConfigure(String... names) {
        for (String n : names) {
            Result l = cm.load(n);
            assertTrue(l.ok(), l.message());
            Result c = cm.configure(n);
            assertTrue(c.ok(), c.message());
        }
    }

    /** Requests a switch, steps one cycle, and returns the answer (which must have arrived). */
    SwitchResult switchNow(List<String> activate, List<String> deactivate, Strictness strictness) {
        CompletableFuture<SwitchResult> f = cm.switchControllers(activate, deactivate, strictness, 10)
                .toCompletableFuture();
        if (!f.isDone()) {
            step();
        }
        assertTrue(f.isDone(), "the switch was not answered after one cycle");
        return f.join();
    }

    void activate(String... names) {
        SwitchResult r = switchNow(List.of(names), List.of(), Strictness.STRICT);
        assertTrue(r.ok(), r.message());
    }

    void step() {
        TestController.currentCycle = loop.cycles();
        loop.step();
    }

    void step(int n) {
        for (int i = 0; i < n; i++) {
            step();
        }
    }

    LifecycleState state(String controller) {
        return cm.controller(controller).orElseThrow().state();
    }

    /** The loop's resource manager: internal to the manager bundle, reached here for white-box checks. */
    ResourceManager resources() {
        return resources(loop);
    }

    static ResourceManager resources(RobotLoop loop) {
        return ((ControllerManagerImpl) loop.manager()).resources();
    }

    double slot(String name, boolean command) {
        var e = command ? resources().commandEntry(name) : resources().stateEntry(name);
        return resources().slots().get(e.slot());
    }

    void setCommand(String name, double value) {
        resources().slots().set(resources().commandEntry(name).slot(), value);
    }

    boolean available(String name, boolean command) {
        var e = command ? resources().commandEntry(name) : resources().stateEntry(name);
        return e != null && e.isAvailable();
    }

    String claimant(String name) {
        var e = resources().commandEntry(name);
        return e == null ? null : e.claimedBy();
    }

    static List<String> joints(int n, String suffix) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add("joint" + i + suffix);
        }
        return out;
    }
}
