package org.robocell.controller.jsb.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** The joint state broadcaster and its parameters, as ros2_controllers' joint_state_broadcaster.cpp. */
class JointStateBroadcasterTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();
    private Controller broadcaster;

    private Entry load(String name, Map<String, ?> parameters) {
        broadcaster = new JointStateBroadcasterFactory(channels).create(JointStateBroadcasterFactory.TYPE);
        Entry e = rig.load(name, JointStateBroadcasterFactory.TYPE, broadcaster, parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        return e;
    }

    private StateOutput jointStates(String name) {
        return channels.find(name + "/joint_states", StateOutput.class).orElseThrow();
    }

    @Test
    void withoutJointsAndInterfacesItPublishesEveryJointOncePerUpdate() {
        Entry e = load("jsb", Map.of());
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        for (int j = 0; j < 7; j++) {
            rig.robot().setPosition(j, 0.1 * (j + 1));
            rig.robot().setVelocity(j, -0.1 * (j + 1));
            rig.robot().setEffort(j, 10.0 * (j + 1));
        }
        StateOutput out = jointStates("jsb");
        long before = out.publications();
        rig.steps(3);
        assertEquals(before + 3, out.publications());

        StateOutput.Snapshot s = out.snapshot();
        assertEquals(21, s.fields().size());
        assertEquals(List.of("joint1/position", "joint1/velocity", "joint1/effort"), s.fields().subList(0, 3));
        assertEquals("joint7/effort", s.fields().get(20));
        for (int j = 0; j < 7; j++) {
            assertEquals(0.1 * (j + 1), s.values()[3 * j]);
            assertEquals(-0.1 * (j + 1), s.values()[3 * j + 1]);
            assertEquals(10.0 * (j + 1), s.values()[3 * j + 2]);
        }
    }

    @Test
    void publishedValuesFollowTheRobotEveryCycle() {
        load("jsb", Map.of()).activate();
        double[] copy = new double[21];
        for (int k = 1; k <= 5; k++) {
            rig.robot().setPosition(3, k);
            rig.step();
            jointStates("jsb").read(copy);
            assertEquals(k, copy[9]);
        }
    }

    @Test
    void extraJointsAreAppendedAtZero() {
        load("jsb", Map.of("extra_joints", List.of("gripper_left", "gripper_right"))).activate();
        rig.step();
        StateOutput.Snapshot s = jointStates("jsb").snapshot();
        assertEquals(27, s.fields().size());
        assertEquals(List.of("gripper_left/position", "gripper_left/velocity", "gripper_left/effort",
                "gripper_right/position", "gripper_right/velocity", "gripper_right/effort"), s.fields().subList(21, 27));
        assertArrayEquals(new double[6], java.util.Arrays.copyOfRange(s.values(), 21, 27));
    }

    @Test
    void jointsAndInterfacesSelectJointsInParameterOrder() {
        load("jsb", Map.of("joints", List.of("joint5", "joint2"), "interfaces", List.of("position"))).activate();
        rig.robot().setPosition(4, 0.5);
        rig.robot().setPosition(1, 0.2);
        rig.robot().setVelocity(4, 9.0);
        rig.step();
        StateOutput.Snapshot s = jointStates("jsb").snapshot();
        assertEquals(List.of("joint5/position", "joint5/velocity", "joint5/effort", "joint2/position",
                "joint2/velocity", "joint2/effort"), s.fields());
        assertEquals(0.5, s.values()[0]);
        assertTrue(Double.isNaN(s.values()[1]), "velocity was not requested: NaN, not a stale or made-up value");
        assertEquals(0.2, s.values()[3]);
    }

    @Test
    void interfaceMappingFeedsACustomInterfaceIntoTheJointStateField() {
        rig.table().addState("joint1/absolute_position", 1.25);
        load("jsb", Map.of("joints", List.of("joint1"), "interfaces", List.of("absolute_position", "velocity"),
                "map_interface_to_joint_state.position", "absolute_position")).activate();
        rig.robot().setPosition(0, 7.0);
        rig.robot().setVelocity(0, 0.3);
        rig.step();
        StateOutput.Snapshot s = jointStates("jsb").snapshot();
        assertEquals(List.of("joint1/position", "joint1/velocity", "joint1/effort"), s.fields());
        assertEquals(1.25, s.values()[0]);
        assertEquals(0.3, s.values()[1]);
    }

    @Test
    void interfacesThatAreNoJointStateFieldsAreNotPublished() {
        rig.table().addState("fts/force.x", 3.0);
        load("jsb", Map.of()).activate();
        rig.step();
        assertTrue(jointStates("jsb").fields().stream().noneMatch(f -> f.startsWith("fts/")));
    }

    @Test
    void activationFailsWhenNoneOfTheRequestedInterfacesExist() {
        Entry e = load("jsb", Map.of("joints", List.of("elbow"), "interfaces", List.of("position")));
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertTrue(broadcaster.lastError().contains("none of the requested state interfaces exist"),
                broadcaster.lastError());
    }

    @Test
    void activatesWhenOnlySomeRequestedInterfacesExist() {
        Entry e = load("jsb", Map.of("joints", List.of("elbow", "joint1"), "interfaces", List.of("position")));
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        assertEquals(List.of("joint1/position", "joint1/velocity", "joint1/effort"), jointStates("jsb").fields());
    }

    @Test
    void theFirstBroadcasterIsAlsoReadableAsJointStates() {
        load("jsb", Map.of()).activate();
        load("jsb2", Map.of()).activate();
        assertSame(jointStates("jsb"), channels.find("joint_states").orElseThrow());
        assertTrue(channels.names().contains("jsb2/joint_states"));
    }

    /**
     * Two robots' broadcasters, the second in the namespace kr6: each robot's short name is its own, whichever is
     * configured first ({@code channel:echo joint_states} once showed the KR 6's inactive broadcaster when it won the
     * race for the one short name).
     */
    @Test
    void aNamespacedBroadcastersShortNameIsInItsNamespaceAndNeverTakesTheGlobalOne() {
        load("kr6/joint_state_broadcaster", Map.of()).activate();
        load("joint_state_broadcaster", Map.of()).activate();
        assertSame(jointStates("kr6/joint_state_broadcaster"), channels.find("kr6/joint_states").orElseThrow());
        assertSame(jointStates("joint_state_broadcaster"), channels.find("joint_states").orElseThrow());
        assertEquals("kr6/", JointStateBroadcaster.namespaceOf("kr6/joint_state_broadcaster"));
        assertEquals("", JointStateBroadcaster.namespaceOf("joint_state_broadcaster"));
    }

    @Test
    void cleanupRemovesTheChannels() {
        Entry e = load("jsb", Map.of());
        e.activate();
        e.deactivate();
        e.cleanup();
        assertEquals(List.of(), channels.names());
    }

    @Test
    void aParameterChangeIsCheckedAsConfigureWouldReadItUnknownKeysIncluded() {
        Controller c = new JointStateBroadcasterFactory(channels).create(JointStateBroadcasterFactory.TYPE);
        assertTrue(c.checkParameters(new Parameters("t", Map.of("joints", List.of("joint1"), "interfaces",
                List.of("position"), "map_interface_to_joint_state.position", "absolute_position"))).ok());
        assertEquals(new ParameterCheck.Problem("joints", ParameterCheck.Reason.INVALID,
                "parameter 'joints' must be a list of strings, got 'joint1'"),
                c.checkParameters(new Parameters("t", Map.of("joints", "joint1"))).first().orElseThrow());
        assertEquals("unknown parameter 'extra_joint' (did you mean 'extra_joints'?)",
                c.checkParameters(new Parameters("t", Map.of("extra_joint", List.of("a")))).message());
    }
}
