package org.robocell.driver.franka.internal.hardware;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.driver.testkit.DriverContext;

/**
 * What {@code robot_model=true} adds to {@code read}: {@link RobotModelInterfaces#publish} (mass, Coriolis, gravity,
 * pose and both Jacobians of three frames, 363 interfaces) for a state with the hand and a load, timed per call.
 * Not a test: run by hand (BENCHMARKS.md) with {@code warmup} and {@code calls} as arguments.
 */
public final class RobotModelCostHarness {

    private RobotModelCostHarness() {
    }

    public static void main(String[] args) {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        DriverContext context = new DriverContext(new HardwareInfo("FR3System", HardwareType.SYSTEM, "harness",
                Map.of(), List.<ComponentInfo>of(), List.of(), List.of(), 0, null));
        RobotModelInterfaces model = new RobotModelInterfaces("fr3", (full, shortName) -> context
                .exportStateInterface(full, InterfaceInfo.of(shortName)));
        double[] identity = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
        double[] fTEe = identity.clone();
        fTEe[14] = 0.1034;
        RobotState s = new RobotState().set(StateField.Q, FrankaEmulatorConfig.readyPose())
                .set(StateField.DQ, new double[] { 0.1, -0.2, 0.1, 0.3, -0.1, 0.2, 0.4 }).set(StateField.F_T_EE, fTEe)
                .set(StateField.EE_T_K, identity).set(StateField.M_EE, new double[] { 0.73 })
                .set(StateField.I_EE, new double[] { 0.001, 0, 0, 0, 0.0025, 0, 0, 0, 0.0017 })
                .set(StateField.M_LOAD, new double[] { 0.5 }).set(StateField.F_X_CLOAD, new double[] { 0, 0, 0.05 })
                .set(StateField.O_DDP_O, new double[] { 0, 0, -9.81 });
        for (int i = 0; i < warmup; i++) {
            s.set(StateField.Q, 0, 1e-6 * (i % 100));
            model.publish(s);
        }
        Histogram h = new Histogram(3);
        for (int i = 0; i < calls; i++) {
            s.set(StateField.Q, 0, 1e-6 * (i % 100));
            long t0 = System.nanoTime();
            model.publish(s);
            h.recordValue(System.nanoTime() - t0);
        }
        System.out.printf("RobotModelInterfaces.publish, %d calls: p50 %.1f us, p99 %.1f us, p99.9 %.1f us, max %.1f us"
                + "%n", calls, h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3);
    }
}
