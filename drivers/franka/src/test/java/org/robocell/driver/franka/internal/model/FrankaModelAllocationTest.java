package org.robocell.driver.franka.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.robocell.driver.franka.internal.model.FrankaModelFramesTest.EE_T_K;
import static org.robocell.driver.franka.internal.model.FrankaModelFramesTest.F_T_EE;

import org.junit.jupiter.api.Test;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/** Every call of the model, with a load and with a state, allocates nothing once the model exists. */
class FrankaModelAllocationTest {

    @Test
    void everyCallAllocatesNothing() {
        FrankaModel model = FrankaModel.fr3();
        double[] q = { 0.1, -0.785, 0.2, -2.356, 0.1, 1.571, 0.785 };
        double[] dq = { 0.3, -0.2, 0.5, 0.1, -0.4, 0.2, 0.6 };
        double[] inertia = { 0.004, 0, 0, 0, 0.005, 0, 0, 0, 0.003 };
        double[] com = { 0.01, 0, 0.06 };
        double[] gravityEarth = { 0.5, -0.3, -9.8 };
        RobotState s = new RobotState().set(StateField.Q, q).set(StateField.DQ, dq).set(StateField.F_T_EE, F_T_EE)
                .set(StateField.EE_T_K, EE_T_K).set(StateField.M_EE, new double[] { 0.73 })
                .set(StateField.I_EE, inertia).set(StateField.O_DDP_O, new double[] { 0, 0, -9.81 });
        double[] pose = new double[16];
        double[] j = new double[42];
        double[] m = new double[49];
        double[] v = new double[7];
        FrankaFrame[] frames = FrankaFrame.values(); // values() copies its array
        Runnable all = () -> {
            for (FrankaFrame f : frames) {
                model.pose(f, s, pose);
                model.zeroJacobian(f, q, F_T_EE, EE_T_K, j);
                model.bodyJacobian(f, s, j);
            }
            model.mass(s, m);
            model.mass(q, inertia, 1.2, com, m);
            model.coriolis(s, v);
            model.coriolis(q, dq, inertia, 1.2, com, gravityEarth, v);
            model.gravity(s, v);
            model.gravity(q, 1.2, com, gravityEarth, v);
        };
        for (int i = 0; i < 2000; i++) {
            all.run(); // warm up: the JIT
        }
        assertEquals(0, AllocationMeter.fewestBytes(all), "bytes allocated by every model call once");
    }
}
