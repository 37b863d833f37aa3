package org.robocell.controller.motion.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.model.RobotModel;
import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;
import org.robocell.description.RobotDescription;
import org.robocell.motion.MotionPlanner;
import org.robocell.motion.PlannerSettings;

/**
 * A KR 6 (or FR3) whose joints follow their position commands, an executor on them, and optionally the forward
 * controller chained in front of it, stepped by {@link ControllerRig} at the robot's rate.
 */
final class ExecutorRig {

    static final double[] KR6_HOME = { 0, -Math.PI / 2, Math.PI / 2, 0, Math.PI / 2, 0 };
    static final double[] FR3_READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };

    final ChannelDirectory channels = new ChannelDirectory();
    final InterfaceTable table = new InterfaceTable(512);
    final SimulatedRobot robot;
    final ControllerRig rig;
    final RobotModel model;
    final MotionPlanner planner;
    final RobotModels robots = new RobotModels();
    ControllerRig.Entry forward;
    ControllerRig.Entry executor;
    MotionPrimitiveExecutor executorController;

    private ExecutorRig(String urdf, String robotName, List<String> joints, double[] start, int rate) {
        robot = new SimulatedRobot(table, joints);
        for (int j = 0; j < start.length; j++) {
            robot.setPosition(j, start[j]);
        }
        rig = new ControllerRig(table, robot, rate);
        model = urdf(urdf);
        robots.put(robotName, model);
        planner = MotionPlanner.create(model, PlannerSettings.DEFAULT);
    }

    static ExecutorRig kr6() {
        return new ExecutorRig("/robots/kr6r900sixx.urdf", "kr6",
                List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6"), KR6_HOME, 250);
    }

    static ExecutorRig fr3() {
        return new ExecutorRig("/robots/fr3.urdf", "fr3",
                List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7"), FR3_READY, 1000);
    }

    /** The executor {@code <ns>motion_primitive} with the forward controller chained in front (tf_prefix ns). */
    ExecutorRig chained(String namespace) {
        forward = rig.load(namespace + "motion_primitives_forward_controller", MotionControllerFactories.FORWARD,
                new MotionPrimitivesForwardController(channels), Map.of("tf_prefix", namespace));
        executorOnly(namespace + "motion_primitive", Map.of());
        assertEquals(CallbackReturn.SUCCESS, forward.configure());
        executor.setChained(true);
        assertEquals(CallbackReturn.SUCCESS, executor.activate());
        assertEquals(CallbackReturn.SUCCESS, forward.activate());
        return this;
    }

    /** The executor alone, taking its own goals. */
    ExecutorRig unchained(String name, Map<String, ?> parameters) {
        executorOnly(name, parameters);
        assertEquals(CallbackReturn.SUCCESS, executor.activate());
        return this;
    }

    private void executorOnly(String name, Map<String, ?> parameters) {
        executorController = new MotionPrimitiveExecutor(channels, robots);
        executor = rig.load(name, MotionControllerFactories.EXECUTOR, executorController, parameters);
        assertEquals(CallbackReturn.SUCCESS, executor.configure(), executorController.lastError());
    }

    ExecuteMotionPrimitiveSequence goals(String controller) {
        return channels.find(controller + "/motion_sequence", ExecuteMotionPrimitiveSequence.class).orElseThrow();
    }

    /** Steps until {@code done}, at most {@code cycles}; whether it came true. */
    boolean stepUntil(BooleanSupplier done, int cycles) throws InterruptedException {
        for (int i = 0; i < cycles; i++) {
            if (done.getAsBoolean()) {
                return true;
            }
            rig.step();
            // the planning worker runs on its own thread: give it a moment when the loop waits for it
            if (i % 10 == 0) {
                Thread.sleep(1);
            }
        }
        return done.getAsBoolean();
    }

    double[] positions() {
        double[] q = new double[robot.joints().size()];
        for (int j = 0; j < q.length; j++) {
            q[j] = table.stateValue(robot.joints().get(j) + "/position");
        }
        return q;
    }

    private static RobotModel urdf(String resource) {
        try {
            return RobotDescription.parse(Path.of(ExecutorRig.class.getResource(resource).toURI())).robot();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
