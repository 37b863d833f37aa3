package org.robocell.controller.motion.internal;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import org.robocell.api.model.RobotModel;

/** The cell's robot models by robot name, as the cell registers them (service property {@code robocell.robot}). */
final class RobotModels {

    private final Map<String, RobotModel> byRobot = new ConcurrentHashMap<>();

    void put(String robot, RobotModel model) {
        byRobot.put(robot, model);
    }

    void remove(String robot, RobotModel model) {
        byRobot.remove(robot, model);
    }

    Optional<RobotModel> get(String robot) {
        return Optional.ofNullable(byRobot.get(robot));
    }

    Set<String> names() {
        return new TreeSet<>(byRobot.keySet());
    }

    /**
     * The robot a controller plans for: {@code configured} when given, else the robot whose loop runs it
     * ({@code ControllerContext.robot()}), else the one named by the controller's namespace
     * ({@code kr6/motion_primitive} → {@code kr6}), else the only robot of the cell.
     *
     * @throws IllegalArgumentException naming the parameter and the robots there are
     */
    RobotModel choose(String configured, String loopRobot, String controller) {
        Set<String> names = names();
        if (configured.isEmpty() && loopRobot != null && byRobot.containsKey(loopRobot)) {
            return byRobot.get(loopRobot);
        }
        if (!configured.isEmpty()) {
            return get(configured).orElseThrow(() -> new IllegalArgumentException("parameter 'robot' names '"
                    + configured + "', but the cell has no robot model of that name; it has " + names));
        }
        int slash = controller.indexOf('/');
        if (slash > 0 && byRobot.containsKey(controller.substring(0, slash))) {
            return byRobot.get(controller.substring(0, slash));
        }
        if (names.size() == 1) {
            return byRobot.get(names.iterator().next());
        }
        throw new IllegalArgumentException("parameter 'robot' is needed: the cell has " + (names.isEmpty()
                ? "no robot model (yet)" : "the robots " + names) + " and the controller's name has no namespace"
                + " naming one");
    }
}
