package org.robocell.driver.kuka.eac.model;

import org.robocell.driver.kuka.cartesian.FlangeKinematics;
import org.robocell.driver.kuka.cartesian.Reach;
import org.robocell.kinematics.KinematicModel;

/**
 * The LBR iisy 3 R760's flange pose in the units the EAC driver and emulator put on the wire
 * ({@code kuka.motion.external.Transform}: mm and a unit quaternion), of {@value #FLANGE} in {@code base_link}, on the
 * bundle's {@code lbr_iisy3_r760.urdf}: the model is parsed once, each caller gets a {@link FlangeKinematics} of its
 * own; the driver uses the forward kinematics, the emulator both.
 */
public final class IisyKinematics {

    /** the tip: kuka_robot_descriptions' {@code tool0}, the flange with z pointing out of it */
    public static final String FLANGE = "tool0";
    /**
     * A2's height above the base (joint_1 and joint_2 origins: 126.4 + 88.6 mm), and the farthest the flange gets
     * from A2 (300 + 300 + 160.5 mm: arm, forearm, wrist to flange)
     */
    public static final Reach REACH = new Reach(215, 760.5);
    private static final String RESOURCE = "lbr_iisy3_r760.urdf";

    private static volatile KinematicModel model;

    private IisyKinematics() {
    }

    /** Kinematics for one thread. */
    public static FlangeKinematics create() {
        KinematicModel m = model;
        if (m == null) {
            m = FlangeKinematics.model(IisyKinematics.class, RESOURCE, FLANGE);
            model = m;
        }
        return new FlangeKinematics(m, FLANGE);
    }
}
