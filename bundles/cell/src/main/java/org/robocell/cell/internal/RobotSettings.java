package org.robocell.cell.internal;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.cell.ClockKind;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.description.RobotDescription;
import org.robocell.manager.IdleStrategy;

/**
 * One robot of the cell, as its configuration gives it (validated).
 *
 * @param controllers            ROS 2 parameter files with the controller set-up, layered in order (later wins)
 * @param rate                   loop rate in Hz; 0 takes {@code update_rate} from the controllers file
 * @param hardwareUnconfigured   components left UNCONFIGURED at start
 * @param hardwareInactive       components left INACTIVE at start (all others are activated)
 * @param load                   controllers loaded and configured at start
 * @param activate               controllers loaded, configured and activated at start
 * @param controllersBeforeHardware KUKA-style start: hardware to INACTIVE, controllers activated, then hardware
 *                               to ACTIVE (implies activation on inactive hardware)
 * @param controlModes           robot lifecycle: controllers per control mode (implies activation on inactive
 *                               hardware)
 * @param lifecycle              the robot lifecycle state to reach at start, or null: no lifecycle
 * @param prefix                 prefix of every link and joint name (xacro's prefix), or empty
 * @param loopPriority           SCHED_FIFO priority of the loop thread (1..99), 0: scheduler left alone
 * @param loopCpus               CPUs the loop thread is pinned to, empty: any
 * @param loopLockMemory         mlockall when the loop thread starts
 * @param budgetMicros           execution budget of one controller update or hardware read/write; 0: one period
 * @param budgetOverruns         overruns of the budget in a row that take a controller or component out
 * @param xacroArgs              xacro args of a {@code .xacro} URDF, by name
 * @param packagePath            directories searched for the packages a {@code .xacro} URDF names
 * @param hardwarePlugins        component name (or {@code *} for every component) to the plugin that drives it
 *                               instead of the one the description names
 * @param launchArgs             the launch arguments {@code $(var name)} in the controllers files reads
 * @param loopGroup              the loop group whose thread runs this robot's cycles, or empty: its own thread
 */
record RobotSettings(String name, Path urdf, List<Path> controllers, String namespace, ClockKind clock, int rate,
        IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
        List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
        boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
        String controlMode, List<String> configurationControllers, LifecycleState lifecycle, String prefix,
        int loopPriority, List<Integer> loopCpus, boolean loopLockMemory, int budgetMicros, int budgetOverruns,
        Map<String, String> xacroArgs, List<Path> packagePath, Map<String, String> hardwarePlugins,
        Map<String, String> launchArgs, String loopGroup) {

    /** A robot whose controllers files hold no launch substitutions. */
    RobotSettings(String name, Path urdf, List<Path> controllers, String namespace, ClockKind clock, int rate,
            IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
            List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
            boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
            String controlMode, List<String> configurationControllers, LifecycleState lifecycle, String prefix,
            int loopPriority, List<Integer> loopCpus, boolean loopLockMemory, int budgetMicros, int budgetOverruns,
            Map<String, String> xacroArgs, List<Path> packagePath, Map<String, String> hardwarePlugins) {
        this(name, urdf, controllers, namespace, clock, rate, idle, hardwareUnconfigured, hardwareInactive, load, activate,
                slotCapacity, allowActivationOnInactiveHardware, controllersBeforeHardware, switchTimeoutCycles,
                controlModes, controlMode, configurationControllers, lifecycle, prefix, loopPriority, loopCpus,
                loopLockMemory, budgetMicros, budgetOverruns, xacroArgs, packagePath, hardwarePlugins, Map.of(), "");
    }

    /** A robot whose components are driven by the plugins its description names. */
    RobotSettings(String name, Path urdf, List<Path> controllers, String namespace, ClockKind clock, int rate,
            IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
            List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
            boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
            String controlMode, List<String> configurationControllers, LifecycleState lifecycle, String prefix,
            int loopPriority, List<Integer> loopCpus, boolean loopLockMemory, int budgetMicros, int budgetOverruns,
            Map<String, String> xacroArgs, List<Path> packagePath) {
        this(name, urdf, controllers, namespace, clock, rate, idle, hardwareUnconfigured, hardwareInactive, load, activate,
                slotCapacity, allowActivationOnInactiveHardware, controllersBeforeHardware, switchTimeoutCycles,
                controlModes, controlMode, configurationControllers, lifecycle, prefix, loopPriority, loopCpus,
                loopLockMemory, budgetMicros, budgetOverruns, xacroArgs, packagePath, Map.of());
    }

    /** A robot whose URDF is plain (no xacro args, no package path). */
    RobotSettings(String name, Path urdf, List<Path> controllers, String namespace, ClockKind clock, int rate,
            IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
            List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
            boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
            String controlMode, List<String> configurationControllers, LifecycleState lifecycle, String prefix,
            int loopPriority, List<Integer> loopCpus, boolean loopLockMemory, int budgetMicros, int budgetOverruns) {
        this(name, urdf, controllers, namespace, clock, rate, idle, hardwareUnconfigured, hardwareInactive, load, activate,
                slotCapacity, allowActivationOnInactiveHardware, controllersBeforeHardware, switchTimeoutCycles,
                controlModes, controlMode, configurationControllers, lifecycle, prefix, loopPriority, loopCpus,
                loopLockMemory, budgetMicros, budgetOverruns, Map.of(), List.of());
    }

    /** A robot with the default execution budget. */
    RobotSettings(String name, Path urdf, Path controllers, String namespace, ClockKind clock, int rate,
            IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
            List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
            boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
            String controlMode, List<String> configurationControllers, LifecycleState lifecycle, String prefix,
            int loopPriority, List<Integer> loopCpus, boolean loopLockMemory) {
        this(name, urdf, controllers == null ? List.of() : List.of(controllers), namespace, clock, rate, idle,
                hardwareUnconfigured, hardwareInactive, load, activate, slotCapacity, allowActivationOnInactiveHardware,
                controllersBeforeHardware, switchTimeoutCycles, controlModes, controlMode, configurationControllers,
                lifecycle, prefix, loopPriority, loopCpus, loopLockMemory, 0, 0);
    }

    /** A robot without real-time settings for its loop thread. */
    RobotSettings(String name, Path urdf, Path controllers, String namespace, ClockKind clock, int rate,
            IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
            List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
            boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
            String controlMode, List<String> configurationControllers, LifecycleState lifecycle, String prefix) {
        this(name, urdf, controllers, namespace, clock, rate, idle, hardwareUnconfigured, hardwareInactive, load, activate,
                slotCapacity, allowActivationOnInactiveHardware, controllersBeforeHardware, switchTimeoutCycles,
                controlModes, controlMode, configurationControllers, lifecycle, prefix, 0, List.of(), false);
    }

    /** A robot without a joint prefix. */
    RobotSettings(String name, Path urdf, Path controllers, String namespace, ClockKind clock, int rate,
            IdleStrategy idle, List<String> hardwareUnconfigured, List<String> hardwareInactive, List<String> load,
            List<String> activate, int slotCapacity, boolean allowActivationOnInactiveHardware,
            boolean controllersBeforeHardware, int switchTimeoutCycles, Map<String, List<String>> controlModes,
            String controlMode, List<String> configurationControllers, LifecycleState lifecycle) {
        this(name, urdf, controllers, namespace, clock, rate, idle, hardwareUnconfigured, hardwareInactive, load, activate,
                slotCapacity, allowActivationOnInactiveHardware, controllersBeforeHardware, switchTimeoutCycles,
                controlModes, controlMode, configurationControllers, lifecycle, "");
    }

    RobotSettings {
        controllers = controllers == null ? List.of() : List.copyOf(controllers);
        prefix = prefix == null ? "" : prefix;
        controlModes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(controlModes));
        controlMode = controlMode == null ? "" : controlMode;
        configurationControllers = List.copyOf(configurationControllers);
        hardwareUnconfigured = List.copyOf(hardwareUnconfigured);
        hardwareInactive = List.copyOf(hardwareInactive);
        load = List.copyOf(load);
        activate = List.copyOf(activate);
        loopCpus = loopCpus == null ? List.of() : List.copyOf(loopCpus);
        xacroArgs = xacroArgs == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(xacroArgs));
        packagePath = packagePath == null ? List.of() : List.copyOf(packagePath);
        hardwarePlugins = hardwarePlugins == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hardwarePlugins));
        launchArgs = launchArgs == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(launchArgs));
        loopGroup = loopGroup == null ? "" : loopGroup.trim();
    }

    /**
     * The robot's description: its URDF, expanded first when it is a xacro file ({@code .xacro}), with the plugins
     * {@link #hardwarePlugins} names in place of the written ones.
     */
    RobotDescription description() {
        RobotDescription d = urdf.getFileName() != null && urdf.getFileName().toString().endsWith(".xacro")
                ? RobotDescription.parseXacro(urdf, xacroArgs, packagePath)
                : RobotDescription.parse(urdf);
        return HardwarePlugins.apply(d, hardwarePlugins, name);
    }

    /**
     * A controller name as the robot's loop knows it: in a namespace {@code ns}, {@code ns/name} (names already
     * written with the prefix are kept).
     */
    String qualify(String controller) {
        return qualify(namespace, controller);
    }

    static String qualify(String namespace, String controller) {
        if (namespace == null || namespace.isEmpty() || controller.startsWith(namespace + "/")) {
            return controller;
        }
        return namespace + "/" + controller;
    }

    static RobotSettings of(RobotConfig c, Path base) {
        String name = c.name() == null ? "" : c.name().trim();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a robot needs a name (property 'name')");
        }
        if (c.urdf() == null || c.urdf().isBlank()) {
            throw new IllegalArgumentException("robot '" + name + "' needs a URDF (property 'urdf')");
        }
        ClockKind clock = ClockKind.fromLabel(c.clock());
        if (clock == null) {
            throw new IllegalArgumentException("robot '" + name + "': clock must be internal, hardware or stepped, got '"
                    + c.clock() + "'");
        }
        IdleStrategy idle = IdleStrategy.fromLabel(c.idle_strategy());
        if (idle == null) {
            throw new IllegalArgumentException("robot '" + name + "': idle.strategy must be sleep, sleep_then_spin or spin,"
                    + " got '" + c.idle_strategy() + "'");
        }
        if (c.rate() < 0) {
            throw new IllegalArgumentException("robot '" + name + "': rate must not be negative, got " + c.rate());
        }
        Path urdf = base.resolve(c.urdf().trim());
        List<Path> controllers = list(c.controllers()).stream().map(base::resolve).toList();
        String ns = c.namespace() == null ? "" : c.namespace().trim().replaceAll("^/+|/+$", "");
        Map<String, List<String>> modes = new LinkedHashMap<>();
        for (String entry : list(c.control_modes())) {
            int eq = entry.indexOf('=');
            List<String> ctrls = eq < 0 ? List.of()
                    : java.util.Arrays.stream(entry.substring(eq + 1).trim().split("\\s+")).filter(x -> !x.isEmpty())
                            .map(x -> qualify(ns, x)).toList();
            if (eq <= 0 || ctrls.isEmpty()) {
                throw new IllegalArgumentException("robot '" + name + "': control.modes entry '" + entry
                        + "' must read mode=controller [controller ...]");
            }
            modes.put(entry.substring(0, eq).trim(), ctrls);
        }
        String mode = c.control_mode() == null ? "" : c.control_mode().trim();
        if (!mode.isEmpty() && !modes.containsKey(mode)) {
            throw new IllegalArgumentException("robot '" + name + "': control.mode '" + mode + "' is not one of "
                    + modes.keySet());
        }
        LifecycleState lifecycle = null;
        String lc = c.lifecycle() == null ? "" : c.lifecycle().trim();
        if (!lc.isEmpty()) {
            lifecycle = LifecycleState.fromLabel(lc);
            if (lifecycle != LifecycleState.UNCONFIGURED && lifecycle != LifecycleState.INACTIVE
                    && lifecycle != LifecycleState.ACTIVE) {
                throw new IllegalArgumentException("robot '" + name + "': lifecycle must be unconfigured, inactive or"
                        + " active, got '" + lc + "'");
            }
        }
        if (c.loop_priority() < 0 || c.loop_priority() > 99) {
            throw new IllegalArgumentException("robot '" + name + "': loop.priority must be 0 (default scheduling) or a"
                    + " SCHED_FIFO priority 1..99, got " + c.loop_priority());
        }
        if (c.budget_us() < 0) {
            throw new IllegalArgumentException("robot '" + name + "': budget.us must be 0 (one loop period) or a number"
                    + " of microseconds, got " + c.budget_us());
        }
        if (c.budget_overruns() < 1) {
            throw new IllegalArgumentException("robot '" + name + "': budget.overruns must be 1 or more, got "
                    + c.budget_overruns());
        }
        List<Integer> cpus = new java.util.ArrayList<>();
        for (String cpu : list(c.loop_cpus())) {
            int n;
            try {
                n = Integer.parseInt(cpu);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 0) {
                throw new IllegalArgumentException("robot '" + name + "': loop.cpus must be CPU numbers (0, 1, ...),"
                        + " comma-separated, got '" + cpu + "'");
            }
            cpus.add(n);
        }
        return new RobotSettings(name, urdf, controllers, ns, clock,
                c.rate(), idle, list(c.hardware_unconfigured()), list(c.hardware_inactive()), qualified(ns, c.load()),
                qualified(ns, c.activate()), c.slot_capacity(), c.allow_activation_on_inactive_hardware()
                        || c.controllers_before_hardware() || !modes.isEmpty(),
                c.controllers_before_hardware(), c.switch_timeout_cycles(), modes, mode,
                qualified(ns, c.configuration_controllers()), lifecycle, c.prefix() == null ? "" : c.prefix().trim(),
                c.loop_priority(), cpus, c.loop_lock_memory(), c.budget_us(), c.budget_overruns(),
                XacroArgs.parse(c.xacro_args(), name), list(c.package_path()).stream().map(base::resolve).toList(),
                HardwarePlugins.parse(list(c.hardware_plugins()), name), XacroArgs.parse(c.launch_args(), name, "launch.args"),
                c.loop_group());
    }

    private static List<String> qualified(String ns, String[] values) {
        return list(values).stream().map(n -> qualify(ns, n)).toList();
    }

    private static List<String> list(String[] values) {
        if (values == null) {
            return List.of();
        }
        return java.util.Arrays.stream(values).flatMap(v -> java.util.Arrays.stream(v.split(",")))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
