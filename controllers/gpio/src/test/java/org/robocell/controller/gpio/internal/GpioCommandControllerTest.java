package org.robocell.controller.gpio.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/**
 * ros2_controllers' GpioCommandController with the GPIOs of ros2_control_demos example 10: an analog I/O block
 * (one output, two inputs, the output's state) and a vacuum gripper.
 */
class GpioCommandControllerTest {

    private static final String TYPE = GpioCommandControllerFactory.TYPE;

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();
    private GpioCommandController gpio;

    @BeforeEach
    void example10Gpios() {
        rig.table().addCommand("flange_analog_IOs/analog_output1");
        rig.table().addState("flange_analog_IOs/analog_output1", 0.0);
        rig.table().addState("flange_analog_IOs/analog_input1", 0.25);
        rig.table().addState("flange_analog_IOs/analog_input2", 0.75);
        rig.table().addCommand("flange_vacuum/vacuum");
        rig.table().addState("flange_vacuum/vacuum", 1.0);
        rig.table().addState("tool_changer/locked", 1.0);
    }

    /** The controller of example 10's rrbot_controllers.yaml, keys as the controllers file reader flattens them. */
    private static Map<String, Object> example10(Object... more) {
        Map<String, Object> p = new HashMap<>();
        p.put("gpios", List.of("flange_analog_IOs", "flange_vacuum"));
        p.put("command_interfaces.flange_analog_IOs.interfaces", List.of("analog_output1"));
        p.put("command_interfaces.flange_vacuum.interfaces", List.of("vacuum"));
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }

    private Entry load(Map<String, Object> parameters) {
        gpio = (GpioCommandController) new GpioCommandControllerFactory(channels).create(TYPE);
        return rig.load("gpio_controller", TYPE, gpio, parameters);
    }

    private Entry active(Map<String, Object> parameters) {
        Entry e = load(parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> gpio.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> gpio.lastError());
        return e;
    }

    private CommandInput commands() {
        return channels.find("gpio_controller/commands", CommandInput.class).orElseThrow();
    }

    private StateOutput states() {
        return channels.find("gpio_controller/gpio_states", StateOutput.class).orElseThrow();
    }

    @Test
    void withoutStateInterfacesEveryStateInterfaceOfTheConfiguredGpiosIsPublished() {
        active(example10());
        assertEquals(InterfaceConfiguration.individual(List.of("flange_analog_IOs/analog_output1",
                "flange_vacuum/vacuum")), gpio.commandInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.ALL, gpio.stateInterfaceConfiguration());
        rig.step();
        StateOutput.Snapshot s = states().snapshot();
        assertEquals(List.of("flange_analog_IOs/analog_output1", "flange_analog_IOs/analog_input1",
                "flange_analog_IOs/analog_input2", "flange_vacuum/vacuum"), s.fields(),
                "the tool changer is not one of the gpios");
        assertEquals(List.of(0.0, 0.25, 0.75, 1.0), Arrays.stream(s.values()).boxed().toList());
        rig.table().setState("flange_analog_IOs/analog_input2", 0.5);
        rig.step();
        assertEquals(0.5, states().snapshot().values()[2], "published every update");
    }

    @Test
    void namedStateInterfacesArePublishedInTheOrderGiven() {
        active(example10("state_interfaces.flange_vacuum.interfaces", List.of("vacuum"),
                "state_interfaces.flange_analog_IOs.interfaces", List.of("analog_input2", "analog_input1")));
        rig.step();
        assertEquals(List.of("flange_analog_IOs/analog_input2", "flange_analog_IOs/analog_input1",
                "flange_vacuum/vacuum"), states().fields());
    }

    @Test
    void aCommandSetsTheOutputsNamedByTheChannelsFieldsAndNaNLeavesAnOutputAlone() {
        active(example10());
        assertEquals(List.of("flange_analog_IOs/analog_output1", "flange_vacuum/vacuum"), commands().fields());
        rig.step();
        assertTrue(Double.isNaN(rig.table().commandValue("flange_vacuum/vacuum")), "nothing before a command");

        assertTrue(commands().offer(0.5, 1.0));
        rig.step();
        assertEquals(0.5, rig.table().commandValue("flange_analog_IOs/analog_output1"));
        assertEquals(1.0, rig.table().commandValue("flange_vacuum/vacuum"));

        assertTrue(commands().offer(Double.NaN, 0.0), "release the vacuum only");
        rig.step();
        assertEquals(0.5, rig.table().commandValue("flange_analog_IOs/analog_output1"));
        assertEquals(0.0, rig.table().commandValue("flange_vacuum/vacuum"));
    }

    @Test
    void theNewestCommandIsWrittenEveryUpdate() {
        active(example10());
        commands().offer(0.5, 1.0);
        rig.step();
        rig.table().setCommand("flange_vacuum/vacuum", 7.0);
        rig.step();
        assertEquals(1.0, rig.table().commandValue("flange_vacuum/vacuum"));
    }

    @Test
    void theChannelRefusesAnInfinityOrAWrongCount() {
        active(example10());
        assertFalse(commands().offer(1.0));
        assertEquals("gpio_controller/commands takes 2 values (flange_analog_IOs/analog_output1,"
                + " flange_vacuum/vacuum), got 1", commands().explain(1.0));
        assertFalse(commands().offer(Double.POSITIVE_INFINITY, 1.0));
        assertEquals("gpio_controller/commands takes finite numbers or NaN, got Infinity for"
                + " flange_analog_IOs/analog_output1", commands().explain(Double.POSITIVE_INFINITY, 1.0));
        rig.step();
        assertTrue(Double.isNaN(rig.table().commandValue("flange_analog_IOs/analog_output1")));
    }

    @Test
    void aCommandLeftFromBeforeADeactivationIsNotAppliedOnTheNextActivation() {
        Entry e = active(example10());
        commands().offer(0.5, 1.0);
        rig.step();
        e.deactivate();
        commands().offer(0.9, 0.0);
        rig.table().setCommand("flange_vacuum/vacuum", Double.NaN);
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        rig.steps(3);
        assertTrue(Double.isNaN(rig.table().commandValue("flange_vacuum/vacuum")));
    }

    @Test
    void aStateOnlyControllerHasNoCommandChannel() {
        Map<String, Object> p = new HashMap<>();
        p.put("gpios", List.of("tool_changer"));
        active(p);
        rig.step();
        assertEquals(List.of("gpio_controller/gpio_states"), channels.names());
        assertEquals(List.of("tool_changer/locked"), states().fields());
        assertEquals(InterfaceConfiguration.individual(List.of()), gpio.commandInterfaceConfiguration());
    }

    @Test
    void activationIsRefusedNamingTheInterfacesThatDoNotExist() {
        Entry e = load(example10("state_interfaces.flange_vacuum.interfaces", List.of("vacuum", "pressure")));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals("gpio_controller: GPIO interface flange_vacuum/pressure does not exist", gpio.lastError());
        e.cleanup();

        Map<String, Object> nothing = new HashMap<>();
        nothing.put("gpios", List.of("no_such_gpio"));
        Entry empty = load(nothing);
        assertEquals(CallbackReturn.SUCCESS, empty.configure());
        assertEquals(CallbackReturn.FAILURE, empty.activate());
        assertEquals("gpio_controller: no command or state interfaces are configured: the GPIOs [no_such_gpio] have"
                + " no state interfaces and no command_interfaces are named", gpio.lastError());
    }

    @Test
    void theParametersAreCheckedAsConfigureReadsThem() {
        Controller c = new GpioCommandControllerFactory(channels).create(TYPE);
        assertTrue(c.checkParameters(new Parameters("t", example10())).ok());
        assertEquals("parameter 'gpios' must name at least one GPIO",
                c.checkParameters(new Parameters("t", Map.of("gpios", List.of()))).message());
        assertEquals("parameter 'gpios' names an entry twice: [a, a]",
                c.checkParameters(new Parameters("t", Map.of("gpios", List.of("a", "a")))).message());
        assertEquals("parameter 'command_interfaces.flange_vacuum.interfaces' takes interface names of GPIO"
                + " 'flange_vacuum' without the GPIO (e.g. [vacuum]), got 'flange_vacuum/vacuum'",
                c.checkParameters(new Parameters("t", example10("command_interfaces.flange_vacuum.interfaces",
                        List.of("flange_vacuum/vacuum")))).message());
        assertEquals("parameter 'state_interfaces.flange_vacuum.interfaces' names an entry twice: [vacuum, vacuum]",
                c.checkParameters(new Parameters("t", example10("state_interfaces.flange_vacuum.interfaces",
                        List.of("vacuum", "vacuum")))).message());
        assertEquals("unknown parameter 'command_interfaces.flange_vacum.interfaces' (did you mean"
                + " 'command_interfaces.flange_vacuum.interfaces'?)", c.checkParameters(new Parameters("t",
                        example10("command_interfaces.flange_vacum.interfaces", List.of("vacuum")))).message());
    }

    @Test
    void theFactoryServesOnlyItsType() {
        assertThrows(IllegalArgumentException.class,
                () -> new GpioCommandControllerFactory(channels).create("gpio_controllers/Other"));
    }

    @Test
    void anUpdateAllocatesNothing() {
        active(example10());
        CommandInput in = commands();
        for (int i = 0; i < 20_000; i++) {
            if (i % 100 == 0) {
                in.offer(i, 1.0);
            }
            rig.step();
        }
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            in.offer(attempt, Double.NaN); // taken inside the measured cycles
            long bytes = AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < 5_000; i++) {
                    rig.step();
                }
            });
            assertEquals(attempt, rig.table().commandValue("flange_analog_IOs/analog_output1"));
            return bytes;
        });
        assertEquals(0, fewest, "bytes allocated in 5000 updates");
    }
}
