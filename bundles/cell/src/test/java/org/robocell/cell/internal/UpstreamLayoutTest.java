package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.forward.internal.ForwardCommandControllerFactory;
import org.robocell.driver.mock.internal.GenericSystemFactory;
import org.robocell.manager.IdleStrategy;

/**
 * A robot set up the way upstream packages set theirs up (kuka_drivers: the manager in one file, each controller in
 * its own, wildcard node names; URDFs naming the plugin by its C++ class), on the real mock driver and forward
 * controller; and what a robot says when its plugin is not installed.
 */
class UpstreamLayoutTest {

    private static final Path CELL = Fr3OnMock.folder();
    private static final String FWD = "forward_command_controller/ForwardCommandController";
    private final ChannelDirectory channels = new ChannelDirectory();
    private final List<RobotAssembly> assemblies = new ArrayList<>();

    @AfterEach
    void stop() {
        assemblies.forEach(RobotAssembly::stop);
    }

    private static RobotSettings settings(Path urdf, List<Path> controllers, String namespace, List<String> inactive) {
        return new RobotSettings("fr3", urdf, controllers, namespace, ClockKind.STEPPED, 0, IdleStrategy.SLEEP,
                List.of(), inactive, List.of(), List.of(), 1024, false, false, 0, Map.of(), "", List.of(), null, "",
                0, List.of(), false, 0, 0);
    }

    private RobotAssembly start(RobotSettings s) {
        RobotAssembly a = new RobotAssembly(s);
        assemblies.add(a);
        a.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        a.controllerFactoryAdded(2L, List.of(FWD), new ForwardCommandControllerFactory(channels));
        a.start();
        return a;
    }

    /** Activates on the stepped loop: the switch is committed by a cycle. */
    private static boolean activate(RobotAssembly a, String controller) {
        var pending = a.manager().switchControllers(List.of(controller), List.of(), Strictness.STRICT, 100)
                .toCompletableFuture();
        for (int i = 0; i < 100 && !pending.isDone(); i++) {
            a.loop().step(1);
        }
        return pending.join().ok();
    }

    private static Path urdfWithPlugin(Path dir, String plugin) throws Exception {
        String fr3 = Files.readString(CELL.resolve("fr3.urdf"));
        assertTrue(fr3.contains("<plugin>" + GenericSystemFactory.PLUGIN + "</plugin>"));
        return Files.writeString(dir.resolve("fr3.urdf"), fr3.replace("<plugin>" + GenericSystemFactory.PLUGIN
                + "</plugin>", "<plugin>" + plugin + "</plugin>"));
    }

    @Test
    void controllersSpreadOverSeveralFilesWithWildcardNamesRunAndUnknownParametersAreNamed(@TempDir Path dir)
            throws Exception {
        Path manager = Files.writeString(dir.resolve("ros2_controller_config.yaml"), """
                /**/controller_manager:
                  ros__parameters:
                    update_rate: 500
                """);
        Path forward = Files.writeString(dir.resolve("forward_controller_config.yaml"), """
                /**/forward_position_controller:
                  ros__parameters:
                    type: forward_command_controller/ForwardCommandController
                    joints: [joint1, joint2]
                    interface_name: position
                    interfce_name: velocity
                """);
        RobotAssembly a = start(settings(CELL.resolve("fr3.urdf"), List.of(manager, forward), "arm", List.of()));

        assertEquals(500, a.manager().updateRate());
        Result loaded = a.manager().load("arm/forward_position_controller");
        assertTrue(loaded.ok(), loaded.message());
        assertTrue(loaded.message().contains("ignored an unknown parameter: interfce_name"), loaded.message());
        assertTrue(a.manager().configure("arm/forward_position_controller").ok());
        assertTrue(activate(a, "arm/forward_position_controller"));
        assertEquals(Set.of("joint1/position", "joint2/position"), Set.copyOf(
                a.manager().controller("arm/forward_position_controller").orElseThrow().claimedInterfaces()));
    }

    @Test
    void aPluginWrittenAsItsCppClassIsTheDriverOfThatName(@TempDir Path dir) throws Exception {
        RobotAssembly a = start(settings(urdfWithPlugin(dir, "mock_components::GenericSystem"),
                List.of(CELL.resolve("controllers.yaml")), "", List.of()));

        assertEquals(LifecycleState.ACTIVE, a.manager().hardware("FR3System").orElseThrow().state());
        assertEquals("", a.waiting());
    }

    @Test
    void aRobotWhosePluginIsNotInstalledSaysSoAndComesUpWhenItsDriverArrives(@TempDir Path dir) throws Exception {
        RobotAssembly a = new RobotAssembly(settings(urdfWithPlugin(dir, "mock_components/GenericSytem"),
                List.of(CELL.resolve("controllers.yaml")), "", List.of()));
        assemblies.add(a);
        List<String> said = new ArrayList<>();
        a.whenWaitingChanges(said::add);
        a.hardwareFactoryAdded(1L, List.of("kuka_rsi_driver/KukaRSIHardware"), info -> {
            throw new AssertionError("not this driver");
        });
        a.start();

        // both components of the cell's FR3 (the arm and its flange sensor) name the misspelt plugin
        assertEquals(List.of("hardware component 'FR3System': hardware plugin 'mock_components/GenericSytem' is not "
                + "installed; installed: kuka_rsi_driver/KukaRSIHardware; hardware component 'FR3FtSensor': hardware"
                + " plugin 'mock_components/GenericSytem' is not installed; installed: kuka_rsi_driver/KukaRSIHardware"),
                said);
        assertFalse(a.isUp());
        assertTrue(a.manager().hardware("FR3System").isEmpty());

        a.hardwareFactoryAdded(2L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertTrue(a.waiting().startsWith("hardware component 'FR3System': hardware plugin "
                + "'mock_components/GenericSytem' is not installed (did you mean 'mock_components/GenericSystem'?)"),
                a.waiting());
    }

    @Test
    void aRobotPackagesDescriptionRunsOnTheMockWhenItsPluginIsReplaced(@TempDir Path dir) throws Exception {
        Path urdf = urdfWithPlugin(dir, "ros2_control_demo_example_1/RRBotSystemPositionOnlyHardware");
        RobotSettings plain = settings(urdf, List.of(CELL.resolve("controllers.yaml")), "", List.of());
        RobotSettings onMock = new RobotSettings(plain.name(), plain.urdf(), plain.controllers(), plain.namespace(),
                plain.clock(), plain.rate(), plain.idle(), plain.hardwareUnconfigured(), plain.hardwareInactive(),
                plain.load(), plain.activate(), plain.slotCapacity(), plain.allowActivationOnInactiveHardware(),
                plain.controllersBeforeHardware(), plain.switchTimeoutCycles(), plain.controlModes(),
                plain.controlMode(), plain.configurationControllers(), plain.lifecycle(), plain.prefix(),
                plain.loopPriority(), plain.loopCpus(), plain.loopLockMemory(), plain.budgetMicros(),
                plain.budgetOverruns(), Map.of(), List.of(),
                HardwarePlugins.parse(List.of("*=mock_components/GenericSystem"), "fr3"));

        RobotAssembly a = start(onMock);

        assertEquals(LifecycleState.ACTIVE, a.manager().hardware("FR3System").orElseThrow().state());
        assertEquals("mock_components/GenericSystem", a.manager().hardware("FR3System").orElseThrow().plugin());
        IllegalArgumentException wrong = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> HardwarePlugins.apply(plain.description(), Map.of("FR3Sytem", "mock_components/GenericSystem"),
                        "fr3"));
        assertTrue(wrong.getMessage().startsWith("robot 'fr3': hardware.plugins names the component 'FR3Sytem', which "),
                wrong.getMessage());
        assertTrue(wrong.getMessage().contains("(did you mean 'FR3System'?)"), wrong.getMessage());
        assertThrows(() -> HardwarePlugins.parse(List.of("mock_components/GenericSystem"), "fr3"),
                "robot 'fr3': hardware.plugins entry 'mock_components/GenericSystem' must be COMPONENT=package/Class or "
                        + "*=package/Class");
    }

    private static void assertThrows(org.junit.jupiter.api.function.Executable e, String message) {
        assertEquals(message, org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, e)
                .getMessage());
    }

    @Test
    void theManagersDefaultsAllowActivatingControllersOnInactiveHardware(@TempDir Path dir) throws Exception {
        Path manager = Files.writeString(dir.resolve("controllers.yaml"), """
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                    defaults:
                      allow_controller_activation_with_inactive_hardware: true
                    forward_position_controller:
                      type: forward_command_controller/ForwardCommandController
                forward_position_controller:
                  ros__parameters:
                    joints: [joint1]
                    interface_name: position
                """);
        RobotAssembly a = start(settings(CELL.resolve("fr3.urdf"), List.of(manager), "", List.of("FR3System")));

        assertEquals(LifecycleState.INACTIVE, a.manager().hardware("FR3System").orElseThrow().state());
        assertTrue(a.manager().load("forward_position_controller").ok());
        assertTrue(a.manager().configure("forward_position_controller").ok());
        assertTrue(activate(a, "forward_position_controller"), "activated with its hardware inactive");
    }
}
