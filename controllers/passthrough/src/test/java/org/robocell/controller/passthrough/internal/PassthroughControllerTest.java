package org.robocell.controller.passthrough.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** The passthrough controller (ros2_control_demos example 12): references forwarded unchanged, chained or not. */
class PassthroughControllerTest {

    private static final String TYPE = PassthroughControllerFactory.TYPE;

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();

    private PassthroughController create() {
        return (PassthroughController) new PassthroughControllerFactory(channels).create(TYPE);
    }

    private Entry active(String name, PassthroughController c, List<String> interfaces) {
        Entry e = rig.load(name, TYPE, c, Map.of("interfaces", interfaces));
        assertEquals(CallbackReturn.SUCCESS, e.configure(), c::lastError);
        assertEquals(CallbackReturn.SUCCESS, e.activate(), c::lastError);
        return e;
    }

    private CommandInput commands(String controller) {
        return channels.find(controller + "/commands", CommandInput.class).orElseThrow();
    }

    @Test
    void itClaimsTheNamedInterfacesAndExportsOneReferencePerInterfaceUnderItsOwnName() {
        PassthroughController c = create();
        active("joint1_position_controller", c, List.of("joint1/position", "joint2/velocity"));
        assertEquals(InterfaceConfiguration.individual(List.of("joint1/position", "joint2/velocity")),
                c.commandInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.NONE, c.stateInterfaceConfiguration());
        assertEquals(List.of("joint1_position_controller/joint1/position",
                "joint1_position_controller/joint2/velocity"), c.exportReferenceInterfaces());
        assertEquals(List.of("joint1/position", "joint2/velocity"),
                commands("joint1_position_controller").fields());
    }

    @Test
    void unchainedTheCommandChannelFillsTheReferencesAndTheyReachTheHardwareUnchanged() {
        PassthroughController c = create();
        active("pt", c, List.of("joint1/position", "joint2/position"));
        rig.step();
        assertTrue(Double.isNaN(rig.robot().positionCommand(0)), "nothing is written before the first command");
        assertTrue(commands("pt").offer(0.25, -0.5));
        rig.step();
        assertEquals(0.25, rig.robot().positionCommand(0));
        assertEquals(-0.5, rig.robot().positionCommand(1));
        assertEquals(0.25, rig.table().commandValue("pt/joint1/position"), "the reference holds the command");
        rig.steps(5);
        assertEquals(0.25, rig.robot().positionCommand(0), "the last command is kept");
    }

    @Test
    void theChannelRefusesACommandOfTheWrongSizeOrWithNaNOrAnInfinity() {
        active("pt", create(), List.of("joint1/position", "joint2/position"));
        CommandInput in = commands("pt");
        assertFalse(in.offer(1.0));
        assertEquals("pt/commands takes 2 values (joint1/position, joint2/position), got 1", in.explain(1.0));
        assertFalse(in.offer(1.0, Double.NaN));
        assertFalse(in.offer(Double.NEGATIVE_INFINITY, 1.0));
        assertEquals("pt/commands takes finite numbers, got -Infinity for joint1/position",
                in.explain(Double.NEGATIVE_INFINITY, 1.0));
        rig.step();
        assertTrue(Double.isNaN(rig.robot().positionCommand(0)), "no refused command moved anything");
    }

    @Test
    void chainedAPrecedingControllerWritesTheReferencesAndTheChannelIsNotRead() {
        PassthroughController c = create();
        Entry e = rig.load("pt", TYPE, c, Map.of("interfaces", List.of("joint3/effort")));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertTrue(e.setChained(true));
        assertTrue(c.chained());
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        commands("pt").offer(9.0);
        rig.table().setCommand("pt/joint3/effort", 1.5);
        rig.step();
        assertEquals(1.5, rig.robot().effortCommand(2));
    }

    @Test
    void aReferenceThatIsNotAFiniteNumberLeavesTheCommandAsItWas() {
        PassthroughController c = create();
        Entry e = rig.load("pt", TYPE, c, Map.of("interfaces", List.of("joint1/position", "joint2/position")));
        e.configure();
        e.setChained(true);
        e.activate();
        rig.table().setCommand("pt/joint1/position", 0.1);
        rig.table().setCommand("pt/joint2/position", 0.2);
        rig.step();
        rig.table().setCommand("pt/joint1/position", Double.POSITIVE_INFINITY);
        rig.table().setCommand("pt/joint2/position", Double.NaN);
        assertEquals(ReturnType.OK, rig.step());
        assertEquals(0.1, rig.robot().positionCommand(0), "an infinity is not forwarded");
        assertEquals(0.2, rig.robot().positionCommand(1), "NaN means no reference");
    }

    /** ros2_control_demos example 12: two levels of passthrough controllers in a chain. */
    @Test
    void aSecondLevelPassthroughCommandsTheReferencesOfTheFirstLevel() {
        PassthroughController second = create();
        PassthroughController first1 = create();
        PassthroughController first2 = create();
        // load order is update order: the preceding controller first, as the manager orders a chain
        Entry top = rig.load("position_controller", TYPE, second, Map.of("interfaces",
                List.of("joint1_position_controller/joint1/position", "joint2_position_controller/joint2/position")));
        Entry j1 = rig.load("joint1_position_controller", TYPE, first1, Map.of("interfaces",
                List.of("joint1/position")));
        Entry j2 = rig.load("joint2_position_controller", TYPE, first2, Map.of("interfaces",
                List.of("joint2/position")));
        for (Entry e : List.of(j1, j2)) {
            assertEquals(CallbackReturn.SUCCESS, e.configure());
            assertTrue(e.setChained(true));
            assertEquals(CallbackReturn.SUCCESS, e.activate());
        }
        assertEquals(CallbackReturn.SUCCESS, top.configure());
        assertEquals(CallbackReturn.SUCCESS, top.activate(), second::lastError);
        assertEquals(List.of("position_controller/joint1_position_controller/joint1/position",
                "position_controller/joint2_position_controller/joint2/position"), second.exportReferenceInterfaces());

        assertTrue(commands("position_controller").offer(0.3, -0.4));
        rig.step();
        assertEquals(0.3, rig.robot().positionCommand(0));
        assertEquals(-0.4, rig.robot().positionCommand(1));
    }

    @Test
    void activationFailsWhenACommandInterfaceDoesNotExist() {
        PassthroughController c = create();
        Entry e = rig.load("pt", TYPE, c, Map.of("interfaces", List.of("joint1/position", "joint9/position")));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
    }

    @Test
    void reconfiguringWithOtherInterfacesReshapesTheChannelAndCleanupRemovesIt() {
        PassthroughController c = create();
        Entry e = active("pt", c, List.of("joint1/position"));
        e.deactivate();
        e.setParameters(Map.of("interfaces", List.of("joint1/velocity", "joint2/velocity")));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(List.of("joint1/velocity", "joint2/velocity"), commands("pt").fields());
        e.cleanup();
        assertFalse(channels.names().contains("pt/commands"));
    }

    @Test
    void theParametersAreCheckedAsConfigureReadsThem() {
        Controller c = create();
        assertTrue(c.checkParameters(new Parameters("t", Map.of("interfaces", List.of("joint1/position")))).ok());
        assertEquals("parameter 'interfaces' is required but missing",
                c.checkParameters(new Parameters("t", Map.of())).message());
        assertEquals("parameter 'interfaces' must name at least one command interface (e.g. [joint1/position])",
                c.checkParameters(new Parameters("t", Map.of("interfaces", List.of()))).message());
        assertEquals("parameter 'interfaces' names an entry twice: [joint1/position, joint1/position]",
                c.checkParameters(new Parameters("t", Map.of("interfaces",
                        List.of("joint1/position", "joint1/position")))).message());
        assertEquals("parameter 'interfaces' takes full interface names '<joint or controller>/<interface>', got"
                + " 'joint1'", c.checkParameters(new Parameters("t", Map.of("interfaces", List.of("joint1"))))
                        .message());
        ParameterCheck typo = c.checkParameters(new Parameters("t", Map.of("interfaces", List.of("j/p"),
                "interface", List.of("j/p"))));
        assertEquals("unknown parameter 'interface' (did you mean 'interfaces'?)", typo.message());
    }

    @Test
    void aConfigureWithWrongParametersFailsWithOneLine() {
        PassthroughController c = create();
        Entry e = rig.load("pt", TYPE, c, Map.of("interfaces", "joint1/position"));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertEquals("pt: test: pt: parameter 'interfaces' must be a list of strings, got 'joint1/position'",
                c.lastError());
    }

    @Test
    void theFactoryServesOnlyItsType() {
        assertThrows(IllegalArgumentException.class,
                () -> new PassthroughControllerFactory(channels).create("pid_controller/PidController"));
    }

    @Test
    void anUpdateAllocatesNothing() {
        PassthroughController c = create();
        active("pt", c, List.of("joint1/position", "joint2/position"));
        CommandInput in = commands("pt");
        double[] command = { 0.0, 0.0 };
        for (int i = 0; i < 20_000; i++) {
            if (i % 100 == 0) {
                in.offer(command);
            }
            rig.step();
        }
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            in.offer(attempt, -attempt); // polled and forwarded inside the measured cycles
            long bytes = AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < 5_000; i++) {
                    rig.step();
                }
            });
            assertEquals(attempt, rig.robot().positionCommand(0));
            return bytes;
        });
        assertEquals(0, fewest, "bytes allocated in 5000 updates");
    }
}
