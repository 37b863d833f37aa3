package org.robocell.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.controller.Controller;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.franka.impedance.internal.FrankaImpedanceControllerFactory;
import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.franka.semantic.FrankaRobotState;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/**
 * One update of franka_example_controllers' torque controllers (controllers/franka-impedance), as the loop calls it:
 * the state and model read through the loaned handles (the semantic components), the law, the torque-rate
 * saturation, the command writes and the state channel's publication. The FR3's {@code fr3/*} and
 * {@code fr3/robot_model/*} interfaces hold the model of a pose 3 cm and a few degrees away from the equilibrium,
 * moving (FrankaModel: pose, zero Jacobian, mass, Coriolis, gravity), so every term is non-zero; the interfaces do
 * not change between updates (the driver's read is not measured here: BENCHMARKS.md "Franka robot model per cycle").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FrankaImpedanceBenchmark {

    private static final double[] READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
    private static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };

    @Param({ "franka_example_controllers/CartesianImpedanceExampleController",
            "franka_example_controllers/JointImpedanceExampleController" })
    public String type;

    private InterfaceTable table;
    private Controller controller;
    private double time;

    @Setup(Level.Trial)
    public void setUp() {
        table = new InterfaceTable(1200);
        List<String> joints = List.of("fr3_joint1", "fr3_joint2", "fr3_joint3", "fr3_joint4", "fr3_joint5",
                "fr3_joint6", "fr3_joint7");
        ControllerRig rig = new ControllerRig(table, new SimulatedRobot(table, joints), 1000);
        for (String n : new FrankaRobotState("fr3").interfaceNames()) {
            table.addState(n, 0.0);
        }
        for (String n : new FrankaRobotModel("fr3").interfaceNames()) {
            table.addState(n, 0.0);
        }
        publish(READY, new double[7]);
        controller = new FrankaImpedanceControllerFactory(new ChannelDirectory()).create(type);
        // the joint impedance's gains are required: franka_ros2's config/controllers.yaml
        Map<String, ?> parameters = type.contains("JointImpedance")
                ? Map.of("k_gains", List.of(24.0, 24.0, 24.0, 24.0, 10.0, 6.0, 2.0),
                        "d_gains", List.of(2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 0.5))
                : Map.of();
        ControllerRig.Entry entry = rig.load("bench", type, controller, parameters);
        check(entry.configure());
        check(entry.activate());
        double[] q = READY.clone();
        q[0] += 0.1;
        q[3] += 0.05;
        q[5] -= 0.05;
        publish(q, new double[] { 0.1, -0.05, 0.02, 0.1, -0.2, 0.05, 0.3 });
    }

    private static void check(CallbackReturn r) {
        if (r != CallbackReturn.SUCCESS) {
            throw new IllegalStateException("the controller did not start: " + r);
        }
    }

    private void publish(double[] q, double[] dq) {
        FrankaModel model = FrankaModel.fr3();
        double[] load = new double[9];
        double[] offset = new double[3];
        for (int i = 0; i < 7; i++) {
            table.setState("fr3/q_" + i, q[i]);
            table.setState("fr3/dq_" + i, dq[i]);
            table.setState("fr3/tau_J_d_" + i, 0.0);
        }
        double[] mass = new double[49];
        model.mass(q, load, 0, offset, mass);
        write("mass", mass);
        double[] column = new double[7];
        model.coriolis(q, dq, load, 0, offset, column);
        write("coriolis", column);
        model.gravity(q, 0, offset, column);
        write("gravity", column);
        double[] pose = new double[16];
        double[] jacobian = new double[42];
        for (FrankaModelFrame f : FrankaModelFrame.values()) {
            FrankaFrame frame = FrankaFrame.parse(f.libfrankaName());
            model.pose(frame, q, IDENTITY, IDENTITY, pose);
            write("pose_" + f.libfrankaName(), pose);
            if (f == FrankaModelFrame.END_EFFECTOR) {
                for (int i = 0; i < 16; i++) {
                    table.setState("fr3/O_T_EE_" + i, pose[i]);
                }
            }
            model.zeroJacobian(frame, q, IDENTITY, IDENTITY, jacobian);
            write("zero_jacobian_" + f.libfrankaName(), jacobian);
            model.bodyJacobian(frame, q, IDENTITY, IDENTITY, jacobian);
            write("body_jacobian_" + f.libfrankaName(), jacobian);
        }
    }

    private void write(String name, double[] values) {
        for (int i = 0; i < values.length; i++) {
            table.setState("fr3/robot_model/" + name + "_" + i, values[i]);
        }
    }

    @Benchmark
    public double update() {
        time += 0.001;
        if (controller.update(time, 0.001) != ReturnType.OK) {
            throw new IllegalStateException("update failed");
        }
        return table.commandValue("fr3_joint1/effort");
    }

    @TearDown(Level.Iteration)
    public void checkTheCommandsAreFinite() {
        for (int i = 1; i <= 7; i++) {
            if (!Double.isFinite(table.commandValue("fr3_joint" + i + "/effort"))) {
                throw new IllegalStateException("fr3_joint" + i + "/effort is not finite");
            }
        }
    }
}
