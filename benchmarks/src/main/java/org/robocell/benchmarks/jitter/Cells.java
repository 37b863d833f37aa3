package org.robocell.benchmarks.jitter;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.forward.internal.ForwardCommandControllerFactory;
import org.robocell.controller.jsb.internal.JointStateBroadcasterFactory;
import org.robocell.controller.jtc.internal.JointTrajectoryControllerFactory;
import org.robocell.controller.pid.internal.PidControllerFactory;
import org.robocell.driver.mock.internal.GenericSystemFactory;
import org.robocell.jitter.BenchCell;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.LoopConfig;

/**
 * Outside OSGi, what the runtime's service registry would give a cell: the mock driver's factory for
 * {@code mock_components/GenericSystem}, the standard controller factories (the same DS component classes, built
 * by hand) and one channel registry they all share.
 */
public final class Cells {

    private Cells() {
    }

    public static BenchCell create(BenchCell.Robot robot, int rate) {
        return create(robot, name -> LoopConfig.stepped(name, rate, 4096));
    }

    /** A cell whose loop {@code loop} configures for the robot's name (the runtime's own loop thread, or a group). */
    public static BenchCell create(BenchCell.Robot robot, Function<String, LoopConfig> loop) {
        ChannelDirectory channels = new ChannelDirectory();
        Map<String, ControllerFactory> byType = new TreeMap<>();
        byType.put("joint_state_broadcaster/JointStateBroadcaster", new JointStateBroadcasterFactory(channels));
        byType.put("joint_trajectory_controller/JointTrajectoryController", new JointTrajectoryControllerFactory(channels));
        byType.put("forward_command_controller/ForwardCommandController", new ForwardCommandControllerFactory(channels));
        byType.put("pid_controller/PidController", new PidControllerFactory(channels));
        ControllerSource source = new ControllerSource() {
            @Override
            public Controller create(String type) {
                ControllerFactory f = byType.get(type);
                return f == null ? null : f.create(type);
            }

            @Override
            public List<String> types() {
                return List.copyOf(byType.keySet());
            }
        };
        GenericSystemFactory mock = new GenericSystemFactory();
        return BenchCell.create(robot, loop, "", plugin -> GenericSystemFactory.PLUGIN.equals(plugin) ? mock : null,
                source, channels);
    }

}
