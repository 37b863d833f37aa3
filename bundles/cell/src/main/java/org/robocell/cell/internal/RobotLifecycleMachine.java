package org.robocell.cell.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.description.RobotDescription;

/**
 * The robot lifecycle of the KUKA drivers' robot_manager for one robot: UNCONFIGURED → configure (hardware INACTIVE,
 * configuration controllers active) → activate (the control mode's controllers, then the hardware) → control mode
 * switches → deactivate → cleanup.
 * <p>
 * The state it reports is the truth about the hardware: when a component of the robot falls out of ACTIVE or INACTIVE
 * on its own (the robot went silent, a driver failed), the robot is UNCONFIGURED from that moment on, with the
 * component's fault as the {@link #problem()}; {@code activate} then brings it back in one command (configure, then
 * activate).
 * <p>
 * Runs on the robot's cell worker thread (or a test's thread); readers of the state may be any thread.
 */
final class RobotLifecycleMachine {

    private static final System.Logger LOG = System.getLogger("org.robocell.cell");

    private final RobotSettings settings;
    private final Supplier<ControllerManager> manager;
    private final Supplier<RobotDescription> description;
    /** The hardware components this robot created, by name. */
    private final Supplier<Set<String>> components;
    private final Awaiter awaiter;

    private volatile LifecycleState lifecycleState = LifecycleState.UNCONFIGURED;
    private volatile String controlMode = "";
    private volatile String problem = "";
    private volatile Fault fault = Fault.NONE;
    /** Where the robot lifecycle should be; null when the robot runs without one. */
    private LifecycleState lifecycleTarget;
    private String targetMode = "";

    /** Waits for the loop's answer (a stepped loop is stepped meanwhile). */
    interface Awaiter {
        <T> T await(CompletionStage<T> stage);
    }

    RobotLifecycleMachine(RobotSettings settings, Supplier<ControllerManager> manager,
            Supplier<RobotDescription> description, Supplier<Set<String>> components, Awaiter awaiter) {
        this.settings = settings;
        this.manager = manager;
        this.description = description;
        this.components = components;
        this.awaiter = awaiter;
    }

    private ControllerManager cm() {
        return manager.get();
    }

    private <T> T await(CompletionStage<T> stage) {
        return awaiter.await(stage);
    }

    /** At build: the lifecycle state and control mode to reach, or null when the robot runs without a lifecycle. */
    void target(LifecycleState state, String mode) {
        lifecycleTarget = state;
        targetMode = mode == null ? "" : mode;
    }

    boolean hasTarget() {
        return lifecycleTarget != null;
    }

    /** A driver went away: the lifecycle starts over (configure and activate again, in order, when it returns). */
    void driverLeft() {
        lifecycleState = LifecycleState.UNCONFIGURED;
        controlMode = "";
    }

    /** The robot's state: what the last transition reached, lowered to what its hardware is now. Any thread. */
    LifecycleState lifecycleState() {
        LifecycleState recorded = lifecycleState;
        if (recorded == LifecycleState.UNCONFIGURED || cm() == null) {
            return recorded;
        }
        return lower(recorded, hardwareFloor());
    }

    String controlMode() {
        return lifecycleState() == LifecycleState.ACTIVE ? controlMode : "";
    }

    /**
     * Why the robot is not where its last transition put it: the component that failed, with its fault and its
     * own words; empty when nothing went wrong. Any thread.
     */
    String problem() {
        String p = problem;
        if (!p.isEmpty()) {
            return p;
        }
        return lifecycleState() != lifecycleState ? describeFailure() : "";
    }

    /** The typed cause behind {@link #problem()}; {@link Fault#NONE} when nothing went wrong. Any thread. */
    Fault fault() {
        Fault f = fault;
        if (f != Fault.NONE) {
            return f;
        }
        return lifecycleState() != lifecycleState ? failedComponentFault() : Fault.NONE;
    }

    /**
     * Worker: when a component fell out on its own, the robot is UNCONFIGURED from now on, its mode's controllers
     * are left inactive, and the failure is kept as the problem until the robot is configured again.
     */
    private void sync() {
        if (lifecycleTarget == null && !lifecycleManaged()) {
            return;
        }
        LifecycleState truth = lifecycleState();
        if (truth == lifecycleState) {
            return;
        }
        problem = describeFailure();
        fault = failedComponentFault();
        LOG.log(Level.WARNING, "robot {0} is {1}, no longer {2}: {3}; cell:activate brings it back", settings.name(),
                truth, lifecycleState, problem);
        lifecycleState = truth;
        controlMode = "";
        lifecycleTarget = truth;
        // take down what no longer has hardware under it, so that the next transition starts from a known place
        List<String> running = new ArrayList<>();
        for (var c : cm().controllers()) {
            boolean configuration = settings.configurationControllers().contains(c.name());
            if (c.state() == LifecycleState.ACTIVE && (truth == LifecycleState.UNCONFIGURED || !configuration)) {
                running.add(c.name());
            }
        }
        if (!running.isEmpty()) {
            await(cm().switchControllers(List.of(), running, Strictness.BEST_EFFORT, 0));
        }
        if (truth == LifecycleState.UNCONFIGURED) {
            for (String hw : components.get()) {
                LifecycleState s = cm().hardware(hw).map(HardwareSnapshot::state).orElse(LifecycleState.UNKNOWN);
                if (s == LifecycleState.INACTIVE || s == LifecycleState.ACTIVE) {
                    await(cm().requestHardwareState(hw, LifecycleState.UNCONFIGURED));
                }
            }
        }
    }

    /** The lowest state of the robot's components: ACTIVE, INACTIVE or UNCONFIGURED (anything else). */
    private LifecycleState hardwareFloor() {
        LifecycleState floor = LifecycleState.ACTIVE;
        Set<String> names = components.get();
        if (names.isEmpty()) {
            return LifecycleState.UNCONFIGURED;
        }
        for (String hw : names) {
            LifecycleState s = cm().hardware(hw).map(HardwareSnapshot::state).orElse(LifecycleState.UNKNOWN);
            floor = lower(floor, s == LifecycleState.ACTIVE || s == LifecycleState.INACTIVE ? s
                    : LifecycleState.UNCONFIGURED);
        }
        return floor;
    }

    private static LifecycleState lower(LifecycleState a, LifecycleState b) {
        return rank(a) <= rank(b) ? a : b;
    }

    private static int rank(LifecycleState s) {
        return switch (s) {
            case ACTIVE -> 2;
            case INACTIVE -> 1;
            default -> 0;
        };
    }

    private String describeFailure() {
        for (String hw : components.get()) {
            var snapshot = cm().hardware(hw);
            if (snapshot.isEmpty()) {
                return "hardware component '" + hw + "' went away with its driver";
            }
            HardwareSnapshot h = snapshot.get();
            if (h.state() != LifecycleState.ACTIVE && h.state() != LifecycleState.INACTIVE) {
                return "hardware component '" + hw + "' is " + h.state() + " after a failure (" + h.fault() + ")"
                        + (h.lastError() == null ? "" : ": " + h.lastError());
            }
            if (lifecycleState == LifecycleState.ACTIVE && h.state() == LifecycleState.INACTIVE) {
                return "hardware component '" + hw + "' left ACTIVE (" + h.fault() + ")"
                        + (h.lastError() == null ? "" : ": " + h.lastError());
            }
        }
        return "its hardware is not up";
    }

    private Fault failedComponentFault() {
        for (String hw : components.get()) {
            var snapshot = cm().hardware(hw);
            if (snapshot.isEmpty()) {
                return Fault.DEPARTED;
            }
            if (snapshot.get().fault() != Fault.NONE) {
                return snapshot.get().fault();
            }
        }
        return Fault.NONE;
    }

    /** Moves towards the lifecycle target once (used at start and whenever a driver or type arrives). */
    void advance() {
        sync();
        if (lifecycleState == LifecycleState.UNCONFIGURED && lifecycleTarget != LifecycleState.UNCONFIGURED) {
            Result r = doConfigure();
            if (!r.ok()) {
                LOG.log(Level.DEBUG, "robot {0}: not configured yet: {1}", settings.name(), r.message());
                return;
            }
        }
        if (lifecycleState == LifecycleState.INACTIVE && lifecycleTarget == LifecycleState.ACTIVE) {
            Result r = doActivate(targetMode);
            if (!r.ok()) {
                LOG.log(Level.DEBUG, "robot {0}: not active yet: {1}", settings.name(), r.message());
            }
        }
    }

    /** Whether the robot runs the robot lifecycle: control modes or a lifecycle state to reach are configured. */
    boolean lifecycleManaged() {
        return settings.lifecycle() != null || !settings.controlModes().isEmpty();
    }

    private Result unmanaged(String transition) {
        return Result.failed("robot '" + settings.name() + "' does not run the robot lifecycle (its configuration has no"
                + " control.modes and no lifecycle), so there is nothing to " + transition
                + "; use controller:* and hardware:* for it");
    }

    Result configure() {
        if (!lifecycleManaged()) {
            return unmanaged("configure");
        }
        sync();
        if (lifecycleState != LifecycleState.UNCONFIGURED) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; configure needs it unconfigured");
        }
        lifecycleTarget = LifecycleState.INACTIVE;
        return doConfigure();
    }

    /**
     * INACTIVE → ACTIVE in a control mode. From UNCONFIGURED (a fresh start, or the hardware failed) it configures
     * first: one command brings the robot back.
     */
    Result activate(String mode) {
        if (!lifecycleManaged()) {
            return unmanaged("activate");
        }
        sync();
        if (lifecycleState == LifecycleState.UNCONFIGURED) {
            Result refused = refuse(mode == null || mode.isBlank() ? defaultMode() : mode.trim());
            if (refused != null) {
                return refused;
            }
            lifecycleTarget = LifecycleState.INACTIVE;
            Result configured = doConfigure();
            if (!configured.ok()) {
                return configured;
            }
        }
        if (lifecycleState != LifecycleState.INACTIVE) {
            return Result.failed(Reason.WRONG_STATE, "robot '" + settings.name() + "' is " + lifecycleState
                    + "; activate needs it unconfigured or inactive");
        }
        String m = mode == null ? "" : mode.trim();
        Result refused = refuse(m.isEmpty() ? defaultMode() : m);
        if (refused != null) {
            return refused;
        }
        lifecycleTarget = LifecycleState.ACTIVE;
        targetMode = m;
        Result r = doActivate(m);
        if (!r.ok()) {
            // a refused activation is not retried behind the user's back (a robot that does not answer would be
            // waited for again at every driver or controller change)
            lifecycleTarget = LifecycleState.INACTIVE;
        }
        return r;
    }

    Result switchControlMode(String mode) {
        if (!lifecycleManaged()) {
            return unmanaged("switch");
        }
        sync();
        if (lifecycleState != LifecycleState.ACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; a control mode is switched"
                    + " while it is active");
        }
        String m = mode == null ? "" : mode.trim();
        Result refused = refuse(m);
        if (refused != null) {
            return refused;
        }
        if (m.equals(controlMode)) {
            return Result.ok("robot '" + settings.name() + "' is in control mode '" + m + "' already");
        }
        List<String> next = settings.controlModes().get(m);
        Result loaded = ensureConfigured(next);
        if (!loaded.ok()) {
            return loaded;
        }
        List<String> current = settings.controlModes().getOrDefault(controlMode, List.of());
        List<String> off = new ArrayList<>();
        for (String c : current) {
            if (!next.contains(c) && isActive(c)) {
                off.add(c);
            }
        }
        List<String> on = new ArrayList<>();
        for (String c : next) {
            if (!isActive(c)) {
                on.add(c);
            }
        }
        SwitchResult r = await(cm().switchControllers(on, off, Strictness.STRICT, 0));
        if (!r.ok()) {
            return Result.failed("robot '" + settings.name() + "' stays in control mode '" + controlMode + "': " + r.message());
        }
        controlMode = m;
        targetMode = m;
        return Result.ok("robot '" + settings.name() + "' is in control mode '" + m + "' from cycle " + r.cycle());
    }

    Result deactivate() {
        if (!lifecycleManaged()) {
            return unmanaged("deactivate");
        }
        sync();
        if (lifecycleState != LifecycleState.ACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; deactivate needs it active");
        }
        lifecycleTarget = LifecycleState.INACTIVE;
        // the hardware first: the controllers commanding it are deactivated at a cycle boundary before it stops
        List<String> problems = new ArrayList<>();
        for (String hw : components.get()) {
            HardwareStateResult r = await(cm().requestHardwareState(hw, LifecycleState.INACTIVE));
            if (!r.ok()) {
                problems.add(r.message());
            }
        }
        List<String> still = new ArrayList<>();
        for (String c : settings.controlModes().getOrDefault(controlMode, List.of())) {
            if (isActive(c)) {
                still.add(c);
            }
        }
        if (!still.isEmpty()) {
            await(cm().switchControllers(List.of(), still, Strictness.BEST_EFFORT, 0));
        }
        controlMode = "";
        lifecycleState = LifecycleState.INACTIVE;
        return problems.isEmpty() ? Result.ok("robot '" + settings.name() + "' is inactive")
                : Result.failed("robot '" + settings.name() + "' is inactive, but: " + String.join("; ", problems));
    }

    Result cleanup() {
        if (!lifecycleManaged()) {
            return unmanaged("clean up");
        }
        sync();
        if (lifecycleState != LifecycleState.INACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; cleanup needs it inactive");
        }
        lifecycleTarget = LifecycleState.UNCONFIGURED;
        List<String> active = new ArrayList<>();
        for (String c : settings.configurationControllers()) {
            if (isActive(c)) {
                active.add(c);
            }
        }
        if (!active.isEmpty()) {
            await(cm().switchControllers(List.of(), active, Strictness.BEST_EFFORT, 0));
        }
        List<String> problems = new ArrayList<>();
        for (String hw : components.get()) {
            HardwareStateResult r = await(cm().requestHardwareState(hw, LifecycleState.UNCONFIGURED));
            if (!r.ok()) {
                problems.add(r.message());
            }
        }
        lifecycleState = LifecycleState.UNCONFIGURED;
        return problems.isEmpty() ? Result.ok("robot '" + settings.name() + "' is unconfigured")
                : Result.failed("robot '" + settings.name() + "' is unconfigured, but: " + String.join("; ", problems));
    }

    private Result doConfigure() {
        if (components.get().isEmpty()) {
            return Result.failed("robot '" + settings.name() + "' has no hardware yet (no driver for "
                    + description.get().hardware().stream().map(HardwareInfo::plugin).distinct().toList() + ")");
        }
        for (String hw : components.get()) {
            HardwareStateResult r = await(cm().requestHardwareState(hw, LifecycleState.INACTIVE));
            if (!r.ok()) {
                return Result.failed("robot '" + settings.name() + "' could not be configured: " + r.message());
            }
        }
        Result loaded = ensureConfigured(settings.configurationControllers());
        if (!loaded.ok()) {
            return loaded;
        }
        List<String> on = settings.configurationControllers().stream().filter(c -> !isActive(c)).toList();
        if (!on.isEmpty()) {
            SwitchResult r = await(cm().switchControllers(on, List.of(), Strictness.STRICT, 0));
            if (!r.ok()) {
                return Result.failed("robot '" + settings.name() + "' configured its hardware, but its configuration"
                        + " controllers did not start: " + r.message());
            }
        }
        lifecycleState = LifecycleState.INACTIVE;
        problem = "";
        fault = Fault.NONE;
        return Result.ok("robot '" + settings.name() + "' is configured (inactive)");
    }

    private Result doActivate(String mode) {
        String m = mode.isEmpty() ? defaultMode() : mode;
        List<String> controllers = m.isEmpty() ? List.of() : settings.controlModes().get(m);
        Result loaded = ensureConfigured(controllers);
        if (!loaded.ok()) {
            return loaded;
        }
        List<String> on = controllers.stream().filter(c -> !isActive(c)).toList();
        if (!on.isEmpty()) {
            // the controllers first, on the inactive hardware
            SwitchResult r = await(cm().switchControllers(on, List.of(), Strictness.STRICT, 0));
            if (!r.ok()) {
                return Result.failed("robot '" + settings.name() + "' stays inactive: " + r.message());
            }
        }
        for (String hw : components.get()) {
            HardwareStateResult r = await(cm().requestHardwareState(hw, LifecycleState.ACTIVE));
            if (!r.ok()) {
                List<String> back = on.stream().filter(this::isActive).toList();
                if (!back.isEmpty()) {
                    await(cm().switchControllers(List.of(), back, Strictness.BEST_EFFORT, 0));
                }
                for (String other : components.get()) {
                    await(cm().requestHardwareState(other, LifecycleState.INACTIVE));
                }
                return Result.failed("robot '" + settings.name() + "' stays inactive: " + r.message());
            }
        }
        controlMode = m;
        lifecycleState = LifecycleState.ACTIVE;
        return Result.ok("robot '" + settings.name() + "' is active" + (m.isEmpty() ? "" : " in control mode '" + m + "'"));
    }

    /**
     * Why the robot cannot go into a control mode (its hardware lacks the command interfaces the KUKA mode needs, or
     * no controllers are configured for it), or null when it can.
     */
    private Result refuse(String m) {
        if (m.isEmpty()) {
            return settings.controlModes().isEmpty() ? null : unknownMode(m);
        }
        ControlMode kind = ControlMode.of(m);
        if (kind != null) {
            List<String> missing = new ArrayList<>();
            kind.needs(joints(), commandInterfaces(), missing);
            if (!missing.isEmpty()) {
                List<String> can = supportedModes();
                return Result.failed("robot '" + settings.name() + "' cannot run control mode '" + m + "': its hardware "
                        + plugins() + " has no command interface " + missing.get(0)
                        + (missing.size() > 1 ? " (" + (missing.size() - 1) + " more missing)" : "")
                        + (can.isEmpty() ? "" : "; it can run " + String.join(", ", can)));
            }
        }
        return settings.controlModes().containsKey(m) ? null : unknownMode(m);
    }

    /** The KUKA control modes the robot's hardware has the command interfaces for. */
    List<String> supportedModes() {
        List<String> joints = joints();
        Set<String> available = commandInterfaces();
        List<String> out = new ArrayList<>();
        for (ControlMode k : ControlMode.values()) {
            List<String> missing = new ArrayList<>();
            k.needs(joints, available, missing);
            if (missing.isEmpty()) {
                out.add(k.label());
            }
        }
        return out;
    }

    /** Per configured control mode, the hardware command interfaces it needs (empty for a mode of another name). */
    Map<String, List<String>> controlModeInterfaces() {
        List<String> joints = joints();
        Set<String> available = commandInterfaces();
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String m : settings.controlModes().keySet()) {
            ControlMode kind = ControlMode.of(m);
            out.put(m, kind == null ? List.of() : List.copyOf(kind.needs(joints, available, new ArrayList<>())));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** The joints of the robot's {@code <ros2_control>} blocks, in URDF order. */
    private List<String> joints() {
        List<String> out = new ArrayList<>();
        if (description.get() != null) {
            for (HardwareInfo h : description.get().hardware()) {
                h.joints().forEach(j -> out.add(j.name()));
            }
        }
        return out;
    }

    private Set<String> commandInterfaces() {
        Set<String> out = new TreeSet<>();
        if (cm() != null) {
            for (org.robocell.api.cell.InterfaceSnapshot i : cm().interfaces()) {
                if (i.kind() == org.robocell.api.cell.InterfaceSnapshot.Kind.COMMAND) {
                    out.add(i.name());
                }
            }
        }
        return out;
    }

    private List<String> plugins() {
        return description.get() == null ? List.of()
                : description.get().hardware().stream().map(HardwareInfo::plugin).distinct().toList();
    }

    /** The mode {@link #activate} uses when none is named: {@code control.mode}, or else the first. */
    String defaultMode() {
        if (!settings.controlMode().isEmpty()) {
            return settings.controlMode();
        }
        return settings.controlModes().isEmpty() ? "" : settings.controlModes().keySet().iterator().next();
    }

    private Result unknownMode(String m) {
        return Result.failed(Reason.UNKNOWN_NAME, "robot '" + settings.name() + "' has no control mode '" + m + "'"
                + org.robocell.api.text.Suggestions.didYouMeanOrKnown(m, settings.controlModes().keySet()));
    }

    private Result ensureConfigured(List<String> names) {
        for (String n : names) {
            if (cm().controller(n).isEmpty()) {
                Result r = cm().load(n);
                if (!r.ok()) {
                    return r;
                }
            }
            if (cm().controller(n).map(c -> c.state() == LifecycleState.UNCONFIGURED).orElse(false)) {
                Result r = cm().configure(n);
                if (!r.ok()) {
                    return r;
                }
            }
        }
        return Result.ok("");
    }

    private boolean isActive(String controller) {
        return cm().controller(controller).map(c -> c.state() == LifecycleState.ACTIVE).orElse(false);
    }
}
