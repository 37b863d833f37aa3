package org.robocell.cell.internal;

import java.lang.System.Logger.Level;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The controllers one robot still has to load (and configure) and to activate, like ros2_control's spawner: the start
 * controllers, and those a departing driver or controller type took down. Tried again at every reconcile: a
 * controller whose type is not installed yet waits for it, one that cannot be loaded for another reason is dropped
 * with a WARNING. The robot's cell worker thread only.
 */
final class ControllerSpawner {

    private static final System.Logger LOG = System.getLogger("org.robocell.cell");

    private final String robot;
    private final Set<String> pendingLoad = new LinkedHashSet<>();
    private final Set<String> pendingActivation = new LinkedHashSet<>();
    /** Start controller to why it is not up yet (the last refusal). */
    private final java.util.Map<String, String> lastFailure = new java.util.LinkedHashMap<>();

    /** @param robot the robot's name, for the log */
    ControllerSpawner(String robot) {
        this.robot = robot;
    }

    /** {@code name} is to be loaded and configured, unless it is loaded already. */
    void load(String name) {
        pendingLoad.add(name);
    }

    /** {@code name} is to be activated as soon as it is loaded and INACTIVE. */
    void activate(String name) {
        pendingActivation.add(name);
    }

    /** Loads and configures the controllers waiting for it. */
    void loadPending(ControllerManager manager) {
        for (String name : List.copyOf(pendingLoad)) {
            if (manager.controller(name).isEmpty()) {
                Result r = manager.load(name);
                if (!r.ok()) {
                    if (r.reason() == Reason.NOT_INSTALLED) {
                        lastFailure.put(name, "'" + name + "': " + r.message() + "; it is loaded when a bundle provides it");
                    } else {
                        pendingLoad.remove(name);
                        pendingActivation.remove(name);
                        LOG.log(Level.WARNING, "robot {0}: {1}", robot, r.message());
                    }
                    continue;
                }
            }
            if (manager.controller(name).map(c -> c.state() == LifecycleState.UNCONFIGURED).orElse(false)) {
                Result c = manager.configure(name);
                if (!c.ok()) {
                    LOG.log(Level.WARNING, "robot {0}: {1}", robot, c.message());
                }
            }
            pendingLoad.remove(name);
        }
    }

    /**
     * Activates the INACTIVE controllers waiting for it, one request per controller, so one whose hardware is not
     * there yet does not hold the others back; passes repeat while they make progress (a preceding controller listed
     * before its follower goes in the next pass). Those ACTIVE by now wait no longer.
     */
    void activatePending(ControllerManager manager, RobotLifecycleMachine.Awaiter awaiter) {
        boolean progress = true;
        while (progress) {
            progress = false;
            for (String name : List.copyOf(pendingActivation)) {
                if (!manager.controller(name).map(c -> c.state() == LifecycleState.INACTIVE).orElse(false)) {
                    continue;
                }
                SwitchResult r = awaiter.await(
                        manager.switchControllers(List.of(name), List.of(), Strictness.STRICT, 0));
                if (r.ok()) {
                    pendingActivation.remove(name);
                    lastFailure.remove(name);
                    progress = true;
                    LOG.log(Level.INFO, "robot {0}: activated {1}", robot, name);
                } else {
                    lastFailure.put(name, "'" + name + "' is not active: " + r.message());
                    LOG.log(Level.DEBUG, "robot {0}: {1} not active yet: {2}", robot, name, r.message());
                }
            }
        }
        pendingActivation.removeIf(
                n -> manager.controller(n).map(c -> c.state() == LifecycleState.ACTIVE).orElse(false));
        lastFailure.keySet().retainAll(union(pendingLoad, pendingActivation));
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * Why each start controller still waits (its type not installed, its activation refused), one line each; the
     * cell logs them once the robot has had a moment to come up, so that a start controller never stays down
     * without a word.
     */
    java.util.Collection<String> waitingReasons() {
        return List.copyOf(lastFailure.values());
    }

    /**
     * Whether no start controller is left waiting that could run now: every one still pending is waiting for its type
     * to be installed (which may never happen), none is loaded and waiting for its activation.
     */
    boolean settled(ControllerManager manager) {
        for (String name : pendingLoad) {
            if (manager.controller(name).isPresent()) {
                return false;
            }
        }
        for (String name : pendingActivation) {
            if (manager.controller(name).isPresent()) {
                return false;
            }
        }
        return true;
    }
}
