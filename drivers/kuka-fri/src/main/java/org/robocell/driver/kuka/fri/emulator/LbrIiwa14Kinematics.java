package org.robocell.driver.kuka.fri.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.robocell.description.RobotDescription;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * The iiwa 14's flange pose as FRI 2.x carries it (x, y, z in mm, qw, qx, qy, qz; {@code friLBRState.h}
 * {@code getMeasuredCartesianPose}) from joint positions, and back. The model is the bundle's
 * {@code lbr_iiwa14_r820.urdf}; one instance per thread.
 */
final class LbrIiwa14Kinematics {

    static final String FLANGE = "tool0";
    private static final String RESOURCE = "lbr_iiwa14_r820.urdf";
    /**
     * a pose the robot takes is reached to 0.01 mm and 1e-5 rad from where the arm stands, without jumping to another
     * configuration: no restarts from random positions
     */
    private static final IkOptions IK = new IkOptions(200, 1e-5, 1e-5, 1e-6, 0.2, 0, 0x5EED);

    private static volatile KinematicModel model;

    private final KinematicWorkspace ws;
    private final int flange;
    private final double[] position = new double[3];
    private final double[] xyzw = new double[4];

    LbrIiwa14Kinematics() {
        KinematicModel m = model();
        this.ws = m.newWorkspace();
        this.flange = m.linkIndex(FLANGE);
    }

    static KinematicModel model() {
        KinematicModel m = model;
        if (m == null) {
            try (InputStream in = LbrIiwa14Kinematics.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the bundle lacks its resource " + RESOURCE);
                }
                m = KinematicModel.of(RobotDescription.parse(in, RESOURCE).robot(), FLANGE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            model = m;
        }
        return m;
    }

    /** The flange pose for joint positions {@code q} into {@code pose} (7). */
    void pose(double[] q, double[] pose) {
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
     * Joint positions within the limits that put the flange at {@code pose}, starting from {@code seed}.
     *
     * @return false when the pose is out of reach from there (then {@code solution} is not to be used)
     */
    boolean joints(double[] pose, double[] seed, double[] solution) {
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
