package org.robocell.controller.franka.dual.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.ParameterException;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;
import org.robocell.description.RobotDescription;

/**
 * Without {@code right_base_in_left_base}, the bases' placement comes from the robot's description, as franka_ros
 * reads it from tf: the fixed joints from the root to each {@code <arm_id>_link0}. A base placed through a joint that
 * moves, a missing link or a robot without a description is one line naming the parameter to give.
 */
class BasePlacementTest {

    private static final Path FR3_DUAL = Path.of("../../runtime/cells/fr3-dual/fr3_dual.urdf");

    @Test
    void theBasesOfTheDualArmCellAreWhereItsUrdfPlacesThem() {
        RobotModel model = RobotDescription.parse(FR3_DUAL).robot();
        double[] t = BasePlacement.rightInLeft(model, "fr3_left", "fr3_right");
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.8, 0, 1}, t, 1e-12,
                "right base 0.8 m along -y of the left one, not turned");
    }

    @Test
    void turnedAndShiftedBasesComposeTheirFixedJoints() {
        // left: 0.5 m up a pedestal, then turned a quarter about z; right: 1 m along x, turned half a turn about z
        RobotModel model = new RobotModel("cell", List.of(new Link("world", null), new Link("pedestal", null),
                new Link("left_link0", null), new Link("right_link0", null)), List.of(
                        fixed("world_pedestal", "world", "pedestal", new Pose(0, 0, 0.5, 0, 0, 0)),
                        fixed("pedestal_left", "pedestal", "left_link0", new Pose(0, 0, 0, 0, 0, Math.PI / 2)),
                        fixed("world_right", "world", "right_link0", new Pose(1, 0, 0, 0, 0, Math.PI))));
        double[] t = BasePlacement.rightInLeft(model, "left", "right");
        // in the left base's frame (x along the world's y): the right base is 1 m along -y, 0.5 m down, turned a
        // quarter about z (x along the left frame's +y)
        assertEquals(0, t[12], 1e-12);
        assertEquals(-1, t[13], 1e-12);
        assertEquals(-0.5, t[14], 1e-12);
        assertEquals(0, t[0], 1e-12);
        assertEquals(1, t[1], 1e-12);
    }

    @Test
    void aBaseOnAMovingJointOrAMissingLinkIsOneLineNamingTheParameter() {
        RobotModel onRail = new RobotModel("cell", List.of(new Link("world", null), new Link("carriage", null),
                new Link("left_link0", null), new Link("right_link0", null)), List.of(
                        new Joint("rail", JointType.PRISMATIC, "world", "carriage", Pose.IDENTITY, new Vector3(1, 0, 0),
                                new JointLimits(0, 2, 100, 1), null),
                        fixed("carriage_left", "carriage", "left_link0", Pose.IDENTITY),
                        fixed("world_right", "world", "right_link0", new Pose(1, 0, 0, 0, 0, 0))));
        ParameterException moving = assertThrows(ParameterException.class,
                () -> BasePlacement.rightInLeft(onRail, "left", "right"));
        assertEquals("right_base_in_left_base", moving.key());
        assertTrue(moving.getMessage().contains("through the prismatic joint 'rail'"), moving.getMessage());
        assertTrue(moving.getMessage().contains("give 'right_base_in_left_base'"), moving.getMessage());

        ParameterException missing = assertThrows(ParameterException.class,
                () -> BasePlacement.rightInLeft(onRail, "middle", "right"));
        assertTrue(missing.getMessage().contains("has no link 'middle_link0'"), missing.getMessage());
    }

    @Test
    void theControllerConfiguredWithoutTheParameterTakesThePlacementFromTheDescription() {
        RobotModel model = RobotDescription.parse(FR3_DUAL).robot();
        Map<String, Object> withoutBase = DualArmCartesianImpedanceControllerTest.parameters();
        withoutBase.remove("right_base_in_left_base");

        DualArmCartesianImpedanceController fromModel = new DualArmCartesianImpedanceController(
                new ChannelDirectory(), robot -> Optional.of(model));
        assertEquals(CallbackReturn.SUCCESS, rig().load("dual", DualArmCartesianImpedanceController.TYPE, fromModel,
                withoutBase).configure(), fromModel.lastError());
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.8, 0, 1},
                fromModel.rightBaseInLeftBase(), 1e-12);

        DualArmCartesianImpedanceController noModel = new DualArmCartesianImpedanceController(new ChannelDirectory());
        assertEquals(CallbackReturn.FAILURE, rig().load("dual", DualArmCartesianImpedanceController.TYPE, noModel,
                withoutBase).configure());
        assertTrue(noModel.lastError().contains("'right_base_in_left_base' is not given and robot"), noModel.lastError());
    }

    private static ControllerRig rig() {
        return new ControllerRig(new InterfaceTable(8), new SimulatedRobot(new InterfaceTable(8), List.of()), 1000);
    }

    private static Joint fixed(String name, String parent, String child, Pose origin) {
        return new Joint(name, JointType.FIXED, parent, child, origin, Vector3.ZERO, null, null);
    }
}
