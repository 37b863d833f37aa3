package org.robocell.controller.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.robocell.api.controller.ChainableController;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.model.JointLimits;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Plays the controller manager for unit tests, one cycle per {@link #step()}: hardware read, then the active
 * controllers' updates in load order, with a fixed period and a virtual time. Nothing sleeps, so every run is the
 * same. State loans are best effort (missing state interfaces are left out, order kept); a missing command interface
 * fails the activation.
 */
public final class ControllerRig {

    private final InterfaceTable table;
    private final SimulatedRobot robot;
    private final double period;
    private final int loopRate;
    private final List<Entry> loaded = new ArrayList<>();
    private Entry[] cyclePlan = new Entry[0];
    private double time;
    private final Map<String, JointLimits> limits = new java.util.HashMap<>();
    private String robotName = "rig";

    public ControllerRig(InterfaceTable table, SimulatedRobot robot, int loopRate) {
        this.table = table;
        this.robot = robot;
        this.loopRate = loopRate;
        this.period = 1.0 / loopRate;
    }

    /** A 7-joint simulated robot at 100 Hz. */
    public static ControllerRig sevenJointRobot() {
        InterfaceTable table = new InterfaceTable(512);
        return new ControllerRig(table, SimulatedRobot.sevenJoints(table), 100);
    }

    public InterfaceTable table() {
        return table;
    }

    public SimulatedRobot robot() {
        return robot;
    }

    public double period() {
        return period;
    }

    /** The time the next update will be given. */
    public double time() {
        return time;
    }

    /** The limits the rig's loop holds a joint to, for controllers that ask their context (none by default). */
    public ControllerRig withJointLimits(String joint, JointLimits jointLimits) {
        limits.put(joint, jointLimits);
        return this;
    }

    /** The robot name controllers loaded from now on find in their context ({@code rig} by default). */
    public ControllerRig withRobot(String name) {
        robotName = name;
        return this;
    }

    /** Creates the controller's context and calls onInit; the controller is then UNCONFIGURED. */
    public Entry load(String name, String type, Controller controller, Map<String, ?> parameters) {
        Parameters p = new Parameters("test: " + name, parameters);
        Context context = new Context(name, type, p, loopRate, robotName, limits);
        CallbackReturn init = controller.onInit(context);
        if (init != CallbackReturn.SUCCESS) {
            throw new IllegalStateException(name + ": onInit answered " + init + ": " + controller.lastError());
        }
        Entry entry = new Entry(name, controller, context);
        loaded.add(entry);
        return entry;
    }

    /** One control cycle. ERROR when any controller's update answered ERROR. */
    public ReturnType step() {
        robot.read(period);
        ReturnType result = ReturnType.OK;
        Entry[] plan = cyclePlan;
        for (int i = 0; i < plan.length; i++) {
            ReturnType r = plan[i].update(time, period);
            if (r != ReturnType.OK) {
                result = r;
            }
        }
        time += period;
        return result;
    }

    /** {@code cycles} control cycles; the first update result that is not OK, or OK. */
    public ReturnType steps(int cycles) {
        ReturnType result = ReturnType.OK;
        for (int i = 0; i < cycles; i++) {
            ReturnType r = step();
            if (r != ReturnType.OK && result == ReturnType.OK) {
                result = r;
            }
        }
        return result;
    }

    /** Steps until the virtual time reaches {@code t} (inclusive of an update at or after it). */
    public void stepUntil(double t) {
        while (time < t - 1e-9) {
            step();
        }
    }

    private void replan() {
        List<Entry> active = new ArrayList<>();
        for (Entry e : loaded) {
            if (e.state == LifecycleState.ACTIVE) {
                active.add(e);
            }
        }
        cyclePlan = active.toArray(new Entry[0]);
    }

    /** One loaded controller and its lifecycle, driven by the test. */
    public final class Entry {
        private final String name;
        private final Controller controller;
        private final Context context;
        private LifecycleState state = LifecycleState.UNCONFIGURED;
        private boolean chained;
        private ReturnType lastUpdate = ReturnType.OK;
        private List<String> references = List.of();
        private List<String> exportedStates = List.of();

        Entry(String name, Controller controller, Context context) {
            this.name = name;
            this.controller = controller;
            this.context = context;
        }

        /** New parameters, taken at the next configure (as the manager's setParameters does it). */
        public void setParameters(Map<String, ?> parameters) {
            context.parameters = new Parameters("test: " + name, parameters);
        }

        public LifecycleState state() {
            return state;
        }

        public ReturnType lastUpdate() {
            return lastUpdate;
        }

        public CallbackReturn configure() {
            CallbackReturn r = controller.onConfigure(state);
            if (r != CallbackReturn.SUCCESS) {
                return r;
            }
            if (controller instanceof ChainableController chainable && references.isEmpty()) {
                references = chainable.exportReferenceInterfaces();
                exportedStates = chainable.exportStateInterfaces();
                for (String ref : references) {
                    requirePrefix(ref);
                    table.addCommand(ref);
                }
                for (String s : exportedStates) {
                    requirePrefix(s);
                    table.addState(s, Double.NaN);
                }
            }
            state = LifecycleState.INACTIVE;
            return r;
        }

        private void requirePrefix(String exported) {
            if (!exported.startsWith(name + "/")) {
                throw new IllegalStateException(exported + " does not start with " + name + "/");
            }
        }

        /** Tells a chainable controller (while inactive) whether a preceding controller writes its references. */
        public boolean setChained(boolean chained) {
            if (state == LifecycleState.ACTIVE) {
                throw new IllegalStateException(name + " is active");
            }
            boolean ok = ((ChainableController) controller).onSetChainedMode(chained);
            if (ok) {
                this.chained = chained;
            }
            return ok;
        }

        public CallbackReturn activate() {
            List<CommandHandle> commands = new ArrayList<>();
            InterfaceConfiguration commandConfig = controller.commandInterfaceConfiguration();
            List<String> commandNames = switch (commandConfig.kind()) {
                case NONE -> List.of();
                case ALL -> table.commandNames();
                case INDIVIDUAL -> commandConfig.names();
            };
            for (String c : commandNames) {
                if (!table.hasCommand(c)) {
                    return CallbackReturn.FAILURE;
                }
                commands.add(table.command(c));
            }
            List<StateHandle> states = new ArrayList<>();
            InterfaceConfiguration stateConfig = controller.stateInterfaceConfiguration();
            List<String> stateNames = switch (stateConfig.kind()) {
                case NONE -> List.of();
                case ALL -> table.stateNames();
                case INDIVIDUAL -> stateConfig.names();
            };
            for (String s : stateNames) {
                if (table.hasState(s)) {
                    states.add(table.state(s));
                }
            }
            List<CommandHandle> refs = new ArrayList<>();
            for (String r : references) {
                refs.add(table.command(r));
            }
            List<CommandHandle> exported = new ArrayList<>();
            for (String s : exportedStates) {
                exported.add(table.stateWriter(s));
            }
            CallbackReturn r = controller.onActivate(new TestLoans(commands, states, refs, exported));
            if (r == CallbackReturn.SUCCESS) {
                state = LifecycleState.ACTIVE;
                lastUpdate = ReturnType.OK;
                replan();
            }
            return r;
        }

        public CallbackReturn deactivate() {
            CallbackReturn r = controller.onDeactivate(state);
            state = LifecycleState.INACTIVE;
            replan();
            return r;
        }

        public CallbackReturn cleanup() {
            CallbackReturn r = controller.onCleanup(state);
            state = LifecycleState.UNCONFIGURED;
            return r;
        }

        ReturnType update(double t, double dt) {
            ReturnType r;
            if (controller instanceof ChainableController chainable) {
                r = chained ? ReturnType.OK : chainable.updateReferenceFromInputs(t, dt);
                if (r == ReturnType.OK) {
                    r = chainable.updateAndWriteCommands(t, dt);
                }
            } else {
                r = controller.update(t, dt);
            }
            lastUpdate = r;
            return r;
        }
    }

    private static final class Context implements ControllerContext {
        private final String name;
        private final String type;
        private final int loopRate;
        private final String robot;
        private final Map<String, JointLimits> limits;
        private volatile Parameters parameters;

        Context(String name, String type, Parameters parameters, int loopRate, String robot,
                Map<String, JointLimits> limits) {
            this.name = name;
            this.type = type;
            this.parameters = parameters;
            this.loopRate = loopRate;
            this.robot = robot;
            this.limits = limits;
        }

        @Override
        public String robot() {
            return robot;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String type() {
            return type;
        }

        @Override
        public Parameters parameters() {
            return parameters;
        }

        @Override
        public int loopRate() {
            return loopRate;
        }

        @Override
        public java.util.Optional<JointLimits> jointLimits(String joint) {
            return java.util.Optional.ofNullable(limits.get(joint));
        }
    }

    private record TestLoans(List<CommandHandle> commands, List<StateHandle> states, List<CommandHandle> references,
            List<CommandHandle> exportedStates) implements Loans {
    }
}
