package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.text.Suggestions;

/**
 * Controller parameters as Foxglove parameters named {@code <robot>.<controller>.<parameter>} (the controller by
 * its name within the robot, without the robot's namespace). Setting goes through
 * {@link ControllerManager#setParameters}, the call {@code controller:set} makes, with its answers.
 */
final class ParameterBridge {

    /** A parameter and its value: Long, Double, Boolean, String or a List of them. */
    record Parameter(String name, Object value) {
    }

    /** A parameter name taken apart. */
    record Name(String robot, String controller, String key) {

        static Name parse(String name) {
            int first = name == null ? -1 : name.indexOf('.');
            int second = first < 0 ? -1 : name.indexOf('.', first + 1);
            if (first <= 0 || second <= first + 1 || second == name.length() - 1) {
                throw new IllegalArgumentException("parameter '" + name
                        + "': expected <robot>.<controller>.<parameter>, e.g. fr3.joint_trajectory_controller.gains.joint1.p");
            }
            return new Name(name.substring(0, first), name.substring(first + 1, second), name.substring(second + 1));
        }
    }

    private final Supplier<Collection<TrackedRobot>> robots;

    ParameterBridge(Supplier<Collection<TrackedRobot>> robots) {
        this.robots = robots;
    }

    /** The parameters with these names (unknown names are left out), or every parameter of every controller. */
    List<Parameter> get(List<String> names) {
        List<Parameter> all = new ArrayList<>();
        for (TrackedRobot r : robots.get()) {
            ControllerManager m = r.manager();
            String ns = r.namespace();
            for (ControllerSnapshot c : m.controllers()) {
                if (c.parameters() == null) {
                    continue;
                }
                String prefix = m.robot() + "." + shortName(ns, c.name()) + ".";
                c.parameters().asMap().forEach((k, v) -> all.add(new Parameter(prefix + k, v)));
            }
        }
        if (names.isEmpty()) {
            return all;
        }
        Map<String, Parameter> byName = new LinkedHashMap<>();
        all.forEach(p -> byName.put(p.name(), p));
        List<Parameter> out = new ArrayList<>();
        for (String n : names) {
            Parameter p = byName.get(n);
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * Sets parameters, grouped per controller into one {@link ControllerManager#setParameters} call each.
     *
     * @return one line per refusal (a bad name, an unknown robot, the manager's answer); empty when all were taken
     */
    List<String> set(List<Parameter> parameters) {
        List<String> errors = new ArrayList<>();
        Map<TrackedRobot, Map<String, Map<String, Object>>> perController = new LinkedHashMap<>();
        for (Parameter p : parameters) {
            Name n;
            try {
                n = Name.parse(p.name());
            } catch (IllegalArgumentException bad) {
                errors.add(bad.getMessage());
                continue;
            }
            Optional<TrackedRobot> m = robot(n.robot());
            if (m.isEmpty()) {
                errors.add("parameter '" + p.name() + "': no robot '" + n.robot() + "'" + Suggestions.didYouMeanOrKnown(
                        n.robot(), robots.get().stream().map(TrackedRobot::name).sorted().toList()));
                continue;
            }
            if (p.value() == null) {
                errors.add("parameter '" + p.name() + "': no value; removing a parameter is not supported");
                continue;
            }
            String controller = qualify(m.get().namespace(), n.controller());
            perController.computeIfAbsent(m.get(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(controller, k -> new LinkedHashMap<>()).put(n.key(), p.value());
        }
        perController.forEach((robot, byController) -> byController.forEach((controller, values) -> {
            Result r = robot.manager().setParameters(controller, values);
            if (!r.ok()) {
                errors.add(robot.name() + "." + shortName(robot.namespace(), controller) + ": " + r.message());
            }
        }));
        return errors;
    }

    private Optional<TrackedRobot> robot(String name) {
        return robots.get().stream().filter(r -> r.name().equals(name)).findFirst();
    }

    static String shortName(String ns, String controller) {
        return !ns.isEmpty() && controller.startsWith(ns + "/") ? controller.substring(ns.length() + 1) : controller;
    }

    static String qualify(String ns, String controller) {
        return ns.isEmpty() || controller.startsWith(ns + "/") ? controller : ns + "/" + controller;
    }
}
