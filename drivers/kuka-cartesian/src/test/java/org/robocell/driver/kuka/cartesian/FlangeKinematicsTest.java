package org.robocell.driver.kuka.cartesian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.robocell.description.RobotDescription;
import org.robocell.kinematics.KinematicModel;

/** KUKA's units on a six-axis arm written here: mm, and the quaternion ordered qw, qx, qy, qz. */
class FlangeKinematicsTest {

    /** A 6R arm: A1 about z at 0.3 m, A2/A3 about y with 0.4 m links, a spherical wrist, tool0 0.1 m out. */
    private static final String ARM = """
            <robot name="arm6">
              <link name="base_link"/><link name="l1"/><link name="l2"/><link name="l3"/><link name="l4"/>
              <link name="l5"/><link name="l6"/><link name="tool0"/>
              <joint name="a1" type="revolute"><parent link="base_link"/><child link="l1"/>
                <origin xyz="0 0 0.3"/><axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
              <joint name="a2" type="revolute"><parent link="l1"/><child link="l2"/>
                <axis xyz="0 1 0"/><limit lower="-2" upper="2" effort="1" velocity="1"/></joint>
              <joint name="a3" type="revolute"><parent link="l2"/><child link="l3"/>
                <origin xyz="0 0 0.4"/><axis xyz="0 1 0"/><limit lower="-2.5" upper="2.5" effort="1" velocity="1"/></joint>
              <joint name="a4" type="revolute"><parent link="l3"/><child link="l4"/>
                <origin xyz="0 0 0.4"/><axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
              <joint name="a5" type="revolute"><parent link="l4"/><child link="l5"/>
                <axis xyz="0 1 0"/><limit lower="-2" upper="2" effort="1" velocity="1"/></joint>
              <joint name="a6" type="revolute"><parent link="l5"/><child link="l6"/>
                <axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
              <joint name="flange" type="fixed"><parent link="l6"/><child link="tool0"/><origin xyz="0 0 0.1"/></joint>
            </robot>
            """;

    private static KinematicModel model() throws Exception {
        return KinematicModel.of(RobotDescription.parse(new ByteArrayInputStream(ARM.getBytes(StandardCharsets.UTF_8)),
                "arm6.urdf").robot(), "tool0");
    }

    @Test
    void theCandlePoseIsStraightUpInMillimetresWithTheIdentityQuaternionFirstComponentW() throws Exception {
        FlangeKinematics k = new FlangeKinematics(model(), "tool0");
        double[] pose = new double[7];
        k.pose(new double[6], pose);
        double[] expected = { 0, 0, 1200, 1, 0, 0, 0 };
        for (int i = 0; i < 7; i++) {
            assertEquals(expected[i], pose[i], 1e-9, "element " + i);
        }
    }

    @Test
    void aPoseFromTheForwardKinematicsIsReachedBackFromANearbySeed() throws Exception {
        FlangeKinematics k = new FlangeKinematics(model(), "tool0");
        double[] q = { 0.3, 0.5, 0.8, -0.2, 0.6, 0.1 };
        double[] pose = new double[7];
        k.pose(q, pose);
        double[] seed = q.clone();
        for (int i = 0; i < 6; i++) {
            seed[i] += 0.05;
        }
        double[] solution = new double[6];
        assertTrue(k.joints(pose, seed, solution));
        double[] reached = new double[7];
        k.pose(solution, reached);
        for (int i = 0; i < 3; i++) {
            assertEquals(pose[i], reached[i], 0.01, "mm, element " + i);
        }
        double dot = Math.abs(pose[3] * reached[3] + pose[4] * reached[4] + pose[5] * reached[5] + pose[6] * reached[6]);
        assertEquals(1, dot, 1e-9, "the same orientation");
    }

    @Test
    void aPoseTwoMetresAwayIsNotReached() throws Exception {
        FlangeKinematics k = new FlangeKinematics(model(), "tool0");
        assertFalse(k.joints(new double[] { 2000, 0, 300, 1, 0, 0, 0 }, new double[6], new double[6]));
    }

    @Test
    void aFlangeTheModelLacksAndAResourceTheBundleLacksAreOneClearError() throws Exception {
        KinematicModel m = model();
        assertThrows(IllegalArgumentException.class, () -> new FlangeKinematics(m, "tool9"));
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> FlangeKinematics.model(FlangeKinematicsTest.class, "no_such.urdf", "tool0"));
        assertEquals("the bundle lacks its resource no_such.urdf", missing.getMessage());
    }
}
