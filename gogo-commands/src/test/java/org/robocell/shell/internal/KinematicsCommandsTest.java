package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

class KinematicsCommandsTest {

    @Test
    void rollPitchYawSurviveARoundTripThroughTheMatrix() {
        double[] pose = { 0.3, -0.1, 0.5, 0.4, -0.7, 2.1 };
        double[] t = KinematicsCommands.transform(pose);
        assertArrayEquals(new double[] { 0.4, -0.7, 2.1 }, KinematicsCommands.rpy(t), 1e-12);
        assertEquals(0.3, t[3]);
        assertEquals(-0.1, t[7]);
        assertEquals(0.5, t[11]);
    }

    @Test
    void theTipIsTheLeafReachedThroughTheMostMovingJointsNotASensorBranch() {
        Vector3 z = new Vector3(0, 0, 1);
        RobotModel arm = new RobotModel("arm",
                List.of(new Link("base", null), new Link("upper", null), new Link("imu", null), new Link("lower", null),
                        new Link("flange", null)),
                List.of(new Joint("j1", JointType.REVOLUTE, "base", "upper", Pose.IDENTITY, z, null, null),
                        new Joint("imu_mount", JointType.FIXED, "upper", "imu", Pose.IDENTITY, z, null, null),
                        new Joint("j2", JointType.REVOLUTE, "upper", "lower", Pose.IDENTITY, z, null, null),
                        new Joint("flange_mount", JointType.FIXED, "lower", "flange", Pose.IDENTITY, z, null, null)));
        assertEquals("flange", KinematicsCommands.tip(arm));
    }
}
