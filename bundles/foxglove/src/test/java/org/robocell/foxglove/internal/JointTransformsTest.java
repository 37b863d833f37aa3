package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Mimic;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

class JointTransformsTest {

    private static final double EPS = 1e-12;

    private static double[] quaternion(JointTransforms.Transform t) {
        return new double[] {t.qx(), t.qy(), t.qz(), t.qw()};
    }

    @Test
    void aRevoluteJointRotatesAboutItsAxisAfterItsOrigin() {
        Joint j = new Joint("j", JointType.REVOLUTE, "p", "c", new Pose(1, 2, 3, 0, 0, Math.PI / 2),
                new Vector3(0, 0, 1), null, null);
        JointTransforms.Transform t = JointTransforms.transform(j, Math.PI / 2);
        assertEquals("p", t.parent());
        assertEquals("c", t.child());
        assertArrayEquals(new double[] {1, 2, 3}, new double[] {t.tx(), t.ty(), t.tz()}, EPS);
        // a quarter turn from the origin's yaw and a quarter turn of the joint: half a turn about z
        assertArrayEquals(new double[] {0, 0, 1, 0}, quaternion(t), EPS);
    }

    @Test
    void aNegativeAxisTurnsTheOtherWay() {
        Joint j = new Joint("j", JointType.CONTINUOUS, "p", "c", Pose.IDENTITY, new Vector3(0, 0, -1), null, null);
        JointTransforms.Transform t = JointTransforms.transform(j, Math.PI / 2);
        assertArrayEquals(new double[] {0, 0, -Math.sin(Math.PI / 4), Math.cos(Math.PI / 4)}, quaternion(t), EPS);
    }

    @Test
    void aPrismaticJointMovesAlongItsAxisInTheOriginFrame() {
        Joint j = new Joint("j", JointType.PRISMATIC, "p", "c", new Pose(0, 0, 0.5, 0, 0, Math.PI / 2),
                new Vector3(1, 0, 0), null, null);
        JointTransforms.Transform t = JointTransforms.transform(j, 0.25);
        assertArrayEquals(new double[] {0, 0.25, 0.5}, new double[] {t.tx(), t.ty(), t.tz()}, EPS);
    }

    @Test
    void rollPitchYawAreFixedAxesXThenYThenZ() {
        double[] q = JointTransforms.fromRpy(0.3, -0.7, 1.1);
        double[] expected = JointTransforms.multiply(JointTransforms.multiply(
                new double[] {0, 0, Math.sin(0.55), Math.cos(0.55)}, new double[] {0, Math.sin(-0.35), 0, Math.cos(-0.35)}),
                new double[] {Math.sin(0.15), 0, 0, Math.cos(0.15)});
        assertArrayEquals(expected, q, EPS);
    }

    @Test
    void everyJointOfTheModelIsATransformAndAMimicJointFollowsItsJoint() {
        RobotModel model = new RobotModel("r", List.of(new Link("base", null), new Link("a", null), new Link("b", null),
                new Link("tool", null)), List.of(
                        new Joint("j1", JointType.REVOLUTE, "base", "a", Pose.IDENTITY, new Vector3(0, 0, 1), null, null),
                        new Joint("j2", JointType.REVOLUTE, "a", "b", Pose.IDENTITY, new Vector3(0, 0, 1), null,
                                new Mimic("j1", 2, 0)),
                        new Joint("fixed", JointType.FIXED, "b", "tool", new Pose(0, 0, 0.1, 0, 0, 0), null, null, null)));
        List<JointTransforms.Transform> ts = new JointTransforms(model).at(Map.of("j1", Math.PI / 4));
        assertEquals(List.of("a", "b", "tool"), ts.stream().map(JointTransforms.Transform::child).toList());
        assertArrayEquals(new double[] {0, 0, Math.sin(Math.PI / 4), Math.cos(Math.PI / 4)}, quaternion(ts.get(1)), EPS);
        assertArrayEquals(new double[] {0, 0, 0, 1}, quaternion(ts.get(2)), EPS);
        assertEquals(0.1, ts.get(2).tz(), EPS);
    }

    @Test
    void aJointWithoutAMeasuredPositionIsAtZero() {
        Joint j = new Joint("j", JointType.REVOLUTE, "p", "c", Pose.IDENTITY, new Vector3(0, 0, 1), null, null);
        RobotModel model = new RobotModel("r", List.of(new Link("p", null), new Link("c", null)), List.of(j));
        assertArrayEquals(new double[] {0, 0, 0, 1}, quaternion(new JointTransforms(model).at(Map.of("j", Double.NaN)).get(0)), EPS);
    }
}
