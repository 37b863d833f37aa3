package org.robocell.web.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.model.RobotModel;
import org.robocell.api.text.Suggestions;

/** The robots the console shows: their managers (with namespace and start state) and models, as services come and go. */
final class Robots {

    /** One robot's manager with its service properties. */
    record Robot(ControllerManager manager, String namespace, boolean started, String waiting) {

        String name() {
            return manager.robot();
        }
    }

    private final Map<ControllerManager, Robot> managers = new ConcurrentHashMap<>();
    private final Map<String, RobotModel> models = new ConcurrentHashMap<>();

    void add(ControllerManager manager, Map<String, Object> props) {
        Object ns = props.get(ControllerManager.NAMESPACE);
        Object waiting = props.get(ControllerManager.WAITING);
        managers.put(manager, new Robot(manager, ns == null ? "" : ns.toString().trim(),
                Boolean.parseBoolean(String.valueOf(props.get(ControllerManager.STARTED))),
                waiting == null ? null : waiting.toString()));
    }

    void remove(ControllerManager manager) {
        managers.remove(manager);
    }

    void addModel(RobotModel model, Map<String, Object> props) {
        Object robot = props.get(ControllerManager.ROBOT);
        if (robot != null) {
            models.put(robot.toString(), model);
        }
    }

    void removeModel(RobotModel model, Map<String, Object> props) {
        Object robot = props.get(ControllerManager.ROBOT);
        if (robot != null) {
            models.remove(robot.toString(), model);
        }
    }

    /** Every robot, sorted by name. */
    List<Robot> all() {
        List<Robot> list = new ArrayList<>(managers.values());
        list.sort(Comparator.comparing(Robot::name));
        return list;
    }

    /** The robot of that name, or a {@link NotFound} naming the known ones. */
    Robot robot(String name) {
        return all().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow(() -> new NotFound(
                "no robot '" + name + "'" + Suggestions.didYouMeanOrKnown(name,
                        all().stream().map(Robot::name).toList())));
    }

    Optional<RobotModel> model(String robot) {
        return Optional.ofNullable(models.get(robot));
    }

    /**
     * The channel of the robot's joint state broadcaster, {@code <controller>/joint_states} of a loaded controller
     * (as the Foxglove bridge finds it).
     */
    static Optional<String> jointStatesChannel(ControllerManager m, ChannelRegistry registry) {
        for (ControllerSnapshot c : m.controllers()) {
            String name = c.name() + "/joint_states";
            if (registry.find(name, StateOutput.class).isPresent()) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    /** A request for something that does not exist: HTTP 404 with the message. */
    static final class NotFound extends RuntimeException {

        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message, null, false, false);
        }
    }
}
