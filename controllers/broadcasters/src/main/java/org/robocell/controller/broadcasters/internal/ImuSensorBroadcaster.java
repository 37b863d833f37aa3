package org.robocell.controller.broadcasters.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
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
import org.robocell.controller.common.InterfaceNames;

/**
 * Publishes an IMU every update on {@code <controller>/imu}: the ten readings of {@code <sensor_name>/orientation.x}
 * … {@code linear_acceleration.z}, rotated by {@code rotation_offset}, then the three static covariances (nine
 * values each, row major, rotated likewise), all fields named {@code <frame_id>/<field>}
 * ({@code orientation_covariance.0} … {@code linear_acceleration_covariance.8}). All ten interfaces must exist.
 */
final class ImuSensorBroadcaster extends ControllerBase {

    static final int READINGS = ImuConfig.AXES.size();
    static final List<String> COVARIANCE_FIELDS = List.of("orientation_covariance", "angular_velocity_covariance",
            "linear_acceleration_covariance");

    private final ChannelRegistrations registrations;
    private ImuConfig config;
    private ImuTransform transform;
    private StateOutput imu;
    private final StateHandle[] sources = new StateHandle[READINGS];
    private final double[] raw = new double[READINGS];
    /** Readings at 0..9, the (rotated) covariances after them: what each update publishes. */
    private final double[] message = new double[READINGS + 27];

    ImuSensorBroadcaster(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, ImuConfig.NAMES, ImuConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        try {
            config = ImuConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        transform = new ImuTransform(config.roll(), config.pitch(), config.yaw());
        double[] c = config.covariances();
        // the orientation's covariance is in the world frame: a sensor-frame offset does not change it
        System.arraycopy(c, 0, message, READINGS, 9);
        System.arraycopy(transform.rotateCovariance(Arrays.copyOfRange(c, 9, 18)), 0, message, READINGS + 9, 9);
        System.arraycopy(transform.rotateCovariance(Arrays.copyOfRange(c, 18, 27)), 0, message, READINGS + 18, 9);
        List<String> fields = new ArrayList<>(message.length);
        for (String axis : ImuConfig.AXES) {
            fields.add(InterfaceNames.of(config.frameId(), axis));
        }
        for (String cov : COVARIANCE_FIELDS) {
            for (int i = 0; i < 9; i++) {
                fields.add(InterfaceNames.of(config.frameId(), cov + "." + i));
            }
        }
        registrations.closeAll();
        StateOutput channel = new StateOutput(context().name() + "/imu", fields);
        try {
            registrations.register(channel);
        } catch (IllegalStateException e) {
            imu = null;
            return fail(e.getMessage());
        }
        imu = channel;
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(config.interfaces());
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        List<String> missing = RequiredStates.find(loans, config.interfaces(), sources);
        if (!missing.isEmpty()) {
            return fail(Fault.NO_MEASURED_STATE, RequiredStates.describe(missing, config.interfaces()));
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        for (int i = 0; i < READINGS; i++) {
            raw[i] = sources[i].get();
        }
        transform.apply(raw, message);
        imu.publish(message);
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        Arrays.fill(sources, null);
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
        imu = null;
    }
}
