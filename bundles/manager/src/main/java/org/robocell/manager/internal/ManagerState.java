package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.resources.internal.ManagedHardware;
import org.robocell.resources.internal.ResourceManager;

/**
 * What the parts of one robot's controller manager share: the loop and its resource manager, the loaded
 * controllers, the plan the loop runs, and the one lock that serializes every operation off the loop (the loop
 * never takes it).
 * <p>
 * Fields marked "under the lock" are read and written only while holding {@link #opLock}; volatile ones are also
 * read without it (snapshots for the shell, the service thread).
 */
final class ManagerState {

    final LoopConfig config;
    final ResourceManager rm;
    final LoopStatistics stats;
    final ControlLoop loop;
    final LongSupplier ticker;
    final ReentrantLock opLock = new ReentrantLock();

    /** Under the lock: the loaded controllers by name, in load order. */
    final Map<String, ManagedController> controllers = new LinkedHashMap<>();
    /** A copy of {@link #controllers}' values for readers without the lock. */
    volatile List<ManagedController> controllerList = List.of();
    /** Under the lock: new instances of controllers being reloaded, in the plan beside the old ones until the swap. */
    final List<ManagedController> reloading = new ArrayList<>();
    /** Under the lock: components whose lifecycle transition runs now. */
    final Set<String> hardwareInTransition = new HashSet<>();
    /** Under the lock: the plan handed to the loop last. */
    CyclePlan lastPlan = CyclePlan.empty();
    /** Under the lock: the next controller's load order. */
    int loadCounter;

    volatile ChainResolver chain = ChainResolver.resolve(List.of(), null);
    volatile ControllerSource source;
    volatile Map<String, Declaration> declarations = Map.of();
    volatile Predicate<String> pluginAvailable = p -> true;
    volatile BooleanSupplier shuttingDown = () -> false;
    volatile boolean running;

    ManagerState(LoopConfig config, ControllerSource source, LongSupplier ticker) {
        this.config = config;
        this.rm = new ResourceManager(config.slotCapacity(), config.rate());
        this.rm.setAllowActivationOnInactiveHardware(config.allowActivationOnInactiveHardware());
        this.stats = new LoopStatistics(1_000_000_000L / config.rate());
        this.loop = new ControlLoop(config.robot(), config.rate(), rm, stats);
        this.source = source;
        this.ticker = ticker;
    }

    String robot() {
        return config.robot();
    }

    /** Under the lock: the loaded controller of that name, or null. */
    ManagedController controller(String name) {
        return controllers.get(name);
    }

    /** Under the lock: after a change to {@link #controllers}. */
    void publishControllers() {
        controllerList = List.copyOf(controllers.values());
    }

    /** The configured controllers (and configured reloading instances), under the lock. */
    List<ManagedController> configured() {
        List<ManagedController> out = new ArrayList<>();
        for (ManagedController mc : controllers.values()) {
            if (mc.isConfigured()) {
                out.add(mc);
            }
        }
        for (ManagedController mc : reloading) {
            if (mc.isConfigured()) {
                out.add(mc);
            }
        }
        return out;
    }

    /** The controllers that are ACTIVE and use any interface of {@code owner} (only its commands if asked). */
    List<ManagedController> activeUsersOf(String owner, boolean commandsOnly) {
        List<ManagedController> out = new ArrayList<>();
        for (ManagedController mc : controllers.values()) {
            Prepared p = mc.active;
            if (mc.isActive() && p != null && p.uses(owner, commandsOnly)) {
                out.add(mc);
            }
        }
        return out;
    }

    /** Adds every ACTIVE controller that depends on one in {@code out} through a chain, transitively. */
    void addDependents(List<ManagedController> out) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (ManagedController x : controllers.values()) {
                Prepared p = x.active;
                if (out.contains(x) || !x.isActive() || p == null) {
                    continue;
                }
                for (ManagedController y : List.copyOf(out)) {
                    if (p.uses(y.name, false)) {
                        out.add(x);
                        changed = true;
                        break;
                    }
                }
            }
        }
    }

    static Set<String> names(List<ManagedController> list) {
        Set<String> out = new HashSet<>();
        for (ManagedController mc : list) {
            out.add(mc.name);
        }
        return out;
    }

    /**
     * The limits the loop holds a joint's commands to: the joint's limits from its component, the position range
     * narrowed to its soft limits. Any thread.
     */
    Optional<JointLimits> jointLimits(String joint) {
        for (ManagedHardware hw : rm.hardware()) {
            for (ComponentInfo c : hw.info().joints()) {
                if (c.name().equals(joint)) {
                    JointLimits hard = c.limits();
                    SoftJointLimits soft = c.softLimits();
                    return Optional.of(soft != null && soft.hasPositionLimits()
                            ? hard.withPosition(soft.lower(), soft.upper()) : hard);
                }
            }
        }
        return Optional.empty();
    }

    Map<String, String> declaredTypes() {
        Map<String, String> m = new LinkedHashMap<>();
        declarations.forEach((n, d) -> m.put(n, d.type()));
        return m;
    }
}
