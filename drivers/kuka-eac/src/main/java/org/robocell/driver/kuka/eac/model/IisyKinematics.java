package org.robocell.driver.kuka.eac.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.robocell.description.RobotDescription;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * The LBR iisy 3 R760's flange pose from its joint positions, and back, in the units the EAC driver and emulator put
 * on the wire ({@code kuka.motion.external.Transform}): x, y, z in mm, then the unit quaternion qw, qx, qy, qz, of
 * {@value #FLANGE} in {@code base_link}. The model is the bundle's {@code lbr_iisy3_r760.urdf}, built with
 * {@code org.robocell.kinematics}; the driver uses the forward kinematics, the emulator both. One instance per thread;
 * {@link #pose} and {@link #joints} allocate nothing.
 */
public final class IisyKinematics {

    /** the tip: kuka_robot_descriptions' {@code tool0}, the flange with z pointing out of it */
    public static final String FLANGE = "tool0";
    /** A2's height above the base (joint_1 and joint_2 origins: 126.4 + 88.6 mm) */
    public static final double SHOULDER_HEIGHT_MM = 215;
    /** the farthest the flange gets from A2: 300 + 300 + 160.5 mm (arm, forearm, wrist to flange) */
    public static final double REACH_MM = 760.5;
    private static final String RESOURCE = "lbr_iisy3_r760.urdf";
    /**
     * Reached to 0.01 mm and 1e-5 rad from where the arm stands, without jumping to another configuration: no
     * restarts from random positions (the robot would jump)
     */
    private static final IkOptions IK = new IkOptions(200, 1e-5, 1e-5, 1e-6, 0.2, 0, 0x5EED);

    private static volatile KinematicModel model;

    private final KinematicWorkspace ws;
    private final int flange;
    private final double[] position = new double[3];
    private final double[] xyzw = new double[4];

    public IisyKinematics() {
        KinematicModel m = model();
        this.ws = m.newWorkspace();
        this.flange = m.linkIndex(FLANGE);
    }

    private static KinematicModel model() {
        KinematicModel m = model;
        if (m == null) {
            try (InputStream in = IisyKinematics.class.getResourceAsStream(RESOURCE)) {
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

    /** Whether the position (mm) is within {@link #REACH_MM} of A2: the sphere no pose beyond can be reached in. */
    public static boolean withinReach(double x, double y, double z) {
        double dz = z - SHOULDER_HEIGHT_MM;
        return Math.sqrt(x * x + y * y + dz * dz) <= REACH_MM;
    }
}
