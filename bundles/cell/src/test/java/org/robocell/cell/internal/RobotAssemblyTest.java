package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
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
 * The default cell (runtime/cell: fr3.urdf, controllers.yaml) assembled on a stepped clock with the real mock driver
 * and stand-in controllers for the two declared types: it comes up by itself, and drivers and controller types
 * that go away and come back are followed.
 */
class RobotAssemblyTest {

    private static final Path CELL = Fr3OnMock.folder();
    private static final String JSB = "joint_state_broadcaster/JointStateBroadcaster";
    private static final String FWD = "forward_command_controller/ForwardCommandController";

    private final List<String> activations = new ArrayList<>();
    private RobotAssembly assembly;

    /** Reads every state interface. */
    final class Broadcaster implements Controller {
        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.ALL;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            activations.add("jsb with hardware " + assembly.manager().hardware("FR3System").orElseThrow().state());
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            return ReturnType.OK;
        }
    }

    /** Writes 0.1 to {@code <joint>/<interface_name>} of every joint in {@code joints}. */
    final class Forward implements Controller {
        private ControllerContext context;
        private CommandHandle[] handles = new CommandHandle[0];

        @Override
        public CallbackReturn onInit(ControllerContext context) {
            this.context = context;
            return CallbackReturn.SUCCESS;
        }

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            String iface = context.parameters().getString("interface_name");
            return InterfaceConfiguration.individual(context.parameters().getStringList("joints").stream()
                    .map(j -> j + "/" + iface).toList());
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            activations.add("fwd with hardware " + assembly.manager().hardware("FR3System").orElseThrow().state());
            handles = loans.commands().toArray(new CommandHandle[0]);
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            for (CommandHandle h : handles) {
                h.set(0.1);
            }
            return ReturnType.OK;
        }
    }

    private final ControllerFactory factory = type -> type.equals(JSB) ? new Broadcaster() : new Forward();

    private RobotAssembly assemble(boolean controllersBeforeHardware) {
        RobotSettings s = new RobotSettings("fr3", CELL.resolve("fr3.urdf"), CELL.resolve("controllers.yaml"), "",
                ClockKind.STEPPED, 0, IdleStrategy.SLEEP, List.of(), List.of(), List.of(),
                List.of("joint_state_broadcaster", "forward_position_controller"), 1024, controllersBeforeHardware,
                controllersBeforeHardware, 0, java.util.Map.of(), "", List.of(), null);
        assembly = new RobotAssembly(s);
        assembly.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assembly.controllerFactoryAdded(2L, List.of(JSB, FWD), factory);
        assembly.start();
        return assembly;
    }

    private LifecycleState state(String controller) {
        return assembly.manager().controller(controller).map(c -> c.state()).orElse(LifecycleState.UNKNOWN);
    }

    private double position(String joint) {
        return assembly.manager().interfaces().stream()
                .filter(i -> i.name().equals(joint + "/position") && !i.kind().isCommand()).findFirst().orElseThrow()
                .value();
    }

    @Test
    void theDefaultCellComesUpWithItsHardwareActiveAndItsControllersRunning() {
        assemble(false);
        ControllerManager cm = assembly.manager();
        assertEquals(1000, cm.updateRate(), "update_rate from controllers.yaml");
        assertEquals(LifecycleState.ACTIVE, cm.hardware("FR3System").orElseThrow().state());
        assertEquals(LifecycleState.ACTIVE, state("joint_state_broadcaster"));
        assertEquals(LifecycleState.ACTIVE, state("forward_position_controller"));
        assertTrue(cm.hardware("FR3System").orElseThrow().pluginAvailable());
        // joint1 may move 2.62 rad/s (the FR3's URDF): 0.1 rad is 39 cycles of 1 ms away
        assembly.loop().step(3);
        assertEquals(3 * 0.00262, position("joint1"), 1e-9, "the mock mirrors the command, one limited step a cycle");
        assembly.loop().step(40);
        assertEquals(0.1, position("joint1"), 1e-12, "and gets there");
        assembly.stop();
        assertEquals(LifecycleState.FINALIZED, cm.hardware("FR3System").orElseThrow().state());
        assertTrue(cm.controllers().isEmpty());
    }

    /**
     * The cell marks a robot up (the shell waits for it) once its driver is there and its start controllers run; a
     * start controller whose type is not installed does not hold it back, one that is loaded and not active does.
     */
    @Test
    void theRobotIsUpOnceItsDriverIsThereAndItsStartControllersRun() {
        RobotSettings s = new RobotSettings("fr3", CELL.resolve("fr3.urdf"), CELL.resolve("controllers.yaml"), "",
                ClockKind.STEPPED, 0, IdleStrategy.SLEEP, List.of(), List.of(), List.of(),
                List.of("joint_state_broadcaster", "forward_position_controller"), 1024, false, false, 0,
                java.util.Map.of(), "", List.of(), null);
        assembly = new RobotAssembly(s);
        int[] up = new int[1];
        assembly.whenUp(() -> up[0]++);
        assembly.controllerFactoryAdded(2L, List.of(JSB), factory); // the forward controller's type is not installed
        assembly.start();
        assertEquals(0, up[0], "the broadcaster is loaded and waits for the driver");
        assertTrue(!assembly.isUp());
        assembly.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertEquals(LifecycleState.ACTIVE, state("joint_state_broadcaster"));
        assertEquals(1, up[0], "up: the forward controller's missing type does not hold it back");
        assembly.controllerFactoryAdded(3L, List.of(FWD), factory);
        assertEquals(LifecycleState.ACTIVE, state("forward_position_controller"));
        assertEquals(1, up[0], "once");
        assembly.stop();
    }

    @Test
    void aControllerTypeThatGoesAwayAndComesBackIsReloadedAndReactivated() {
        assemble(false);
        assembly.controllerFactoryRemoved(2L);
        assertEquals(LifecycleState.UNKNOWN, state("forward_position_controller"), "unloaded with its code");
        assertTrue(assembly.manager().types().isEmpty());
        assembly.controllerFactoryAdded(3L, List.of(JSB, FWD), factory);
        assertEquals(LifecycleState.ACTIVE, state("forward_position_controller"));
        assertEquals(LifecycleState.ACTIVE, state("joint_state_broadcaster"));
        assembly.stop();
    }

    @Test
    void aDriverThatGoesAwayAndComesBackBringsItsHardwareAndControllersBack() {
        assemble(false);
        assembly.hardwareFactoryRemoved(1L);
        assertTrue(assembly.manager().hardware("FR3System").isEmpty());
        assertEquals(LifecycleState.INACTIVE, state("forward_position_controller"));
        assembly.hardwareFactoryAdded(4L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertEquals(LifecycleState.ACTIVE, assembly.manager().hardware("FR3System").orElseThrow().state());
        assertEquals(LifecycleState.ACTIVE, state("forward_position_controller"));
        assembly.stop();
    }

    /** An update of the driver bundle once snapped all seven FR3 joints back to their URDF start values. */
    @Test
    void aDriverThatIsUpdatedComesBackWhereTheRobotWasNotAtTheUrdfStartValues() {
        assemble(false);
        assembly.loop().step(60);
        double joint1 = position("joint1");
        double joint4 = position("joint4");
        assertEquals(0.1, joint1, 1e-12, "moved by the forward controller");
        assembly.hardwareFactoryRemoved(1L);
        assembly.hardwareFactoryAdded(4L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assertEquals(joint1, position("joint1"), 1e-12, "the new driver starts where the robot is");
        assertEquals(joint4, position("joint4"), 1e-12);
        for (int i = 0; i < 20; i++) {
            assembly.loop().step();
            assertEquals(joint1, position("joint1"), 1e-12, "and holds it: no jump in any cycle");
        }
        assembly.stop();
    }

    @Test
    void aKukaStyleCellActivatesItsControllersBeforeItsHardware() {
        assemble(true);
        assertEquals(List.of("jsb with hardware inactive", "fwd with hardware inactive"), activations);
        assertEquals(LifecycleState.ACTIVE, assembly.manager().hardware("FR3System").orElseThrow().state());
        assembly.loop().step(3);
        assertEquals(0.1, position("joint7"), 1e-12);
        assembly.stop();
    }

    /**
     * A controller bundle updated: its bundle is STOPPING and the new revision's factory is registered, while the
     * worker has not seen either service event yet. An instance created now comes from the new code, never from the
     * stopping bundle.
     */
    @Test
    void anInstanceCreatedDuringABundleUpdateComesFromTheNewCodeNotFromTheStoppingBundle() {
        assemble(false);
        List<String> created = new ArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean oldBundleRunning = new java.util.concurrent.atomic.AtomicBoolean(true);
        ControllerFactory oldCode = type -> {
            created.add("old");
            return new Forward();
        };
        ControllerFactory newCode = type -> {
            created.add("new");
            return new Forward();
        };
        assembly.trackControllerFactory(7L, List.of(FWD), oldCode, oldBundleRunning::get);
        assembly.controllerFactoryAdded(7L, List.of(FWD), oldCode);
        assertTrue(assembly.manager().load("a", FWD).ok());
        assertEquals(List.of("old"), created, "the factory registered last serves the type");

        oldBundleRunning.set(false); // update: the old revision stops; its service is still registered
        assertTrue(assembly.manager().load("b", FWD).ok());
        assertEquals(List.of("old"), created, "nothing from the stopping bundle");
        assembly.trackControllerFactory(8L, List.of(FWD), newCode, () -> true); // the new revision's bind
        assertTrue(assembly.manager().load("c", FWD).ok());
        assertEquals(List.of("old", "new"), created, "the new code, before the worker saw the events");

        assembly.withdrawControllerFactory(8L); // unregistered again before the worker reacted
        Result r = assembly.manager().load("d", FWD);
        assertTrue(r.ok(), r.message());
        assertEquals(List.of("old", "new"), created, "a withdrawn factory creates nothing");
        assembly.controllerFactoryRemoved(7L);
        assembly.controllerFactoryRemoved(8L);
        assertEquals(List.of(FWD, JSB), assembly.manager().types(), "the first factory serves both again");
        assembly.stop();
    }

    @Test
    void aTypeOnlyAStoppingBundleServesIsNotInstalled() {
        assemble(false);
        assembly.controllerFactoryRemoved(2L);
        List<String> created = new ArrayList<>();
        ControllerFactory stopping = type -> {
            created.add(type);
            return new Forward();
        };
        assembly.trackControllerFactory(9L, List.of(FWD), stopping, () -> false);
        Result r = assembly.manager().load("e", FWD);
        assertFalse(r.ok());
        assertTrue(r.message().contains("is not installed"), r.message());
        assertEquals(List.of(), created);
        assertEquals(List.of(), assembly.manager().types());
        assembly.stop();
    }

    /**
     * While no driver serves a component's plugin the robot names that plugin, as its URDF writes it (what a tool
     * installs a driver for), beside the line that says it in words; once a driver serves it, neither is there.
     */
    @Test
    void aPluginNoDriverServesIsNamedUntilADriverArrives() {
        RobotSettings s = new RobotSettings("fr3", CELL.resolve("fr3.urdf"), CELL.resolve("controllers.yaml"), "",
                ClockKind.STEPPED, 0, IdleStrategy.SLEEP, List.of(), List.of(), List.of(),
                List.of("joint_state_broadcaster"), 1024, false, false, 0, java.util.Map.of(), "", List.of(), null);
        assembly = new RobotAssembly(s);
        List<String> waitingLines = new java.util.ArrayList<>();
        List<List<String>> named = new java.util.ArrayList<>();
        assembly.whenWaitingChanges(w -> {
            waitingLines.add(w);
            named.add(List.of(assembly.missingPluginNames()));
        });
        assembly.controllerFactoryAdded(2L, List.of(JSB), factory);
        assembly.start();
        String plugin = assembly.description().hardware().get(0).plugin().trim();
        assertEquals(List.of(List.of(plugin)), named, "one component, one plugin missing");
        assertTrue(waitingLines.get(0).contains("hardware plugin '" + plugin + "' is not installed"), waitingLines.get(0));

        assembly.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());

        assertEquals(List.of(List.of(plugin), List.of()), named);
        assertEquals("", waitingLines.get(1));
        assertEquals(0, assembly.missingPluginNames().length);
        assembly.stop();
    }

    /**
     * A controller type the controllers file declares and no bundle provides is named (for the features installer)
     * until a bundle providing it arrives, and each change is reported; a type the file does not declare is not.
     */
    @Test
    void aDeclaredControllerTypeNoBundleProvidesIsNamedUntilOneArrives() {
        RobotSettings s = new RobotSettings("fr3", CELL.resolve("fr3.urdf"), CELL.resolve("controllers.yaml"), "",
                ClockKind.STEPPED, 0, IdleStrategy.SLEEP, List.of(), List.of(), List.of(),
                List.of("joint_state_broadcaster"), 1024, false, false, 0, java.util.Map.of(), "", List.of(), null);
        assembly = new RobotAssembly(s);
        List<List<String>> named = new java.util.ArrayList<>();
        assembly.whenWaitingChanges(w -> named.add(List.of(assembly.missingControllerTypes())));
        assembly.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        assembly.controllerFactoryAdded(2L, List.of(JSB), factory);
        assembly.start();
        List<String> missing = List.of(assembly.missingControllerTypes());
        assertTrue(missing.contains(FWD), missing.toString());
        assertFalse(missing.contains(JSB), "its bundle is there: " + missing);
        assertEquals(missing, named.get(named.size() - 1), "reported");

        assembly.controllerFactoryAdded(3L, List.of(FWD, "nobody_declares/ThisType"), factory);

        List<String> after = List.of(assembly.missingControllerTypes());
        assertFalse(after.contains(FWD), after.toString());
        assertEquals(missing.size() - 1, after.size(), "only the arrived type left the list: " + after);
        assertEquals(after, named.get(named.size() - 1), "the change reported");

        // a type asked for by name, declared nowhere: named from the load that found no bundle for it
        assertEquals(org.robocell.api.cell.Reason.NOT_INSTALLED,
                assembly.manager().load("jog", "pid_controller/PidController").reason());
        assertEquals("pid_controller/PidController", named.get(named.size() - 1).get(after.size()), named.toString());
        assembly.controllerFactoryAdded(4L, List.of("pid_controller/PidController"), factory);
        assertEquals(after, List.of(assembly.missingControllerTypes()));
        assembly.stop();
    }

    /** Drivers and controller types going away: INFO while the cell runs, FINE while the runtime shuts down. */
    @Test
    void departuresAreLoggedAtInfoWhileRunningAndAtFineWhileShuttingDown() {
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger("org.robocell.cell");
        List<java.util.logging.LogRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                if (new java.util.logging.SimpleFormatter().formatMessage(r).contains("went away")) {
                    records.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Level before = jul.getLevel();
        jul.setLevel(java.util.logging.Level.ALL);
        jul.addHandler(handler);
        try {
            for (boolean down : new boolean[] { false, true }) {
                records.clear();
                RobotSettings s = new RobotSettings("fr3", CELL.resolve("fr3.urdf"), CELL.resolve("controllers.yaml"), "",
                        ClockKind.STEPPED, 0, IdleStrategy.SLEEP, List.of(), List.of(), List.of(),
                        List.of("joint_state_broadcaster", "forward_position_controller"), 1024, false, false, 0,
                        java.util.Map.of(), "", List.of(), null);
                java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
                assembly = new RobotAssembly(s, stopping::get);
                assembly.hardwareFactoryAdded(1L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
                assembly.controllerFactoryAdded(2L, List.of(JSB, FWD), factory);
                assembly.start();
                stopping.set(down); // the runtime begins to stop after the robot came up
                assembly.hardwareFactoryRemoved(1L);
                assembly.controllerFactoryRemoved(2L);
                java.util.logging.Level expected = down ? java.util.logging.Level.FINE : java.util.logging.Level.INFO;
                // the FR3's arm and its flange sensor both run on the mock driver
                assertEquals(4, records.size(), "the driver's two components and two controller types: " + records);
                for (java.util.logging.LogRecord r : records) {
                    assertEquals(expected, r.getLevel(), "shutting down " + down + ": " + r.getMessage());
                }
                assembly.stop();
            }
        } finally {
            jul.removeHandler(handler);
            jul.setLevel(before);
        }
    }

    @Test
    void whenOneOfTwoFactoriesOfATypeGoesTheInstancesMoveToTheOtherWithoutStopping() {
        assemble(false);
        List<String> created = new ArrayList<>();
        ControllerFactory second = type -> {
            created.add(type);
            return type.equals(JSB) ? new Broadcaster() : new Forward();
        };
        assembly.controllerFactoryAdded(5L, List.of(JSB, FWD), second);
        assertEquals(List.of(), created, "a new factory alone does not replace running instances");
        assembly.controllerFactoryRemoved(2L);
        assertEquals(java.util.Set.of(JSB, FWD), java.util.Set.copyOf(created));
        assertEquals(2, created.size());
        assertEquals(LifecycleState.ACTIVE, state("forward_position_controller"));
        assertEquals(LifecycleState.ACTIVE, state("joint_state_broadcaster"));
        assembly.stop();
    }

    @Test
    void theLoopsRealTimeKeysReachItsLoopConfig() {
        java.util.Hashtable<String, Object> d = new java.util.Hashtable<>();
        d.put("name", "fr3");
        d.put("urdf", "fr3.urdf");
        d.put("clock", "stepped");
        d.put("rate", "100");
        d.put("loop.priority", "80");
        d.put("loop.cpus", "3, 1");
        d.put("loop.lock.memory", "true");
        RobotSettings s = RobotSettings.of(CellFolder.config(d), CELL);
        assembly = new RobotAssembly(s);
        assembly.build();
        org.robocell.manager.LoopConfig config = assembly.loop().config();
        assertEquals(80, config.threadPriority());
        assertEquals(List.of(3, 1), config.cpuAffinity());
        assertTrue(config.lockMemory());
        assembly.stop();

        d.remove("loop.priority");
        d.remove("loop.cpus");
        d.remove("loop.lock.memory");
        assembly = new RobotAssembly(RobotSettings.of(CellFolder.config(d), CELL));
        assembly.build();
        assertFalse(assembly.loop().config().realTime(), "no keys: the scheduler, CPUs and memory are left alone");
        assembly.stop();
    }

    @Test
    void aRealTimeValueThatCanNeverWorkIsAOneLineConfigurationError() {
        java.util.Hashtable<String, Object> d = new java.util.Hashtable<>();
        d.put("name", "fr3");
        d.put("urdf", "fr3.urdf");
        d.put("loop.priority", "120");
        IllegalArgumentException priority = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> RobotSettings.of(CellFolder.config(d), CELL));
        assertEquals("robot 'fr3': loop.priority must be 0 (default scheduling) or a SCHED_FIFO priority 1..99, got 120",
                priority.getMessage());
        d.put("loop.priority", "80");
        d.put("loop.cpus", "1, two");
        IllegalArgumentException cpus = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> RobotSettings.of(CellFolder.config(d), CELL));
        assertEquals("robot 'fr3': loop.cpus must be CPU numbers (0, 1, ...), comma-separated, got 'two'",
                cpus.getMessage());
    }
}
