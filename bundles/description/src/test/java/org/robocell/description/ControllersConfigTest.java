package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Parameters;

/** A ros2_control controller YAML file read into declarations with flattened parameters. */
class ControllersConfigTest {

    @Test
    void declaresControllersInFileOrderWithTheirTypes() {
        ControllersConfig c = ControllersConfig.parse(Resources.path("controllers.yaml"));

        assertEquals(1000, c.updateRate());
        assertEquals("", c.namespace());
        assertEquals(List.of("joint_state_broadcaster", "jtc", "hold"), List.copyOf(c.controllers().keySet()));
        assertEquals("joint_state_broadcaster/JointStateBroadcaster",
                c.controller("joint_state_broadcaster").orElseThrow().type());
        assertEquals("joint_trajectory_controller/JointTrajectoryController", c.controller("jtc").orElseThrow().type());
        assertEquals(List.of("hold"), c.controller("jtc").orElseThrow().fallbackControllers());
    }

    @Test
    void controllerParametersAreFlattenedToDottedKeys() {
        Parameters jtc = ControllersConfig.parse(Resources.path("controllers.yaml")).controller("jtc").orElseThrow()
                .parameters();

        assertEquals(List.of("a1", "a2"), jtc.getStringList("joints"));
        assertEquals(List.of("position"), jtc.getStringList("command_interfaces"));
        assertEquals(1.0, jtc.getDouble("gains.a1.p"));
        assertEquals(0.1, jtc.getDouble("gains.a2.i"));
        assertEquals(0.5, jtc.getDouble("constraints.goal_time"));
        assertFalse(jtc.getBoolean("allow_partial_joints_goal"));
        assertEquals(Set.of("joints", "command_interfaces", "state_interfaces", "allow_partial_joints_goal",
                "gains.a1.p", "gains.a1.i", "gains.a2.p", "gains.a2.i", "constraints.goal_time"), jtc.keys());
        assertTrue(jtc.source().endsWith("controllers.yaml: jtc"), jtc.source());
    }

    @Test
    void controllerWithoutSectionHasEmptyParameters() {
        ControllersConfig c = ControllersConfig.parse(Resources.path("controllers.yaml"));

        assertTrue(c.controller("joint_state_broadcaster").orElseThrow().parameters().keys().isEmpty());
    }

    @Test
    void managerParametersKeepEverythingButTheDeclarations() {
        Parameters m = ControllersConfig.parse(Resources.path("controllers.yaml")).managerParameters();

        assertEquals(Set.of("update_rate", "enforce_command_limits", "defaults.switch_controller.strictness"), m.keys());
        assertEquals(1000, m.getLong("update_rate"));
        assertEquals("strict", m.getString("defaults.switch_controller.strictness"));
    }

    @Test
    void integersStayIntegersAndNumericListsReadAsDoubles() {
        Parameters p = config("""
                controller_manager:
                  ros__parameters:
                    c: {type: t/T}
                c:
                  ros__parameters:
                    rate: 50
                    scale: 1.5e-3
                    weights: [1, 2.5, -3]
                    name: "0123"
                    empty: []
                """).controller("c").orElseThrow().parameters();

        assertEquals(50L, p.asMap().get("rate"));
        assertEquals(0.0015, p.getDouble("scale"));
        assertArrayEquals(new double[] {1, 2.5, -3}, p.getDoubleArray("weights"));
        assertEquals("0123", p.getString("name"));
        assertEquals(List.of(), p.getStringList("empty"));
    }

    @Test
    void updateRateDefaultsToOneHundredAsInRos2Control() {
        assertEquals(100, config("controller_manager:\n  ros__parameters:\n    c: {type: t/T}\n").updateRate());
    }

    @Test
    void typeMayBeGivenInTheControllersOwnParameters() {
        ControllersConfig c = config("""
                controller_manager:
                  ros__parameters:
                    update_rate: 500
                jsb:
                  ros__parameters:
                    type: joint_state_broadcaster/JointStateBroadcaster
                """);

        assertEquals("joint_state_broadcaster/JointStateBroadcaster", c.controller("jsb").orElseThrow().type());
    }

    @Test
    void wildcardSectionGivesDefaultsThatANodesOwnValuesOverride() {
        ControllersConfig c = config("""
                /**:
                  ros__parameters:
                    use_sim_time: true
                    frame: world
                controller_manager:
                  ros__parameters:
                    a: {type: t/A}
                    b: {type: t/B}
                b:
                  ros__parameters:
                    frame: tool0
                """);

        assertTrue(c.managerParameters().getBoolean("use_sim_time"));
        assertEquals("world", c.controller("a").orElseThrow().parameters().getString("frame"));
        assertEquals("tool0", c.controller("b").orElseThrow().parameters().getString("frame"));
        assertTrue(c.controller("b").orElseThrow().parameters().getBoolean("use_sim_time"));
    }

    @Test
    void namespacedManagerSetsTheNamespace() {
        ControllersConfig slash = config("""
                /robot1/controller_manager:
                  ros__parameters:
                    update_rate: 250
                    jtc: {type: t/JTC}
                /robot1/jtc:
                  ros__parameters:
                    joints: [j1]
                """);
        ControllersConfig nested = config("""
                robot1:
                  controller_manager:
                    ros__parameters:
                      update_rate: 250
                      jtc: {type: t/JTC}
                  jtc:
                    ros__parameters:
                      joints: [j1]
                """);

        for (ControllersConfig c : List.of(slash, nested)) {
            assertEquals("robot1", c.namespace());
            assertEquals(250, c.updateRate());
            assertEquals(List.of("j1"), c.controller("jtc").orElseThrow().parameters().getStringList("joints"));
        }
    }

    @Test
    void streamsAreReadLikeFiles() throws Exception {
        try (InputStream in = ControllersConfigTest.class.getResourceAsStream("controllers.yaml")) {
            ControllersConfig c = ControllersConfig.parse(in, "controllers.yaml");
            assertEquals("controllers.yaml: jtc", c.controller("jtc").orElseThrow().parameters().source());
        }
    }

    private static ControllersConfig config(String yaml) {
        return ControllersConfig.parse(yaml, "test.yaml");
    }
}
