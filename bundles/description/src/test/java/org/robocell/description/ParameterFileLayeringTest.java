package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.description.Errors.assertFails;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controller set-ups written the way current upstream packages write them (kuka_drivers, franka_ros2,
 * ros2_control_demos): node-name wildcards, repeated top-level keys, several files layered in order. The shapes are
 * those of the upstream files; the contents are this test's own.
 */
class ParameterFileLayeringTest {

    private static ControllersConfig layered(String namespace, String... nameThenText) {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < nameThenText.length; i += 2) {
            files.put(nameThenText[i], nameThenText[i + 1]);
        }
        return ControllersConfig.parse(files, namespace);
    }

    @Test
    void theManagerSectionMayBeWrittenForEveryNamespace() {
        // kuka_drivers' ros2_controller_config.yaml shape
        ControllersConfig c = ControllersConfig.parse("""
                /**/controller_manager:
                  ros__parameters:
                    update_rate: 250
                    joint_trajectory_controller:
                      type: joint_trajectory_controller/JointTrajectoryController
                """, "ros2_controller_config.yaml");

        assertEquals(250, c.updateRate());
        assertEquals("joint_trajectory_controller/JointTrajectoryController",
                c.controller("joint_trajectory_controller").orElseThrow().type());
    }

    @Test
    void nodesNestedUnderAWildcardAreThoseNodesInEveryNamespace() {
        // franka_ros2's controllers.yaml shape: /**: with the manager and the controllers under it
        ControllersConfig c = layered("fr3", "controllers.yaml", """
                /**:
                  controller_manager:
                    ros__parameters:
                      update_rate: 1000
                      gravity_compensation:
                        type: franka_example_controllers/GravityCompensationExampleController
                  gravity_compensation:
                    ros__parameters:
                      arm_id: fr3
                """);

        assertEquals(1000, c.updateRate());
        assertEquals("fr3", c.controller("gravity_compensation").orElseThrow().parameters().getString("arm_id"));
    }

    @Test
    void aTopLevelNameWrittenTwiceIsMergedAsRosMergesIt() {
        ControllersConfig c = ControllersConfig.parse("""
                /**:
                  controller_manager:
                    ros__parameters:
                      update_rate: 1000
                      joint_impedance:
                        type: franka_fr3_arm_controllers/JointImpedanceController
                /**:
                  joint_impedance:
                    ros__parameters:
                      k_alpha: 0.99
                """, "controllers.yaml");

        assertEquals(0.99, c.controller("joint_impedance").orElseThrow().parameters().getDouble("k_alpha"));
    }

    @Test
    void severalFilesLayerInOrderAndTheLaterWins(@TempDir Path dir) throws Exception {
        // the spawner's --param-file style: the manager in one file, each controller in its own
        Path manager = Files.writeString(dir.resolve("ros2_controller_config.yaml"), """
                /**/controller_manager:
                  ros__parameters:
                    update_rate: 250
                    jtc:
                      type: joint_trajectory_controller/JointTrajectoryController
                jtc:
                  ros__parameters:
                    joints: [a1, a2]
                    constraints:
                      goal_time: 1.0
                """);
        Path jtc = Files.writeString(dir.resolve("jtc_config.yaml"), """
                /**/jtc:
                  ros__parameters:
                    constraints:
                      goal_time: 0.5
                """);

        ControllersConfig c = ControllersConfig.parse(List.of(manager, jtc), "");

        ControllerDeclaration d = c.controller("jtc").orElseThrow();
        assertEquals(List.of("a1", "a2"), d.parameters().getStringList("joints"));
        assertEquals(0.5, d.parameters().getDouble("constraints.goal_time"), "the later file wins, wildcard or not");
        assertEquals(jtc + ":4", d.origins().get("constraints.goal_time"));
        assertEquals(manager + ":8", d.origins().get("joints"));
    }

    @Test
    void withinOneFileTheNodesOwnSectionWinsOverAWildcardOneWhateverTheOrder() {
        ControllersConfig c = ControllersConfig.parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    gain: 2.0
                /**:
                  ros__parameters:
                    gain: 1.0
                    use_sim_time: false
                """, "c.yaml");

        assertEquals(2.0, c.controller("jtc").orElseThrow().parameters().getDouble("gain"));
        assertEquals(false, c.controller("jtc").orElseThrow().parameters().getBoolean("use_sim_time"));
    }

    @Test
    void aControllerMayDeclareItsTypeInItsOwnFileWithoutAManagerSection() {
        ControllersConfig c = layered("", "forward.yaml", """
                forward_position_controller:
                  ros__parameters:
                    type: forward_command_controller/ForwardCommandController
                    joints: [joint1]
                    interface_name: position
                """);

        assertEquals(ControllersConfig.DEFAULT_UPDATE_RATE, c.updateRate());
        assertEquals("forward_command_controller/ForwardCommandController",
                c.controller("forward_position_controller").orElseThrow().type());
    }

    @Test
    void aValueFromALaterFileIsReportedAtItsOwnFileAndLine() {
        assertFails(() -> layered("", "manager.yaml", """
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                """, "rate.yaml", """
                /**/controller_manager:
                  ros__parameters:
                    update_rate: fast
                """), "rate.yaml:3", "'controller_manager.ros__parameters.update_rate' is 'fast'",
                "expected a positive integer");
    }

    @Test
    void gpioInterfaceListsOfMapsReadAsDottedKeys() {
        // ros2_control_demos example 10's gpio_controller shape
        ControllersConfig c = ControllersConfig.parse("""
                controller_manager:
                  ros__parameters:
                    update_rate: 10
                gpio_controller:
                  ros__parameters:
                    type: gpio_controllers/GpioCommandController
                    gpios: [flange_analog_IOs, flange_vacuum]
                    command_interfaces:
                      flange_analog_IOs:
                        - interfaces:
                          - analog_output1
                      flange_vacuum:
                        - interfaces:
                          - vacuum
                """, "rrbot_controllers.yaml");

        var p = c.controller("gpio_controller").orElseThrow().parameters();
        assertEquals(List.of("analog_output1"), p.getStringList("command_interfaces.flange_analog_IOs.interfaces"));
        assertEquals(List.of("vacuum"), p.getStringList("command_interfaces.flange_vacuum.interfaces"));
    }

    @Test
    void aRobotsNamespacePicksItsSectionsFromAFileForSeveralRobots() {
        String twoRobots = """
                /rrbot_1/controller_manager:
                  ros__parameters:
                    update_rate: 10
                    position_controller: {type: forward_command_controller/ForwardCommandController}
                /rrbot_1/position_controller:
                  ros__parameters:
                    joints: [rrbot_1_joint1]
                /rrbot_2/controller_manager:
                  ros__parameters:
                    update_rate: 20
                    velocity_controller: {type: velocity_controllers/JointGroupVelocityController}
                /rrbot_2/velocity_controller:
                  ros__parameters:
                    joints: [rrbot_2_joint1]
                """;

        ControllersConfig second = layered("rrbot_2", "multi.yaml", twoRobots);

        assertEquals(20, second.updateRate());
        assertEquals(List.of("velocity_controller"), List.copyOf(second.controllers().keySet()));
        assertEquals(List.of("rrbot_2_joint1"),
                second.controller("velocity_controller").orElseThrow().parameters().getStringList("joints"));
        assertFails(() -> layered("", "multi.yaml", twoRobots), "multi.yaml:8",
                "a second controller manager '/rrbot_2/controller_manager'", "set the robot's namespace");
        assertFails(() -> layered("rrbot_3", "multi.yaml", twoRobots), "multi.yaml:1",
                "no 'controller_manager' section for namespace '/rrbot_3'", "/rrbot_1/controller_manager");
    }

    @Test
    void anotherNodesSectionIsAWarningButAMisspeltControllerIsAnError() {
        // kuka_drivers' driver_config.yaml shape: the robot_manager node's parameters in a controllers file
        ControllersConfig c = layered("", "ros2_controller_config.yaml", """
                /**/controller_manager:
                  ros__parameters:
                    update_rate: 250
                    joint_state_broadcaster: {type: joint_state_broadcaster/JointStateBroadcaster}
                """, "driver_config.yaml", """
                /**/robot_manager:
                  ros__parameters:
                    position_controller_name: "joint_trajectory_controller"
                """);

        assertEquals(1, c.warnings().size(), () -> c.warnings().toString());
        assertTrue(c.warnings().get(0).startsWith("driver_config.yaml:1: parameters for '/**/robot_manager', which is "
                + "neither the controller manager nor one of its controllers"), c.warnings().get(0));
        assertFails(() -> ControllersConfig.parse("""
                /**/controller_manager:
                  ros__parameters:
                    joint_state_broadcaster: {type: joint_state_broadcaster/JointStateBroadcaster}
                /**/joint_state_braodcaster:
                  ros__parameters:
                    joints: [a1]
                """, "c.yaml"), "c.yaml:4", "parameters for 'joint_state_braodcaster'",
                "did you mean 'joint_state_broadcaster'?");
    }

    @Test
    void anUnknownManagerParameterIsAWarningThatSuggestsTheKnownOne() {
        ControllersConfig c = ControllersConfig.parse("""
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                    lock_memroy: true
                """, "c.yaml");

        assertEquals(List.of("c.yaml:4: unknown controller_manager parameter 'lock_memroy' (did you mean "
                + "'lock_memory'?); ignored"), c.warnings());
    }

    /** ros2_control_demos example 1's controllers file, loaded by its launch file with allow_substs=True. */
    @Test
    void launchSubstitutionsResolveFromTheLaunchArgumentsAndAMissingOneIsNamed(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("rrbot_controllers.yaml"), """
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                forward_position_controller:
                  ros__parameters:
                    type: forward_command_controller/ForwardCommandController
                    joints:
                      - $(var joint_prefix)1
                      - $(var joint_prefix)2
                    interface_name: position
                """);

        ControllersConfig c = ControllersConfig.parse(List.of(file), "", Map.of("joint_prefix", "joint"));

        assertEquals(List.of("joint1", "joint2"),
                c.controller("forward_position_controller").orElseThrow().parameters().getStringList("joints"));
        assertFails(() -> ControllersConfig.parse(List.of(file), "", Map.of("joint_prefx", "joint")), file + ":8",
                "'forward_position_controller.ros__parameters.joints': the launch argument 'joint_prefix' of "
                        + "$(var joint_prefix) is not set (did you mean 'joint_prefx'?)",
                "expected it in the robot's launch.args (joint_prefix:=value)");
        Path find = Files.writeString(dir.resolve("find.yaml"), """
                jsb:
                  ros__parameters:
                    type: joint_state_broadcaster/JointStateBroadcaster
                    extra: $(find-pkg-share my_robot)/x.yaml
                """);
        assertFails(() -> ControllersConfig.parse(List.of(find), "", Map.of()), find + ":4",
                "$(find-pkg-share my_robot) is not a substitution RoboCell resolves",
                "expected $(var name) or $(env NAME)");
    }
}
