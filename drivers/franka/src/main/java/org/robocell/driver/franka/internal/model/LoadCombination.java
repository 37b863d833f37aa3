package org.robocell.driver.franka.internal.model;

import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * The end effector and the load as one rigid body, as libfranka fills {@code m_total}, {@code F_x_Ctotal} and
 * {@code I_total} ({@code src/robot_state.cpp}'s {@code combineCenterOfMass} and {@code combineInertiaTensor}): the
 * masses added, the centre of mass their weighted mean in the flange frame (zero when there is no mass), each
 * inertia moved to that centre by the parallel-axis theorem (I − m [r]×², r from the total centre to the body's)
 * and added. Inertias are 3×3 column-major, about the bodies' own centres of mass. Allocation-free.
 */
public final class LoadCombination {

    public double mass;
    public final double[] centerOfMass = new double[3];
    public final double[] inertia = new double[9];

    /** Combines the state's {@code m_ee, F_x_Cee, I_ee} and {@code m_load, F_x_Cload, I_load}. */
    public void combine(RobotState s, double[] scratch) {
        double mEe = s.get(StateField.M_EE, 0);
        double mLoad = s.get(StateField.M_LOAD, 0);
        mass = mEe + mLoad;
        for (int i = 0; i < 3; i++) {
            centerOfMass[i] = mass == 0 ? 0
                    : (mEe * s.get(StateField.F_X_CEE, i) + mLoad * s.get(StateField.F_X_CLOAD, i)) / mass;
        }
        java.util.Arrays.fill(inertia, 0);
        add(s, StateField.I_EE, StateField.F_X_CEE, mEe, scratch);
        add(s, StateField.I_LOAD, StateField.F_X_CLOAD, mLoad, scratch);
    }

    private void add(RobotState s, StateField inertiaField, StateField comField, double m, double[] r) {
        for (int i = 0; i < 3; i++) {
            r[i] = s.get(comField, i) - centerOfMass[i];
        }
        double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                // −m [r]×² = m (|r|² E − r rᵀ)
                double shift = m * ((row == col ? rr : 0) - r[row] * r[col]);
                inertia[3 * col + row] += s.get(inertiaField, 3 * col + row) + shift;
            }
        }
    }
}
