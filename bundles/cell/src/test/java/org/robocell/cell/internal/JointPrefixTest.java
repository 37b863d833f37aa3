package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.description.RobotDescription;

/** A joint prefix renames the robot's links and joints, and the joints its controllers' parameters name. */
class JointPrefixTest {

    @Test
    void linksJointsAndRos2ControlJointsArePrefixedTheTreeStaysATree() {
        RobotDescription kr6 = RobotDescription.parse(Path.of("../../runtime/cell/kr6r900sixx.urdf"));
        RobotDescription left = JointPrefix.apply(kr6, "left_");
        assertEquals("left_base_link", left.robot().rootLink());
        assertEquals(kr6.robot().joints().size(), left.robot().joints().size());
        assertEquals("left_link_1", left.robot().joint("left_joint_a1").orElseThrow().child());
        assertEquals(List.of("left_joint_a1", "left_joint_a2", "left_joint_a3", "left_joint_a4", "left_joint_a5",
                "left_joint_a6"), left.hardware().get(0).joints().stream().map(ComponentInfo::name).toList());
        assertEquals(6, left.robot().chainTo("left_tool0").stream().filter(j -> !j.type().name().equals("FIXED")).count());
        assertEquals(kr6, JointPrefix.apply(kr6, ""), "no prefix: the description as parsed");
    }

    @Test
    void parametersNamingAJointInAValueAListAKeyOrAnInterfaceNameArePrefixed() {
        Map<String, Object> values = new TreeMap<>();
        values.put("joints", List.of("joint_a1", "joint_a2"));
        values.put("joint", "joint_a2");
        values.put("interface_name", "position");
        values.put("interface_names", List.of("joint_a1/position", "tcp/x"));
        values.put("constraints.joint_a1.goal", 0.1);
        values.put("constraints.goal_time", 0.5);
        Parameters p = JointPrefix.apply(new Parameters("test", values), Set.of("joint_a1", "joint_a2"), "l_");
        assertEquals(List.of("l_joint_a1", "l_joint_a2"), p.getStringList("joints"));
        assertEquals("l_joint_a2", p.getString("joint"));
        assertEquals("position", p.getString("interface_name"));
        assertEquals(List.of("l_joint_a1/position", "tcp/x"), p.getStringList("interface_names"));
        assertEquals(0.1, p.getDouble("constraints.l_joint_a1.goal"));
        assertEquals(0.5, p.getDouble("constraints.goal_time"));
        assertEquals(Set.of("joints", "joint", "interface_name", "interface_names", "constraints.l_joint_a1.goal",
                "constraints.goal_time"), p.keys());
    }
}
