package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Shell input tried as an attacker and a careless operator would, on a 1 kHz FR3 through the
 * real command processor: every wrong value is answered with one line naming the argument and what was expected,
 * and nothing changes. Each command runs in a session of its own, as separate consoles and SSH sessions do.
 */
class ShellInputTest {

    private static final String R = " -r input ";
    private static final String JOINTS = "[joint1, joint2, joint3, joint4, joint5, joint6, joint7]";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 10_000)
    ChannelRegistry channels;

    private Configuration robot;
    private Path yaml;
    private ControllerManager m;
    private Shell shell;

    /** The default cell's controllers under names of their own, so no other test's channels are in the way. */
    @BeforeEach
    void robot() throws Exception {
        yaml = Files.createTempFile("input-controllers", ".yaml");
        Files.writeString(yaml, String.join("\n",
                "controller_manager:",
                "  ros__parameters:",
                "    update_rate: 1000",
                "    input_jsb:",
                "      type: joint_state_broadcaster/JointStateBroadcaster",
                "    input_jtc:",
                "      type: joint_trajectory_controller/JointTrajectoryController",
                "    input_fwd:",
                "      type: forward_command_controller/ForwardCommandController",
                "input_fwd:",
                "  ros__parameters:",
                "    joints: " + JOINTS,
                "    interface_name: position",
                "input_jtc:",
                "  ros__parameters:",
                "    joints: " + JOINTS,
                "    command_interfaces: [position]",
                "    state_interfaces: [position, velocity]",
                "    constraints:",
                "      stopped_velocity_tolerance: 0.01",
                "      goal_time: 0.5",
                ""));
        CellFixture cell = new CellFixture(context, configAdmin);
        // a budget of a second: this test is about the shell's answers, and a loaded machine's late cycles must not
        // move the overrun counters it compares (MotionSafety and the manager's tests hold the budgets)
        robot = cell.robot("input", Map.of("controllers", yaml.toString(), "activate", "input_jsb,input_jtc",
                "load", "input_fwd", "budget.us", "1000000"));
        m = cell.manager("input");
        CellFixture.await(() -> m.controller("input_jtc").map(c -> c.state() == LifecycleState.ACTIVE).orElse(false)
                && m.controller("input_fwd").map(c -> c.state() == LifecycleState.INACTIVE).orElse(false),
                "input_jtc active, input_fwd configured");
        shell = new Shell(processor);
    }

    @AfterEach
    void cleanUp() throws Exception {
        robot.delete();
        CellFixture.await(() -> channels.find("input_jtc/follow_joint_trajectory").isEmpty()
                && channels.find("input_fwd/commands").isEmpty(), "the robot's channels closed");
        Files.deleteIfExists(yaml);
    }

    /** A wrong use: one line that contains {@code expected}, and the controllers exactly as they were. */
    private String refused(String line, String expected) throws Exception {
        String before = shell.run("controller:list" + R) + shell.run("controller:info" + R + "input_jtc")
                + shell.run("controller:info" + R + "input_fwd");
        Exception e = assertThrows(Exception.class, () -> shell.run(line), line);
        String message = e.getMessage();
        assertFalse(message.contains("\n"), line + " answered more than one line: " + message);
        assertTrue(message.contains(expected), line + " answered: " + message);
        String after = shell.run("controller:list" + R) + shell.run("controller:info" + R + "input_jtc")
                + shell.run("controller:info" + R + "input_fwd");
        assertEquals(strip(before), strip(after), line + " changed the controllers");
        return message;
    }

    /** controller:info without the counters that move with the cycles and the machine's load. */
    private static String strip(String text) {
        return text.replaceAll("(?m)^(updates|errors|budget overruns|update time):.*$", "");
    }

    @Test
    void channelSendRefusesAWrongCountNonNumbersAndNonFiniteValuesAndTheChannelTakesNothing() throws Exception {
        shell.run("controller:switch" + R + "-a input_fwd -d input_jtc");
        CommandInput in = channels.find("input_fwd/commands", CommandInput.class).orElseThrow();
        String fields = "(joint1/position, joint2/position, joint3/position, joint4/position, joint5/position,"
                + " joint6/position, joint7/position)";
        refused("channel:send input_fwd 1 2 3", "input_fwd/commands takes 7 values " + fields + ", got 3");
        refused("channel:send input_fwd 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8", "takes 7 values " + fields + ", got 8");
        refused("channel:send input_fwd NaN 0 0 -2 0 1.6 0.8", "value 1 (joint1/position) is 'NaN', not a number");
        refused("channel:send input_fwd .nan 0 0 -2 0 1.6 0.8", "value 1 (joint1/position) is .nan; expected a finite number");
        refused("channel:send input_fwd 0 0 0 -2 0 1.6 Infinity", "value 7 (joint7/position) is 'Infinity', not a number");
        refused("channel:send input_fwd 1e309 0 0 -2 0 1.6 0.8", "value 1 (joint1/position): '1e309' is too large");
        refused("channel:send input_fwd abc 0 0 -2 0 1.6 0.8", "value 1 (joint1/position) is 'abc', not a number");
        assertEquals(0, in.acceptedCount(), "nothing reached the channel");
        assertFalse(in.offer(1, 2, 3), "a Java caller cannot push a wrong-length command either");
        assertFalse(in.offer(0, 0, 0, Double.NaN, 0, 0, 0));
        assertTrue(shell.run("channel:send input_fwd 0.3 -0.6 0 -2.2 0 1.6 0.8").contains("sent"));
        assertEquals(1, in.acceptedCount());
    }

    @Test
    void controllerSetRefusesWhatTheControllerCouldNotConfigureWithAndStoresNothing() throws Exception {
        shell.run("controller:deactivate" + R + "input_jtc");
        refused("controller:set" + R + "input_jtc goal_time=abc",
                "unknown parameter 'goal_time' (did you mean 'constraints.goal_time'?)");
        refused("controller:set" + R + "input_jtc constraints.goal_time=abc",
                "parameter 'constraints.goal_time' must be a number, got 'abc'");
        refused("controller:set" + R + "input_jtc constraints.goal_time=NaN",
                "parameter 'constraints.goal_time' must be a number, got 'NaN'");
        refused("controller:set" + R + "input_jtc constraints.goal_time=.nan",
                "parameter 'constraints.goal_time' must be a finite value >= 0, got NaN");
        refused("controller:set" + R + "input_jtc constraints.goal_time=-1",
                "parameter 'constraints.goal_time' must be a finite value >= 0, got -1.0");
        refused("controller:set" + R + "input_jtc joints=5", "parameter 'joints' must be a list of strings, got 5");
        refused("controller:set" + R + "input_jtc constraints.goal_tim=1",
                "unknown parameter 'constraints.goal_tim' (did you mean 'constraints.goal_time'?)");
        refused("controller:set" + R + "input_jtc joints=[joint1,,joint2]", "an empty item in the list");
        refused("controller:set" + R + "input_jtc 'joints=[joint1, joint2'", "the '[' at character 1 is not closed");
        refused("controller:set" + R + "input_jtc notakeyvalue", "'notakeyvalue' is not key=value");
        String ok = shell.run("controller:set" + R + "input_jtc constraints.goal_time=1.5 joints=[joint1, joint2,"
                + " joint3, joint4, joint5, joint6, joint7]");
        assertTrue(ok.contains("takes the parameters at its next configure"), ok);
        assertEquals(1.5, m.controller("input_jtc").orElseThrow().parameters().getDouble("constraints.goal_time"));
    }

    @Test
    void everyNumericOptionIsCheckedAndTheRefusalNamesIt() throws Exception {
        for (String t : List.of("0", "-5", "'abc'", "1.5")) {
            String said = "option -t is " + t + "; expected a whole number from 1";
            refused("controller:deactivate" + R + "-t " + t + " input_jtc", said);
            refused("controller:activate" + R + "-t " + t + " input_fwd", said);
            refused("controller:switch" + R + "-a input_fwd -d input_jtc -t " + t, said);
        }
        refused("channel:echo -n -1 input_jsb/joint_states", "option -n is -1; expected a whole number from 0");
        refused("channel:echo -r 0 input_jsb/joint_states", "option -r is 0; expected a number greater than 0");
        refused("channel:echo -r 5000 input_jsb/joint_states", "at most 1000");
        refused("channel:echo -r NaN input_jsb/joint_states", "option -r is 'NaN', not a number");
        String position = "0.3 -0.6 0 -2.2 0 1.6 0.8";
        refused("trajectory:move -d 0 input_jtc " + position, "option -d is 0; expected a number greater than 0");
        refused("trajectory:move -d -1 input_jtc " + position, "option -d is -1");
        refused("trajectory:move -d .inf input_jtc " + position, "option -d is .inf; expected a finite number");
        refused("trajectory:move -p -1 input_jtc " + position, "option -p is -1; expected a number from 0 to 100");
        refused("trajectory:move input_jtc 0.3 -0.6 NaN -2.2 0 1.6 0.8", "position 3 is 'NaN', not a number");
        refused("trajectory:points -p -2 input_jtc nowhere.txt", "option -p is -2");
        refused("trajectory:gripper -w 0 input_gripper 0.01", "option -w is 0");
        refused("trajectory:gripper -e -1 input_gripper 0.01", "option -e is -1");
        refused("trajectory:gripper input_gripper NaN", "position is 'NaN', not a number");
        assertEquals(LifecycleState.ACTIVE, m.controller("input_jtc").orElseThrow().state());
    }

    @Test
    void forwardAndInverseKinematicsRefuseNonFiniteValuesAndAWrongCount() throws Exception {
        refused("cell:fk" + R + "NaN 0 0 -2 0 1.6 0.8", "position 1 (joint1) is 'NaN', not a number");
        refused("cell:fk" + R + ".inf 0 0 -2 0 1.6 0.8", "position 1 (joint1) is .inf; expected a finite number");
        refused("cell:fk" + R + "0 0 0", "the model has 7 joints");
        refused("cell:ik" + R + "abc 0 0.5 3.14 0 0", "x is 'abc', not a number");
        refused("cell:ik" + R + "0.3 0 0.5 3.14 0 .nan", "yaw is .nan");
        refused("cell:ik" + R + "0.3 0 0.5", "6 numbers");
        assertTrue(shell.run("cell:fk" + R + "0 0 0 -2 0 1.6 0.8").contains("position  x"));
    }

    @Test
    void aControllerNameThatIsNotAros2NameIsNotLoaded() throws Exception {
        String type = " forward_command_controller/ForwardCommandController";
        refused("controller:load" + R + "../../etc" + type, "Controller name '../../etc' is not a valid ROS 2 name");
        refused("controller:load" + R + "a//b" + type, "it has an empty segment");
        refused("controller:load" + R + "1st" + type, "a segment starts with a digit");
        assertTrue(m.controller("../../etc").isEmpty());
        refused("controller:list -r inptu", "no robot 'inptu' (did you mean 'input'?)");
        assertTrue(shell.run("controller:load" + R + "input/spare" + type).contains("Loaded controller 'input/spare'"));
    }

    @Test
    void aNoWaitGoalIsListedAndCanceledFromAnotherSession() throws Exception {
        String accepted = shell.run("trajectory:move --no-wait -d 30 input_jtc 0.3 -0.6 0 -2.2 0 1.6 0.8");
        assertTrue(accepted.contains("goal 1 accepted by input_jtc"), accepted);
        String canceled = shell.run("trajectory:cancel input_jtc");
        assertTrue(canceled.startsWith("canceled goal 1 of input_jtc (sent "), canceled);
        assertTrue(canceled.contains("by session "), "another session sent it: " + canceled);

        shell.run("trajectory:move --no-wait -d 30 input_jtc 0.3 -0.6 0 -2.2 0 1.6 0.8");
        String goals = shell.run("trajectory:goals");
        assertTrue(goals.matches("(?s).*input_jtc\\s+2\\s+(ACCEPTED|EXECUTING)\\s+\\S+\\s+session \\d+.*"), goals);
        assertTrue(shell.run("trajectory:cancel input_jtc").startsWith("canceled goal 2 of input_jtc"));
        assertTrue(shell.run("trajectory:goals").contains("no trajectory goal sent from the shell is running"));
        refused("trajectory:cancel input_jtc", "no goal of input_jtc sent from the shell is running");
        refused("trajectory:cancel input_jct", "no trajectory controller 'input_jct' is configured (did you mean"
                + " 'input_jtc'?)");
    }
}
