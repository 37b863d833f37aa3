package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The KUKA control modes: their names as users write them, and what they need from the hardware. */
class ControlModeTest {

    @Test
    void aModeIsNamedAsTheKukaDriversNameItByLabelEnumNameNumberOrVariant() {
        assertEquals(ControlMode.JOINT_POSITION, ControlMode.of("joint_position"));
        assertEquals(ControlMode.JOINT_POSITION, ControlMode.of("JOINT_POSITION_CONTROL"));
        assertEquals(ControlMode.JOINT_POSITION, ControlMode.of("joint_position.streaming"));
        assertEquals(ControlMode.WRENCH, ControlMode.of("8"));
        assertEquals(ControlMode.CARTESIAN_IMPEDANCE, ControlMode.of("cartesian_impedance"));
        assertEquals(ControlMode.CARTESIAN_POSITION, ControlMode.of("cartesian_pose"), "FRI's name for it");
        assertNull(ControlMode.of("holding"));
        assertNull(ControlMode.of("joint"));
        assertEquals(List.of("joint_position", "joint_impedance", "joint_velocity", "joint_torque", "cartesian_position",
                "cartesian_impedance", "cartesian_velocity", "wrench"), ControlMode.labels());
    }

    @Test
    void jointModesNeedTheirInterfacesOnEveryJointCartesianModesUnderAnyPrefix() {
        Set<String> rsi = Set.of("a1/position", "a2/position");
        List<String> missing = new ArrayList<>();
        assertEquals(List.of("a1/position", "a2/position"), ControlMode.JOINT_POSITION.needs(List.of("a1", "a2"), rsi, missing));
        assertEquals(List.of(), missing);
        assertEquals(List.of("a1/position", "a2/position", "a1/stiffness", "a2/stiffness", "a1/damping", "a2/damping"),
                ControlMode.JOINT_IMPEDANCE.needs(List.of("a1", "a2"), rsi, missing));
        assertEquals(List.of("a1/stiffness", "a2/stiffness", "a1/damping", "a2/damping"), missing);

        missing.clear();
        Set<String> cartesian = Set.of("tcp/cart_position", "a1/position");
        assertEquals(List.of("tcp/cart_position"), ControlMode.CARTESIAN_POSITION.needs(List.of("a1"), cartesian, missing));
        assertEquals(List.of(), missing);
        assertEquals(List.of("dummy_cart_joint/*/effort"), ControlMode.WRENCH.needs(List.of("a1"), cartesian, missing));
        assertEquals(List.of("dummy_cart_joint/*/effort"), missing);
    }

    @Test
    void cartesianModesTakeTheInterfacesKukaDriversNamesUnderDummyCartJoint() {
        Set<String> fri = new java.util.TreeSet<>(Set.of("dummy_cart_joint/x/position", "dummy_cart_joint/qw/position",
                "dummy_cart_joint/x/velocity", "joint_a1/position"));
        List<String> missing = new ArrayList<>();
        assertEquals(List.of("dummy_cart_joint/qw/position", "dummy_cart_joint/x/position"),
                ControlMode.CARTESIAN_POSITION.needs(List.of("joint_a1"), fri, missing));
        assertEquals(List.of("dummy_cart_joint/x/velocity"),
                ControlMode.CARTESIAN_VELOCITY.needs(List.of("joint_a1"), fri, missing));
        assertEquals(List.of(), missing);
        ControlMode.CARTESIAN_IMPEDANCE.needs(List.of("joint_a1"), fri, missing);
        assertEquals(List.of("dummy_cart_joint/*/stiffness", "dummy_cart_joint/*/damping"), missing);

        missing.clear();
        Set<String> nested = Set.of("dummy_cart_joint/x/extra/position", "joint_a1/position");
        ControlMode.CARTESIAN_POSITION.needs(List.of("joint_a1"), nested, missing);
        assertEquals(List.of("dummy_cart_joint/*/position"), missing, "one axis level, not any path ending in position");
    }
}
