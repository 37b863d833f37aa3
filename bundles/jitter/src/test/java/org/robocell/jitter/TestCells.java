package org.robocell.jitter;

import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.forward.internal.ForwardCommandControllerFactory;
import org.robocell.controller.jsb.internal.JointStateBroadcasterFactory;
import org.robocell.controller.jtc.internal.JointTrajectoryControllerFactory;
import org.robocell.controller.pid.internal.PidControllerFactory;
import org.robocell.driver.mock.internal.GenericSystemFactory;
import org.robocell.manager.ControllerSource;

/** A bench cell with the real mock driver and controller factories, wired by hand as outside OSGi. */
final class TestCells {

    private TestCells() {
    }

    static BenchCell create(BenchCell.Robot robot, int rate) {
        return create(robot, name -> org.robocell.manager.LoopConfig.stepped(name, rate, 4096));
    }

    static BenchCell create(BenchCell.Robot robot, java.util.function.Function<String, org.robocell.manager.LoopConfig> loop) {
        ChannelDirectory channels = new ChannelDirectory();
        Map<String, ControllerFactory> byType = Map.of(
                "joint_state_broadcaster/JointStateBroadcaster", new JointStateBroadcasterFactory(channels),
                "joint_trajectory_controller/JointTrajectoryController", new JointTrajectoryControllerFactory(channels),
                "forward_command_controller/ForwardCommandController", new ForwardCommandControllerFactory(channels),
                "pid_controller/PidController", new PidControllerFactory(channels));
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
        return BenchCell.create(robot, loop, "", p -> GenericSystemFactory.PLUGIN.equals(p) ? mock : null, source,
                channels);
    }
}
