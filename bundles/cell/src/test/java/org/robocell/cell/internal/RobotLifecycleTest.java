package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.Result;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.mock.internal.GenericSystemFactory;
import org.robocell.manager.IdleStrategy;

/**
 * The robot lifecycle (the KUKA robot_manager model) on the FR3 of the default cell with the mock driver: configure
 * brings the hardware up and the broadcaster on, activate starts the mode's controllers before the hardware,
 * a mode switch swaps controllers at one cycle boundary, deactivate and cleanup take it back down.
 */
class RobotLifecycleTest {

    private static final Path FR3 = Fr3OnMock.folder().resolve("fr3.urdf");
    private final List<String> events = new ArrayList<>();
    private RobotAssembly assembly;

    final class Probe implements Controller {
        private ControllerContext context;
        private CommandHandle[] handles = new CommandHandle[0];

        @Override
        public CallbackReturn onInit(ControllerContext context) {
            this.context = context;
            return CallbackReturn.SUCCESS;
        }

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return context.type().endsWith("Broadcaster") ? InterfaceConfiguration.NONE
                    : InterfaceConfiguration.individual(context.parameters().getStringList("joints").stream()
                            .map(j -> j + "/position").toList());
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return context.type().endsWith("Broadcaster") ? InterfaceConfiguration.ALL : InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            events.add(context.name() + " on, hardware " + assembly.manager().hardware("FR3System").orElseThrow().state());
            handles = loans.commands().toArray(new CommandHandle[0]);
            return CallbackReturn.SUCCESS;
        }

        @Override
        public CallbackReturn onDeactivate(LifecycleState previous) {
            events.add(context.name() + " off");
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            for (CommandHandle h : handles) {
                h.set(context.parameters().getDouble("target", 0.0));
            }
            return ReturnType.OK;
        }
    }

    private RobotAssembly assemble(Path dir, LifecycleState lifecycle, boolean withDriver) throws Exception {
        return assemble(dir, lifecycle, withDriver, () -> false);
    }

    private RobotAssembly assemble(Path dir, LifecycleState lifecycle, boolean withDriver,
            java.util.function.BooleanSupplier shuttingDown) throws Exception {
        Path yaml = dir.resolve("controllers.yaml");
        Files.writeString(yaml, """
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                    jsb:
                      type: test/Broadcaster
                    hold:
                      type: test/Forward
                    move:
                      type: test/Forward
                hold:
                  ros__parameters:
                    joints: [joint1, joint2]
                    target: 0.0
                move:
                  ros__parameters:
                    joints: [joint1, joint2]
                    target: 0.2
                """);
        Map<String, List<String>> modes = new LinkedHashMap<>();
        modes.put("holding", List.of("hold"));
        modes.put("moving", List.of("move"));
        assembly = new RobotAssembly(new RobotSettings("fr3", FR3, yaml, "", ClockKind.STEPPED, 0, IdleStrategy.SLEEP,
                List.of(), List.of(), List.of(), List.of(), 1024, true, false, 0, modes, "", List.of("jsb"), lifecycle),
                shuttingDown);
        if (withDriver) {
            assembly.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        }
        ControllerFactory probes = type -> new Probe();
        assembly.controllerFactoryAdded(2L, List.of("test/Broadcaster", "test/Forward"), probes);
        assembly.start();
        return assembly;
    }

    private LifecycleState hardware() {
        return assembly.manager().hardware("FR3System").orElseThrow().state();
    }

    private LifecycleState controller(String name) {
        return assembly.manager().controller(name).map(c -> c.state()).orElse(LifecycleState.UNKNOWN);
    }

    @Test
    void configureActivateSwitchModeDeactivateAndCleanUp(@TempDir Path dir) throws Exception {
        assemble(dir, LifecycleState.UNCONFIGURED, true);
        assertEquals(LifecycleState.UNCONFIGURED, assembly.lifecycleState());
        assertEquals(LifecycleState.UNCONFIGURED, hardware());

        Result configured = assembly.configure();
        assertTrue(configured.ok(), configured.message());
        assertEquals(LifecycleState.INACTIVE, hardware());
        assertEquals(LifecycleState.ACTIVE, controller("jsb"));

        Result active = assembly.activate(null);
        assertTrue(active.ok(), active.message());
        assertEquals("robot 'fr3' is active in control mode 'holding'", active.message());
        assertTrue(events.contains("hold on, hardware inactive"), "controllers first, then the hardware: " + events);
        assertEquals(LifecycleState.ACTIVE, hardware());
        assertEquals("holding", assembly.controlMode());
        events.clear();
        assembly.loop().step();
        assertEquals(List.of("hold off", "hold on, hardware active"), events,
                "the first read after the hardware's activation restarts the controllers on it from that state");

        events.clear();
        Result switched = assembly.switchControlMode("moving");
        assertTrue(switched.ok(), switched.message());
        assertEquals(List.of("hold off", "move on, hardware active"), events, "one commit: off, then on");
        assertEquals(LifecycleState.INACTIVE, controller("hold"));
        assertEquals(LifecycleState.ACTIVE, controller("move"));
        assembly.loop().step(10); // 0.2 rad at 2.62 rad/s and 100 Hz: 8 limited steps
        assertEquals(0.2, assembly.manager().interfaces().stream()
                .filter(i -> i.name().equals("joint1/position") && !i.kind().isCommand()).findFirst().orElseThrow()
                .value(), 1e-12);

        Result inactive = assembly.deactivate();
        assertTrue(inactive.ok(), inactive.message());
        assertEquals(LifecycleState.INACTIVE, hardware());
        assertEquals(LifecycleState.INACTIVE, controller("move"));
        assertEquals(LifecycleState.ACTIVE, controller("jsb"), "the broadcaster runs while configured");
        assertEquals("", assembly.controlMode());

        Result cleaned = assembly.cleanup();
        assertTrue(cleaned.ok(), cleaned.message());
        assertEquals(LifecycleState.UNCONFIGURED, hardware());
        assertEquals(LifecycleState.INACTIVE, controller("jsb"));
        assertEquals(LifecycleState.UNCONFIGURED, assembly.lifecycleState());
        assembly.stop();
    }

    @Test
    void aTransitionFromTheWrongStateOrToAnUnknownModeIsAOneLineAnswer(@TempDir Path dir) throws Exception {
        assemble(dir, LifecycleState.UNCONFIGURED, true);
        Result early = assembly.deactivate();
        assertFalse(early.ok());
        assertEquals("robot 'fr3' is unconfigured; deactivate needs it active", early.message());
        Result unknownFirst = assembly.activate("hold");
        assertFalse(unknownFirst.ok());
        assertEquals("robot 'fr3' has no control mode 'hold' (did you mean 'holding'?)", unknownFirst.message());
        assertEquals(LifecycleState.UNCONFIGURED, assembly.lifecycleState(), "an unknown mode changes nothing");
        assertTrue(assembly.configure().ok());
        Result unknown = assembly.activate("hold");
        assertFalse(unknown.ok());
        assertEquals("robot 'fr3' has no control mode 'hold' (did you mean 'holding'?)", unknown.message());
        assertFalse(assembly.switchControlMode("moving").ok(), "not active");
        assertEquals(LifecycleState.INACTIVE, assembly.lifecycleState());
        assembly.stop();
    }

    @Test
    void activateBringsAnUnconfiguredRobotUpInOneCommandConfiguringItFirst(@TempDir Path dir) throws Exception {
        assemble(dir, LifecycleState.UNCONFIGURED, true);
        Result active = assembly.activate(null);
        assertTrue(active.ok(), active.message());
        assertEquals(LifecycleState.ACTIVE, assembly.lifecycleState());
        assertEquals(LifecycleState.ACTIVE, hardware());
        assertEquals(LifecycleState.ACTIVE, controller("jsb"), "configured on the way: its configuration controllers");
        assertEquals(LifecycleState.ACTIVE, controller("hold"));
        assembly.stop();
    }

    @Test
    void aRobotConfiguredToStartActiveComesUpInItsDefaultModeEvenWhenItsDriverArrivesLate(@TempDir Path dir)
            throws Exception {
        assemble(dir, LifecycleState.ACTIVE, false);
        assertEquals(LifecycleState.UNCONFIGURED, assembly.lifecycleState(), "no hardware yet");
        assembly.hardwareFactoryAdded(3L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertEquals(LifecycleState.ACTIVE, assembly.lifecycleState());
        assertEquals(LifecycleState.ACTIVE, hardware());
        assertEquals(LifecycleState.ACTIVE, controller("hold"));
        assertEquals(LifecycleState.ACTIVE, controller("jsb"));
        assembly.stop();
    }

    @Test
    void whileTheRuntimeStopsNothingIsBroughtUpAgain(@TempDir Path dir) throws Exception {
        java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
        assemble(dir, LifecycleState.ACTIVE, false, stopping::get);
        stopping.set(true);
        // bundles stop one by one: a service event that would bring the robot up must not try its hardware (whose
        // robot or emulator may already be gone: a configure then fails with a WARNING per event)
        assembly.hardwareFactoryAdded(3L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertEquals(LifecycleState.UNCONFIGURED, assembly.lifecycleState());
        assertTrue(assembly.manager().hardware("FR3System").isEmpty(), "no component added while stopping");
        assembly.stop();
    }

    @Test
    void aDriverThatGoesAndComesBackBringsTheRobotBackToItsModeControllersFirst(@TempDir Path dir) throws Exception {
        assemble(dir, LifecycleState.ACTIVE, true);
        assertTrue(assembly.switchControlMode("moving").ok());
        assembly.hardwareFactoryRemoved(1L);
        assertEquals(LifecycleState.UNCONFIGURED, assembly.lifecycleState());
        events.clear();
        assembly.hardwareFactoryAdded(4L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertEquals(LifecycleState.ACTIVE, assembly.lifecycleState());
        assertEquals("moving", assembly.controlMode(), "the mode asked last");
        assertTrue(events.contains("move on, hardware inactive"), events.toString());
        assertEquals(LifecycleState.ACTIVE, hardware());
        assembly.stop();
    }
}
