package org.robocell.controller.diffdrive.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ChainableController;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.common.InterfaceNames;

/**
 * A differential drive (ros2_controllers' {@code diff_drive_controller/DiffDriveController}): body velocity commands
 * (linear x, angular z) become wheel velocity commands, limited in velocity, acceleration and jerk per axis, and the
 * wheels' feedback (positions, or velocities without {@code position_feedback}; the commands with {@code open_loop})
 * is integrated into odometry.
 * <p>
 * Chainable: the references are {@code <controller>/linear/velocity} and {@code <controller>/angular/velocity}.
 * Unchained they come from the channel {@code <controller>/cmd_vel} (fields {@code linear.x}, {@code angular.z};
 * finite numbers only); a command older than {@code cmd_vel_timeout} (counted from the cycle that took it, 0 =
 * never) is replaced by zero, so the robot brakes (within its deceleration limits) when commands stop. Until the first
 * command after activation the wheels are not commanded. Deactivation commands the wheels to 0.
 * <p>
 * Outputs: {@code <controller>/odom} (pose, yaw, body velocities, covariance diagonals), {@code <controller>/tf} with
 * {@code enable_odom_tf}, {@code <controller>/cmd_vel_out} (the limited command) with
 * {@code publish_limited_velocity}.
 */
final class DiffDriveController extends ControllerBase implements ChainableController {

    private static final CommandHandle[] NO_COMMANDS = new CommandHandle[0];
    private static final StateHandle[] NO_STATES = new StateHandle[0];

    private final ChannelRegistrations registrations;

    private DiffDriveConfig config;
    private SpeedLimiter linearLimiter;
    private SpeedLimiter angularLimiter;
    private Odometry odometry;
    private CommandInput cmdVel;
    private StateOutput odom;
    private StateOutput tf;
    private StateOutput limited;
    private boolean chained;

    private CommandHandle[] left = NO_COMMANDS;
    private CommandHandle[] right = NO_COMMANDS;
    private StateHandle[] leftFeedback = NO_STATES;
    private StateHandle[] rightFeedback = NO_STATES;
    private CommandHandle linearReference;
    private CommandHandle angularReference;

    /** The newest cmd_vel and the loop time of the cycle that took it (NaN: none taken since activation). */
    private double commandLinear = Double.NaN;
    private double commandAngular = Double.NaN;
    private double commandTime = Double.NaN;
    /** The last two limited commands, for the acceleration and jerk limits. */
    private double lastLinear;
    private double previousLinear;
    private double lastAngular;
    private double previousAngular;
    private double lastPublication = Double.NaN;

    DiffDriveController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, DiffDriveConfig.NAMES, DiffDriveConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        DiffDriveConfig c;
        try {
            c = DiffDriveConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        config = c;
        linearLimiter = new SpeedLimiter(c.linear());
        angularLimiter = new SpeedLimiter(c.angular());
        odometry = new Odometry(c.wheelSeparation(), c.leftRadius(), c.rightRadius(), c.velocityRollingWindowSize());
        left = new CommandHandle[c.leftWheels().size()];
        right = new CommandHandle[c.rightWheels().size()];
        leftFeedback = c.openLoop() ? NO_STATES : new StateHandle[left.length];
        rightFeedback = c.openLoop() ? NO_STATES : new StateHandle[right.length];
        return openChannels();
    }

    private CallbackReturn openChannels() {
        registrations.closeAll();
        String name = context().name();
        String prefix = config.framePrefix(name);
        String odomFrame = prefix + config.odomFrameId();
        String baseFrame = prefix + config.baseFrameId();
        CommandInput in = CommandInput.of(name + "/cmd_vel", OdometryChannels.TWIST, CommandInput.ValueRule.FINITE);
        StateOutput odometryOut = new StateOutput(name + "/odom", OdometryChannels.odomFields(odomFrame, baseFrame));
        StateOutput tfOut = config.enableOdomTf()
                ? new StateOutput(name + "/tf", OdometryChannels.tfFields(odomFrame, baseFrame)) : null;
        StateOutput limitedOut = config.publishLimitedVelocity()
                ? new StateOutput(name + "/cmd_vel_out", OdometryChannels.TWIST) : null;
        try {
            registrations.register(in, odometryOut);
            if (tfOut != null) {
                registrations.register(tfOut);
            }
            if (limitedOut != null) {
                registrations.register(limitedOut);
            }
        } catch (IllegalStateException e) {
            cmdVel = null;
            return fail(e.getMessage());
        }
        cmdVel = in;
        odom = odometryOut;
        tf = tfOut;
        limited = limitedOut;
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(wheelInterfaces("velocity"));
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        if (config.openLoop()) {
            return InterfaceConfiguration.NONE;
        }
        return InterfaceConfiguration.individual(wheelInterfaces(feedbackInterface()));
    }

    private String feedbackInterface() {
        return config.positionFeedback() ? "position" : "velocity";
    }

    /** Left wheels then right wheels, {@code <wheel>/<interface>}. */
    private List<String> wheelInterfaces(String interfaceName) {
        List<String> names = new ArrayList<>();
        config.leftWheels().forEach(w -> names.add(InterfaceNames.of(w, interfaceName)));
        config.rightWheels().forEach(w -> names.add(InterfaceNames.of(w, interfaceName)));
        return names;
    }

    @Override
    public List<String> exportReferenceInterfaces() {
        String name = context().name();
        return List.of(name + "/linear/velocity", name + "/angular/velocity");
    }

    @Override
    public boolean onSetChainedMode(boolean chained) {
        this.chained = chained;
        return true;
    }

    /** Whether a preceding controller writes the references (for tests and diagnostics). */
    boolean chained() {
        return chained;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        List<String> missing = new ArrayList<>();
        bind(loans, config.leftWheels(), left, leftFeedback, missing);
        bind(loans, config.rightWheels(), right, rightFeedback, missing);
        if (!missing.isEmpty()) {
            return fail(Fault.NO_MEASURED_STATE, "wheel interface" + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing) + (missing.size() == 1 ? " does" : " do") + " not exist");
        }
        List<CommandHandle> references = loans.references();
        if (references.size() != 2) {
            return fail("expected 2 reference interfaces (linear/velocity, angular/velocity), got " + references.size());
        }
        linearReference = references.get(0);
        angularReference = references.get(1);
        if (config.positionFeedback() && !config.openLoop()) {
            double l = mean(leftFeedback);
            double r = mean(rightFeedback);
            if (!Double.isFinite(l) || !Double.isFinite(r)) {
                return fail(Fault.NO_MEASURED_STATE, "the wheel positions are not finite (left " + l + ", right " + r
                        + "): no odometry to start from");
            }
            odometry.startFrom(l, r);
        }
        resetBuffers();
        cmdVel.clear();
        clearError();
        return CallbackReturn.SUCCESS;
    }

    private void bind(Loans loans, List<String> wheels, CommandHandle[] commands, StateHandle[] feedback,
            List<String> missing) {
        for (int i = 0; i < wheels.size(); i++) {
            String command = InterfaceNames.of(wheels.get(i), "velocity");
            commands[i] = findCommand(loans.commands(), command);
            if (commands[i] == null) {
                missing.add(command);
            }
            if (feedback.length > 0) {
                String state = InterfaceNames.of(wheels.get(i), feedbackInterface());
                feedback[i] = findState(loans.states(), state);
                if (feedback[i] == null) {
                    missing.add(state);
                }
            }
        }
    }

    private static CommandHandle findCommand(List<CommandHandle> handles, String name) {
        for (CommandHandle h : handles) {
            if (h.name().equals(name)) {
                return h;
            }
        }
        return null;
    }

    private static StateHandle findState(List<StateHandle> handles, String name) {
        for (StateHandle h : handles) {
            if (h.name().equals(name)) {
                return h;
            }
        }
        return null;
    }

    private void resetBuffers() {
        linearReference.set(Double.NaN);
        angularReference.set(Double.NaN);
        // zeros, not NaN, so that the first command is already held to the acceleration limits (as upstream)
        lastLinear = previousLinear = lastAngular = previousAngular = 0.0;
        commandLinear = commandAngular = Double.NaN;
        commandTime = Double.NaN;
        lastPublication = Double.NaN;
    }

    @Override
    public ReturnType updateReferenceFromInputs(double time, double period) {
        double[] fresh = cmdVel.poll();
        if (fresh != null) {
            commandLinear = fresh[0];
            commandAngular = fresh[1];
            commandTime = time;
        } else if (Double.isNaN(commandTime)) {
            commandTime = time; // the timeout counts from activation until the first command
        }
        double timeout = config.cmdVelTimeout();
        if (timeout > 0.0 && time - commandTime > timeout + 1e-9) {
            linearReference.set(0.0);
            angularReference.set(0.0);
        } else if (!Double.isNaN(commandLinear)) {
            linearReference.set(commandLinear);
            angularReference.set(commandAngular);
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType updateAndWriteCommands(double time, double period) {
        double linear = linearReference.get();
        double angular = angularReference.get();
        boolean commanded = Double.isFinite(linear) && Double.isFinite(angular);
        if (commanded) {
            linear = linearLimiter.limit(linear, lastLinear, previousLinear, period);
            angular = angularLimiter.limit(angular, lastAngular, previousAngular, period);
            previousLinear = lastLinear;
            lastLinear = linear;
            previousAngular = lastAngular;
            lastAngular = angular;
        }
        boolean updated;
        if (config.openLoop()) {
            updated = commanded && odometry.updateOpenLoop(linear, angular, period);
        } else {
            double l = mean(leftFeedback);
            double r = mean(rightFeedback);
            if (Double.isNaN(l) || Double.isNaN(r)) {
                return ReturnType.ERROR; // a wheel reports no feedback: odometry and control are blind
            }
            updated = config.positionFeedback() ? odometry.updateFromPosition(l, r, period)
                    : odometry.updateFromVelocity(l, r, period);
        }
        if (updated && publicationDue(time)) {
            OdometryChannels.publishOdometry(odom, odometry, config.poseCovariance(), config.twistCovariance());
            if (tf != null) {
                OdometryChannels.publishTransform(tf, odometry);
            }
        }
        if (!commanded) {
            return ReturnType.OK;
        }
        if (limited != null) {
            OdometryChannels.publishTwist(limited, linear, angular);
        }
        double halfTurn = angular * config.wheelSeparation() / 2.0;
        double leftVelocity = (linear - halfTurn) / config.leftRadius();
        double rightVelocity = (linear + halfTurn) / config.rightRadius();
        for (int i = 0; i < left.length; i++) {
            left[i].set(leftVelocity);
            right[i].set(rightVelocity);
        }
        return ReturnType.OK;
    }

    /** Every update, or at most {@code publish_rate} times a second when that deprecated parameter is set. */
    private boolean publicationDue(double time) {
        double rate = config.publishRate();
        if (Double.isNaN(rate)) {
            return true;
        }
        if (Double.isNaN(lastPublication) || time - lastPublication >= 1.0 / rate - 1e-9) {
            lastPublication = time;
            return true;
        }
        return false;
    }

    private static double mean(StateHandle[] wheels) {
        double sum = 0.0;
        for (StateHandle h : wheels) {
            sum += h.get();
        }
        return sum / wheels.length;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        for (int i = 0; i < left.length; i++) {
            if (left[i] != null) {
                left[i].set(0.0);
            }
            if (right[i] != null) {
                right[i].set(0.0);
            }
        }
        if (linearReference != null) {
            resetBuffers();
        }
        cmdVel.clear();
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
        cmdVel = null;
        odom = null;
        tf = null;
        limited = null;
    }
}
