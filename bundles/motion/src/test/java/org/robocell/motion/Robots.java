package org.robocell.motion;

import java.net.URISyntaxException;
import java.nio.file.Path;

import org.robocell.api.model.RobotModel;
import org.robocell.description.RobotDescription;

/** The robots the planner tests run on: the default cell's KR 6 R900 sixx and FR3, as URDF files. */
final class Robots {

    /** The KR 6 where the RSI emulator starts it: 0, -90, 90, 0, 90, 0 degrees. */
    static final double[] KR6_HOME = { 0, -Math.PI / 2, Math.PI / 2, 0, Math.PI / 2, 0 };
    static final double[] FR3_READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };

    private Robots() {
    }

    static RobotModel kr6() {
        return urdf("/robots/kr6r900sixx.urdf");
    }

    static RobotModel fr3() {
        return urdf("/robots/fr3.urdf");
    }

    static MotionPlanner kr6Planner() {
        return MotionPlanner.create(kr6(), PlannerSettings.DEFAULT.withSampleTime(0.004));
    }

    static MotionPlanner fr3Planner() {
        return MotionPlanner.create(fr3(), PlannerSettings.DEFAULT);
    }

    private static RobotModel urdf(String resource) {
        try {
            return RobotDescription.parse(Path.of(Robots.class.getResource(resource).toURI())).robot();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The pose {@code p} moved by (dx, dy, dz), orientation kept. */
    static CartesianPose shifted(CartesianPose p, double dx, double dy, double dz) {
        return new CartesianPose(p.x() + dx, p.y() + dy, p.z() + dz, p.qx(), p.qy(), p.qz(), p.qw());
    }

    static double[] position(CartesianPose p) {
        return new double[] { p.x(), p.y(), p.z() };
    }
}
