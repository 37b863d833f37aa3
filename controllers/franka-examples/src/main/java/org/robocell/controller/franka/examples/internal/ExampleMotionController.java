package org.robocell.controller.franka.examples.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;

/**
 * Runs one {@link ExampleMotion} as franka_example_controllers runs it: the first update takes the measured start
 * (so the first command is where the robot is), every update writes the motion's commands for the time since.
 * <p>
 * A start value or the robot's time that is NaN or infinite holds: before the start nothing is written (the driver
 * keeps the robot where it is), after it the last good commands are written again, and {@code held_cycles} counts
 * it. A command the motion computes that is not finite is never written either. {@code <name>/state} carries
 * {@code elapsed_time}, {@code held_cycles} and the commands written, named by their interfaces.
 */
final class ExampleMotionController extends ControllerBase {

    static final ParameterNames NAMES = ParameterNames.of("arm_id", "joints");
    static final String ELAPSED = "elapsed_time";
    static final String HELD = "held_cycles";

    private final ExampleMotion motion;
    private final ChannelRegistrations registrations;

    private List<String> commandNames = List.of();
    private List<String> startNames = List.of();
    private String timeName;
    private StateOutput state;

    private CommandHandle[] commands = new CommandHandle[0];
    private StateHandle[] starts = new StateHandle[0];
    private StateHandle robotTime;
    private double[] startValues = new double[0];
    private double[] next = new double[0];
    private double[] last = new double[0];
    private boolean started;
    /** Whether {@link #last} holds commands written in this activation. */
    private boolean written;
    private double startTime;
    private double elapsed;
    private long held;

    ExampleMotionController(ExampleMotion motion, ChannelRegistry channels) {
        this.motion = motion;
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, NAMES, ArmSettings::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        ArmSettings arm;
        try {
            arm = ArmSettings.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        commandNames = List.copyOf(motion.commandInterfaces(arm));
        startNames = List.copyOf(motion.startStates(arm));
        timeName = motion.clock() == ExampleMotion.Clock.ROBOT_TIME ? arm.robotState("time") : null;
        commands = new CommandHandle[commandNames.size()];
        starts = new StateHandle[startNames.size()];
        startValues = new double[startNames.size()];
        next = new double[commandNames.size()];
        last = new double[commandNames.size()];
        List<String> fields = new ArrayList<>();
        fields.add(ELAPSED);
        fields.add(HELD);
        fields.addAll(commandNames);
        try {
            state = registrations.stateOutput(state, context().name() + "/state", fields);
        } catch (IllegalStateException e) {
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(commandNames);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        List<String> names = new ArrayList<>(startNames);
        if (timeName != null) {
            names.add(timeName);
        }
        return InterfaceConfiguration.individual(names);
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            for (int i = 0; i < commands.length; i++) {
                commands[i] = loans.command(commandNames.get(i));
            }
            for (int i = 0; i < starts.length; i++) {
                starts[i] = loans.state(startNames.get(i));
            }
            robotTime = timeName == null ? null : loans.state(timeName);
        } catch (IllegalArgumentException e) {
            return fail(Fault.NO_MEASURED_STATE, e.getMessage() + ": the example needs the Franka driver's"
                    + " interfaces (arm_id, joints)");
        }
        started = false;
        written = false;
        java.util.Arrays.fill(last, Double.NaN);
        elapsed = 0.0;
        held = 0;
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double now = robotTime == null ? 0.0 : robotTime.get();
        if (!started) {
            if (!takeStart(now)) {
                held++;
                publish();
                return ReturnType.OK;
            }
        } else if (robotTime != null) {
            if (!Double.isFinite(now)) {
                hold();
                return ReturnType.OK;
            }
            elapsed = now - startTime;
        } else if (Double.isFinite(period) && period > 0) {
            elapsed += period;
        }
        motion.command(elapsed, next);
        for (int i = 0; i < next.length; i++) {
            if (!Double.isFinite(next[i])) {
                hold();
                return ReturnType.OK;
            }
        }
        for (int i = 0; i < next.length; i++) {
            commands[i].set(next[i]);
            last[i] = next[i];
        }
        written = true;
        publish();
        return ReturnType.OK;
    }

    /** The measured start, when every value of it (and the robot's time) is finite. */
    private boolean takeStart(double now) {
        if (robotTime != null && !Double.isFinite(now)) {
            return false;
        }
        for (int i = 0; i < starts.length; i++) {
            double v = starts[i].get();
            if (!Double.isFinite(v)) {
                return false;
            }
            startValues[i] = v;
        }
        motion.start(startValues);
        startTime = now;
        elapsed = 0.0;
        started = true;
        return true;
    }

    /** Writes the last good commands again; none before the first (the driver holds the robot where it is). */
    private void hold() {
        held++;
        for (int i = 0; written && i < last.length; i++) {
            commands[i].set(last[i]);
        }
        publish();
    }

    private void publish() {
        double[] out = state.beginWrite();
        out[0] = elapsed;
        out[1] = held;
        System.arraycopy(last, 0, out, 2, last.length);
        state.endWrite();
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        java.util.Arrays.fill(commands, null);
        java.util.Arrays.fill(starts, null);
        robotTime = null;
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        release();
        return CallbackReturn.SUCCESS;
    }

    private void release() {
        registrations.closeAll();
        state = null;
    }
}
