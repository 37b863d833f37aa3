package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.text.Suggestions;

/** The robot loops of the cell, as the shell finds them: one ControllerManager service per robot. */
@Component(service = Robots.class)
public final class Robots {

    private final List<ControllerManager> managers = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addManager(ControllerManager manager) {
        managers.add(manager);
    }

    void removeManager(ControllerManager manager) {
        managers.remove(manager);
    }

    /** All robots, sorted by name. */
    List<ControllerManager> all() {
        List<ControllerManager> sorted = new ArrayList<>(managers);
        sorted.sort(Comparator.comparing(ControllerManager::robot));
        return sorted;
    }

    /**
     * The robot a command is about: the named one, or the only one when no name is given.
     *
     * @throws CommandFailed naming the robots there are when the choice is unclear
     */
    ControllerManager pick(String robot) {
        List<ControllerManager> all = all();
        if (all.isEmpty()) {
            throw new CommandFailed("no robot is running: the cell has no robot configured (see cell:status)");
        }
        if (robot == null || robot.isEmpty()) {
            if (all.size() == 1) {
                return all.get(0);
            }
            throw new CommandFailed("the cell runs " + all.size() + " robots " + names(all) + ": choose one with -r NAME");
        }
        for (ControllerManager m : all) {
            if (m.robot().equals(robot)) {
                return m;
            }
        }
        throw new CommandFailed("no robot '" + robot + "'" + Suggestions.didYouMean(robot, names(all))
                + "; the cell runs " + names(all));
    }

    /** The robot that has a controller of that name (namespaced names are unique across robots). */
    ControllerManager withController(String robot, String controller) {
        if (robot != null && !robot.isEmpty()) {
            return pick(robot);
        }
        List<ControllerManager> all = all();
        if (all.size() > 1) {
            for (ControllerManager m : all) {
                if (m.controller(controller).isPresent() || m.declaredControllers().containsKey(controller)) {
                    return m;
                }
            }
        }
        return pick(null);
    }

    private static List<String> names(List<ControllerManager> all) {
        return all.stream().map(ControllerManager::robot).toList();
    }
}
