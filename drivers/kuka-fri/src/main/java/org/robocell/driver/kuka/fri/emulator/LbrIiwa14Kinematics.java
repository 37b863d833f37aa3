package org.robocell.driver.kuka.fri.emulator;

import org.robocell.driver.kuka.cartesian.FlangeKinematics;
import org.robocell.kinematics.KinematicModel;

/**
 * The iiwa 14's flange pose as FRI 2.x carries it ({@code friLBRState.h getMeasuredCartesianPose}), on the bundle's
 * {@code lbr_iiwa14_r820.urdf}: the model is parsed once, each caller gets a {@link FlangeKinematics} of its own.
 */
final class LbrIiwa14Kinematics {

    static final String FLANGE = "tool0";
    private static final String RESOURCE = "lbr_iiwa14_r820.urdf";

    private static volatile KinematicModel model;

    private LbrIiwa14Kinematics() {
    }

    /** Kinematics for one thread. */
    static FlangeKinematics create() {
        KinematicModel m = model;
        if (m == null) {
            m = FlangeKinematics.model(LbrIiwa14Kinematics.class, RESOURCE, FLANGE);
            model = m;
        }
        return new FlangeKinematics(m, FLANGE);
    }
}
