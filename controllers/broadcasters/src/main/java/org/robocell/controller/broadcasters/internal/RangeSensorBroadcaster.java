package org.robocell.controller.broadcasters.internal;

import java.util.ArrayList;
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
 * Publishes a range sensor every update on {@code <controller>/range}, the shape of {@code sensor_msgs/Range}: fields
 * {@code <frame_id>/range} (read from {@code <sensor_name>/range}, as the hardware reports it), then the configured
 * {@code radiation_type}, {@code field_of_view}, {@code min_range}, {@code max_range} and {@code variance}.
 */
final class RangeSensorBroadcaster extends ControllerBase {

    static final List<String> FIELDS = List.of("range", "radiation_type", "field_of_view", "min_range", "max_range",
            "variance");

    private final ChannelRegistrations registrations;
    private RangeConfig config;
    private StateOutput range;
    private final StateHandle[] source = new StateHandle[1];
    private final double[] message = new double[FIELDS.size()];

    RangeSensorBroadcaster(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, RangeConfig.NAMES, RangeConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        try {
            config = RangeConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        message[0] = Double.NaN;
        message[1] = config.radiationType();
        message[2] = config.fieldOfView();
        message[3] = config.minRange();
        message[4] = config.maxRange();
        message[5] = config.variance();
        List<String> fields = new ArrayList<>(FIELDS.size());
        for (String f : FIELDS) {
            fields.add(InterfaceNames.of(config.frameId(), f));
        }
        registrations.closeAll();
        StateOutput channel = new StateOutput(context().name() + "/range", fields);
        try {
            registrations.register(channel);
        } catch (IllegalStateException e) {
            range = null;
            return fail(e.getMessage());
        }
        range = channel;
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(List.of(config.interfaceName()));
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        List<String> needed = List.of(config.interfaceName());
        List<String> missing = RequiredStates.find(loans, needed, source);
        if (!missing.isEmpty()) {
            return fail(Fault.NO_MEASURED_STATE, RequiredStates.describe(missing, needed));
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        message[0] = source[0].get();
        range.publish(message);
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        source[0] = null;
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
        range = null;
    }
}
