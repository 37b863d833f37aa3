package org.robocell.driver.mock.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * {@code mock_components/GenericSystem}: commands come back as states at the next {@code read()}, as
 * ros2_control's mock does, so a cell runs without a robot.
 * <p>
 * Hardware parameters: {@code calculate_dynamics}, {@code disable_commands}, {@code mock_sensor_commands},
 * {@code mock_gpio_commands}, {@code position_state_following_offset},
 * {@code custom_interface_with_following_offset}. Two upstream bugs are not reproduced: the following offset
 * is kept in velocity and acceleration modes (the mock integrates an offset-free position and adds the offset
 * when it reports it), and mode switches match joints by exact interface name, never by substring. A component with
 * {@code <transmission>}s also reports its actuators' states ({@link ActuatorStates}).
 */
public final class GenericSystem implements HardwareComponent {

    static final String CALCULATE_DYNAMICS = "calculate_dynamics";
    static final String DISABLE_COMMANDS = "disable_commands";
    static final String MOCK_SENSOR_COMMANDS = "mock_sensor_commands";
    static final String MOCK_GPIO_COMMANDS = "mock_gpio_commands";
    static final String FOLLOWING_OFFSET = "position_state_following_offset";
    static final String CUSTOM_OFFSET_INTERFACE = "custom_interface_with_following_offset";

    private static final int NONE = -1;
    private static final StateInterfaceHandle NO_STATE = null;
    private static final CommandInterfaceHandle NO_COMMAND = null;
    private static final int POSITION = 0;
    private static final int VELOCITY = 1;
    private static final int ACCELERATION = 2;
    private static final String[] MOTION = { "position", "velocity", "acceleration" };

    private boolean calculateDynamics;
    /** The motors behind the component's transmissions, see {@link ActuatorStates}. */
    private ActuatorStates actuators;
    private boolean disableCommands;
    private double offset;

    private String[] joints;
    /** [joint][POSITION|VELOCITY|ACCELERATION] handles, null when absent. */
    private StateInterfaceHandle[][] stateHandle;
    private CommandInterfaceHandle[][] commandHandle;
    private StateInterfaceHandle[] customOffsetState;
    private int[] mode;
    private double[] position;
    private double[] velocity;

    private int[] mimicSource;
    private double[] mimicMultiplier;
    private double[] mimicOffset;

    /** Command → state pairs mirrored as they are (everything that is not integrated motion). */
    private CommandInterfaceHandle[] mirrorCommand;
    private StateInterfaceHandle[] mirrorState;
    private boolean[] mirrorFloating;

    /** Full command interface name → joint * 3 + motion kind, for mode switches. */
    private final Map<String, Integer> motionCommands = new HashMap<>();
    private final Map<String, Integer> jointOfCommand = new HashMap<>();

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        HardwareInfo info = context.info();
        calculateDynamics = info.booleanParameter(CALCULATE_DYNAMICS, false);
        disableCommands = info.booleanParameter(DISABLE_COMMANDS, false);
        offset = info.doubleParameter(FOLLOWING_OFFSET, 0.0);
        String customOffsetInterface = info.parameter(CUSTOM_OFFSET_INTERFACE, "").trim();

        int n = info.joints().size();
        joints = new String[n];
        stateHandle = new StateInterfaceHandle[n][3];
        commandHandle = new CommandInterfaceHandle[n][3];
        customOffsetState = new StateInterfaceHandle[n];
        mode = new int[n];
        position = new double[n];
        velocity = new double[n];
        mimicSource = new int[n];
        mimicMultiplier = new double[n];
        mimicOffset = new double[n];
        List<CommandInterfaceHandle> mirroredCommands = new ArrayList<>();
        List<StateInterfaceHandle> mirroredStates = new ArrayList<>();
        List<Boolean> floating = new ArrayList<>();

        for (int j = 0; j < n; j++) {
            ComponentInfo joint = info.joints().get(j);
            joints[j] = joint.name();
            for (int k = 0; k < 3; k++) {
                String name = joint.name() + "/" + MOTION[k];
                stateHandle[j][k] = context.hasStateInterface(name) ? context.state(name) : NO_STATE;
                commandHandle[j][k] = context.hasCommandInterface(name) ? context.command(name) : NO_COMMAND;
                if (commandHandle[j][k] != NO_COMMAND) {
                    motionCommands.put(name, j * 3 + k);
                }
            }
            String custom = joint.name() + "/" + customOffsetInterface;
            customOffsetState[j] = !customOffsetInterface.isEmpty() && context.hasStateInterface(custom)
                    ? context.state(custom) : NO_STATE;
            for (InterfaceInfo command : joint.commandInterfaces()) {
                String name = joint.fullName(command);
                jointOfCommand.put(name, j);
                boolean integrated = command.name().equals("position")
                        || (calculateDynamics && (command.name().equals("velocity") || command.name().equals("acceleration")));
                if (!integrated && context.hasStateInterface(name)) {
                    mirroredCommands.add(context.command(name));
                    mirroredStates.add(context.state(name));
                    floating.add(command.dataType().isFloatingPoint());
                }
            }
        }
        for (int j = 0; j < n; j++) {
            Map<String, String> p = info.joints().get(j).parameters();
            String source = p.get(ComponentInfo.MIMIC_JOINT);
            mimicSource[j] = source == null ? NONE : indexOf(source);
            if (source != null && mimicSource[j] == NONE) {
                throw new IllegalArgumentException("hardware '" + info.name() + "': joint '" + joints[j]
                        + "' mimics '" + source + "', which this component does not drive");
            }
            mimicMultiplier[j] = source == null ? 1.0 : Double.parseDouble(p.getOrDefault(ComponentInfo.MIMIC_MULTIPLIER, "1"));
            mimicOffset[j] = source == null ? 0.0 : Double.parseDouble(p.getOrDefault(ComponentInfo.MIMIC_OFFSET, "0"));
        }

        boolean mockSensors = info.booleanParameter(MOCK_SENSOR_COMMANDS, false);
        for (ComponentInfo sensor : info.sensors()) {
            for (InterfaceInfo state : sensor.stateInterfaces()) {
                if (mockSensors) {
                    String name = sensor.fullName(state);
                    mirroredCommands.add(context.exportCommandInterface(name, state));
                    mirroredStates.add(context.state(name));
                    floating.add(state.dataType().isFloatingPoint());
                }
            }
        }
        boolean mockGpios = info.booleanParameter(MOCK_GPIO_COMMANDS, false);
        for (ComponentInfo gpio : info.gpios()) {
            for (InterfaceInfo state : gpio.stateInterfaces()) {
                String name = gpio.fullName(state);
                CommandInterfaceHandle command;
                if (context.hasCommandInterface(name)) {
                    command = context.command(name);
                } else if (mockGpios) {
                    command = context.exportCommandInterface(name, state);
                } else {
                    continue;
                }
                mirroredCommands.add(command);
                mirroredStates.add(context.state(name));
                floating.add(state.dataType().isFloatingPoint());
            }
        }
        mirrorCommand = mirroredCommands.toArray(new CommandInterfaceHandle[0]);
        mirrorState = mirroredStates.toArray(new StateInterfaceHandle[0]);
        mirrorFloating = new boolean[mirrorCommand.length];
        for (int i = 0; i < mirrorFloating.length; i++) {
            mirrorFloating[i] = floating.get(i);
        }
        actuators = ActuatorStates.export(context);
        return CallbackReturn.SUCCESS;
    }

    private int indexOf(String joint) {
        for (int j = 0; j < joints.length; j++) {
            if (joints[j].equals(joint)) {
                return j;
            }
        }
        return NONE;
    }

    /** States without an initial value start at 0; the following offset shows from the start. */
    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        for (int j = 0; j < joints.length; j++) {
            for (int k = 0; k < 3; k++) {
                StateInterfaceHandle h = stateHandle[j][k];
                if (h != NO_STATE && Double.isNaN(h.get())) {
                    h.set(0.0);
                }
            }
            StateInterfaceHandle p = stateHandle[j][POSITION];
            position[j] = p == NO_STATE ? 0.0 : p.get();
            velocity[j] = stateHandle[j][VELOCITY] == NO_STATE ? 0.0 : stateHandle[j][VELOCITY].get();
            if (p != NO_STATE && customOffsetState[j] == NO_STATE) {
                p.set(position[j] + offset);
            }
            mode[j] = POSITION;
        }
        return CallbackReturn.SUCCESS;
    }

    /** A mock answers at once: beside a robot on its own clock (the default cell's force/torque sensor), no pace. */
    @Override
    public boolean readWaitsForRobot() {
        return false;
    }

    @Override
    public ReturnType read(double time, double period) {
        if (disableCommands) {
            return ReturnType.OK;
        }
        for (int j = 0; j < joints.length; j++) {
            if (mimicSource[j] == NONE) {
                moveJoint(j, period);
            }
        }
        for (int j = 0; j < joints.length; j++) {
            if (mimicSource[j] != NONE) {
                followMimicked(j);
            }
        }
        for (int i = 0; i < mirrorCommand.length; i++) {
            double v = mirrorCommand[i].get();
            if (Double.isNaN(v)) {
                continue;
            }
            if (Double.isInfinite(v)) {
                return ReturnType.ERROR;
            }
            mirrorState[i].set(mirrorFloating[i] ? v : Math.rint(v));
        }
        actuators.update();
        return ReturnType.OK;
    }

    private void moveJoint(int j, double dt) {
        double p = position[j];
        double v = velocity[j];
        double a = Double.NaN;
        CommandInterfaceHandle[] cmd = commandHandle[j];
        if (!calculateDynamics || mode[j] == POSITION) {
            double c = cmd[POSITION] == NO_COMMAND ? Double.NaN : cmd[POSITION].get();
            if (Double.isFinite(c)) {
                if (calculateDynamics && dt > 0) {
                    double newV = (c - p) / dt;
                    a = (newV - v) / dt;
                    v = newV;
                }
                p = c;
            }
        } else if (mode[j] == VELOCITY) {
            double c = cmd[VELOCITY].get();
            if (Double.isFinite(c) && dt > 0) {
                a = (c - v) / dt;
                v = c;
                p += v * dt;
            }
        } else {
            double c = cmd[ACCELERATION].get();
            if (Double.isFinite(c) && dt > 0) {
                a = c;
                v += a * dt;
                p += v * dt;
            }
        }
        position[j] = p;
        velocity[j] = v;
        StateInterfaceHandle[] state = stateHandle[j];
        if (state[POSITION] != NO_STATE) {
            state[POSITION].set(customOffsetState[j] == NO_STATE ? p + offset : p);
        }
        if (customOffsetState[j] != NO_STATE) {
            customOffsetState[j].set(p + offset);
        }
        if (calculateDynamics) {
            if (state[VELOCITY] != NO_STATE) {
                state[VELOCITY].set(v);
            }
            if (state[ACCELERATION] != NO_STATE && !Double.isNaN(a)) {
                state[ACCELERATION].set(a);
            }
        }
    }

    private void followMimicked(int j) {
        int source = mimicSource[j];
        StateInterfaceHandle[] state = stateHandle[j];
        StateInterfaceHandle[] from = stateHandle[source];
        for (int k = 0; k < 3; k++) {
            if (state[k] != NO_STATE && from[k] != NO_STATE) {
                double shift = k == POSITION ? mimicOffset[j] : 0.0;
                state[k].set(shift + mimicMultiplier[j] * from[k].get());
            }
        }
    }

    /** The mock drives nothing: mirroring happens in {@link #read}, so a command shows one cycle later. */
    @Override
    public ReturnType write(double time, double period) {
        return ReturnType.OK;
    }

    /**
     * With dynamics, each joint runs in exactly one of position, velocity or acceleration mode: a switch that
     * starts none of them for a joint it touches, or more than one, is refused.
     */
    @Override
    public ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        if (!calculateDynamics) {
            return ReturnType.OK;
        }
        int[] touched = new int[joints.length];
        int[] motions = new int[joints.length];
        for (int i = 0; i < start.size(); i++) {
            Integer joint = jointOfCommand.get(start.get(i));
            if (joint == null) {
                continue;
            }
            touched[joint]++;
            if (motionCommands.containsKey(start.get(i))) {
                motions[joint]++;
            }
        }
        for (int j = 0; j < joints.length; j++) {
            if (touched[j] > 0 && motions[j] != 1) {
                return ReturnType.ERROR;
            }
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType performCommandModeSwitch(List<String> start, List<String> stop) {
        if (!calculateDynamics) {
            return ReturnType.OK;
        }
        for (int i = 0; i < start.size(); i++) {
            Integer code = motionCommands.get(start.get(i));
            if (code != null) {
                mode[code / 3] = code % 3;
            }
        }
        return ReturnType.OK;
    }
}
