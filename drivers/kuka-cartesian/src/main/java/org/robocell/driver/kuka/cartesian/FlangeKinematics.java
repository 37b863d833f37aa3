package org.robocell.driver.kuka.cartesian;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.robocell.description.RobotDescription;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * A KUKA arm's flange pose in the units FRI and EAC put on the wire (x, y, z in mm, then the unit quaternion qw, qx,
 * qy, qz, in the base frame; {@code friLBRState.h getMeasuredCartesianPose}, {@code kuka.motion.external.Transform})
 * from joint positions, and back. One instance per thread; {@link #pose} and {@link #joints} allocate nothing.
 */
public final class FlangeKinematics {

    /**
     * A pose the robot takes is reached to 0.01 mm and 1e-5 rad from where the arm stands, without jumping to another
     * configuration: no restarts from random positions (the robot would jump).
     */
    private static final IkOptions IK = new IkOptions(200, 1e-5, 1e-5, 1e-6, 0.2, 0, 0x5EED);

    private final KinematicWorkspace ws;
    private final int flange;
    private final double[] position = new double[3];
    private final double[] xyzw = new double[4];

    /**
     * @param model  the arm, from its base to (at least) the flange
     * @param flange the flange link ({@code tool0} in kuka_robot_descriptions)
     * @throws IllegalArgumentException when the model has no such link
     */
    public FlangeKinematics(KinematicModel model, String flange) {
        this.ws = model.newWorkspace();
        this.flange = model.linkIndex(flange);
    }

    /**
     * The model of a URDF a bundle carries as a resource beside {@code owner}, from its root to {@code flange}.
     *
     * @throws IllegalStateException when the bundle lacks the resource
     */
    public static KinematicModel model(Class<?> owner, String resource, String flange) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the bundle lacks its resource " + resource);
            }
            return KinematicModel.of(RobotDescription.parse(in, resource).robot(), flange);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The flange pose (x, y, z mm, qw, qx, qy, qz) for joint positions {@code q} (rad) into {@code pose}. */
    public void pose(double[] q, double[] pose) {
        ws.forwardKinematics(q);
        ws.linkPosition(flange, position);
        ws.linkQuaternion(flange, xyzw);
        pose[0] = position[0] * 1000;
        pose[1] = position[1] * 1000;
        pose[2] = position[2] * 1000;
        pose[3] = xyzw[3];
        pose[4] = xyzw[0];
        pose[5] = xyzw[1];
        pose[6] = xyzw[2];
    }

    /**
     * Joint positions within the limits that put the flange at {@code pose} (x, y, z mm, qw, qx, qy, qz; the
     * quaternion is normalized), by damped least squares from {@code seed}.
     *
     * @return false when the pose is out of reach from there (then {@code solution} is not to be used)
     */
    public boolean joints(double[] pose, double[] seed, double[] solution) {
        position[0] = pose[0] / 1000;
        position[1] = pose[1] / 1000;
        position[2] = pose[2] / 1000;
        double n = Math.sqrt(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6]);
        xyzw[0] = pose[4] / n;
        xyzw[1] = pose[5] / n;
        xyzw[2] = pose[6] / n;
        xyzw[3] = pose[3] / n;
        IkResult r = ws.inverseKinematics(flange, position, xyzw, seed, IK, solution);
        return r.converged();
    }
}
