package org.robocell.driver.franka.gripper.internal.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.robocell.api.cell.ControllerManager;
import org.robocell.driver.franka.gripper.api.FrankaGripper;
import org.robocell.driver.franka.gripper.api.GripperAnswer;
import org.robocell.driver.franka.gripper.api.GripperOutcome;
import org.robocell.driver.franka.gripper.api.HandState;

/**
 * franka:gripper's words as a careless operator types them: each mistake is one line and reaches no Hand; the
 * numbers that do reach it are the ones typed, with franka_gripper's defaults for what was left out.
 */
class GripperCommandsTest {

    private final GripperCommands commands = new GripperCommands();
    private final Recorder hand = new Recorder("fr3_hand");

    @Test
    void theVerbsReachTheHandWithTheTypedNumbersAndFrankaGrippersDefaults() {
        commands.grippers.add(hand);
        assertEquals("fr3_hand: Homing: kSuccess", commands.gripper("", "home"));
        commands.gripper("", "move", "0.04");
        commands.gripper("", "move", "0.04", "0.05");
        commands.gripper("", "grasp", "0.03", "0.1", "40");
        commands.gripper("", "grasp", "0.03", "0.1", "40", "0.001", "0.002");
        commands.gripper("", "stop");
        assertEquals(List.of("homing", "move 0.04 0.1", "move 0.04 0.05", "grasp 0.03 0.1 40.0 0.005 0.005",
                "grasp 0.03 0.1 40.0 0.001 0.002", "stop"), hand.calls);
        assertEquals("fr3_hand: width 0.0300 m, max_width 0.0800 m, is_grasped true, temperature 31 °C, time 1234 ms",
                commands.gripper("", "state"));
    }

    @Test
    void aWordThatIsNotANumberOrAWrongCountIsOneLineAndNothingIsSent() {
        commands.grippers.add(hand);
        assertEquals("width 'wide' is not a number; nothing sent", fail("move", "wide"));
        assertEquals("force 'NaN' is not a number; nothing sent", fail("grasp", "0.03", "0.1", "NaN"));
        assertEquals("franka:gripper move takes <width> [speed], got 3 values", fail("move", "1", "2", "3"));
        assertEquals("franka:gripper grasp takes <width> <speed> <force> and optionally <epsilon_inner>"
                + " <epsilon_outer>, got 4 values", fail("grasp", "0.03", "0.1", "40", "0.001"));
        assertEquals("franka:gripper stop takes no values, got 1 values", fail("stop", "now"));
        assertEquals("franka:gripper takes home, move, grasp, stop or state, got 'open'; usage: franka:gripper home"
                + " | move <width> [speed] | grasp <width> <speed> <force> [epsilon_inner epsilon_outer] | stop |"
                + " state", fail("open"));
        assertEquals(List.of(), hand.calls);
    }

    @Test
    void anUnsuccessfulGraspIsAnAnswerWhileARefusalOrAFailureIsAnError() {
        commands.grippers.add(hand);
        hand.next = new GripperAnswer(GripperOutcome.UNSUCCESSFUL, "fr3_hand: Grasp: kUnsuccessful (...)");
        assertEquals("fr3_hand: Grasp: kUnsuccessful (...)", commands.gripper("", "grasp", "0.05", "0.1", "40"));
        hand.next = new GripperAnswer(GripperOutcome.REFUSED, "fr3_hand: Move: width=0.09 m is beyond the Hand's max"
                + " width 0.08 m; nothing sent");
        assertEquals(hand.next.message(), fail("move", "0.09"));
        hand.next = new GripperAnswer(GripperOutcome.FAILED, "fr3_hand: Move: kFail (...)");
        assertEquals("fr3_hand: Move: kFail (...)", fail("move", "0.01"));
    }

    @Test
    void whichHandIsMeantIsAskedWhenItIsNotClear() {
        assertEquals("no Franka Hand in the cell: no franka_gripper/FrankaGripperHardware component is configured",
                fail("stop"));
        commands.grippers.add(hand);
        commands.grippers.add(new Recorder("left_hand"));
        assertEquals("the cell has several Franka Hands (fr3_hand, left_hand): name one with -c", fail("stop"));
        assertEquals("no Franka Hand component 'right'; the cell has fr3_hand, left_hand",
                assertThrows(GripperShellException.class, () -> commands.gripper("right", "stop")).getMessage());
        assertEquals("fr3_hand: Stop: kSuccess", commands.gripper("fr3_hand", "stop"));
    }

    @Test
    void aCommandRunRightAtStartWaitsForTheConfiguredRobotToComeUpWithItsHand() throws Exception {
        commands.setConfigurationAdmin(configAdminWithRobot("hand"));
        ControllerManager manager = managerOf("hand");
        commands.addManager(manager, Map.of()); // running, not brought up yet: its Hand is still connecting
        CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> commands.gripper("", "stop"));
        Thread.sleep(100); // the command is waiting now (it would have answered "no Franka Hand" at once)
        commands.grippers.add(hand);
        commands.updatedManager(manager, Map.of(ControllerManager.STARTED, true));
        assertEquals("fr3_hand: Stop: kSuccess", answer.get(30, TimeUnit.SECONDS));
    }

    private static ConfigurationAdmin configAdminWithRobot(String name) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", name);
        Configuration robot = (Configuration) Proxy.newProxyInstance(Configuration.class.getClassLoader(),
                new Class<?>[] { Configuration.class }, (proxy, method, args) -> switch (method.getName()) {
                    case "getProperties" -> props;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (ConfigurationAdmin) Proxy.newProxyInstance(ConfigurationAdmin.class.getClassLoader(),
                new Class<?>[] { ConfigurationAdmin.class }, (proxy, method, args) -> switch (method.getName()) {
                    case "listConfigurations" -> new Configuration[] { robot };
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static ControllerManager managerOf(String robot) {
        return (ControllerManager) Proxy.newProxyInstance(ControllerManager.class.getClassLoader(),
                new Class<?>[] { ControllerManager.class }, (proxy, method, args) -> switch (method.getName()) {
                    case "robot" -> robot;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private String fail(String verb, String... args) {
        return assertThrows(GripperShellException.class, () -> commands.gripper("", verb, args)).getMessage();
    }

    /** A Hand that records what reaches it and answers what the test sets. */
    private static final class Recorder implements FrankaGripper {
        final List<String> calls = new ArrayList<>();
        final String name;
        GripperAnswer next;

        Recorder(String name) {
            this.name = name;
        }

        private GripperAnswer answer(String command) {
            return next != null ? next : new GripperAnswer(GripperOutcome.SUCCESS, name + ": " + command + ": kSuccess");
        }

        @Override
        public String component() {
            return name;
        }

        @Override
        public GripperAnswer homing() {
            calls.add("homing");
            return answer("Homing");
        }

        @Override
        public GripperAnswer move(double width, double speed) {
            calls.add("move " + width + " " + speed);
            return answer("Move");
        }

        @Override
        public GripperAnswer grasp(double width, double speed, double force, double inner, double outer) {
            calls.add("grasp " + width + " " + speed + " " + force + " " + inner + " " + outer);
            return answer("Grasp");
        }

        @Override
        public GripperAnswer stop() {
            calls.add("stop");
            return answer("Stop");
        }

        @Override
        public Optional<HandState> state() {
            return Optional.of(new HandState(0.03, 0.08, true, 31, 1234));
        }
    }
}
