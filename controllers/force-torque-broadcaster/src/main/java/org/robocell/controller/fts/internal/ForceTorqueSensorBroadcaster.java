package org.robocell.controller.fts.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import org.robocell.controller.common.ControllerBase;
import org.robocell.api.controller.ControllerContext;
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
import org.robocell.controller.common.InterfaceNames;

/**
 * Publishes a six-axis force/torque sensor every update. The state interfaces are either
 * {@code <sensor_name>/force.x … torque.z} or any subset named by {@code interface_names.<force|torque>.<x|y|z>};
 * an axis without an interface (not named, or not present in the hardware) reads NaN.
 * <p>
 * Two channels, six values each in the order force.x, force.y, force.z, torque.x, torque.y, torque.z, with the
 * fields named {@code <frame_id>/<axis>} so that readers find the frame in the channel's field names:
 * {@code <controller>/wrench} carries {@code (raw + offset) * multiplier} per axis, {@code <controller>/wrench_raw}
 * the values as the interfaces report them. The offsets and multipliers may change while the broadcaster runs
 * (to tare a sensor); the new values reach the loop through one atomic hand-off.
 */
final class ForceTorqueSensorBroadcaster extends ControllerBase {

    /** The axes in publication order, also the interface names a {@code sensor_name} sensor exports. */
    static final List<String> AXES = List.of("force.x", "force.y", "force.z", "torque.x", "torque.y", "torque.z");
    static final int N = 6;

    private static final Set<String> LIVE = liveKeys();


    /** Per axis, the full state interface name, or null when the axis is not configured. */
    private final String[] interfaceNames = new String[N];
    private List<String> requested = List.of();
    private String frameId;

    private StateOutput wrench;
    private StateOutput wrenchRaw;
    private final ChannelRegistrations registrations;

    /** Loop-owned calibration: offsets at 0..5, multipliers at 6..11. */
    private final double[] calibration = new double[2 * N];
    /** New calibration handed over by {@link #onParametersChanged}, taken by the next update. */
    private final AtomicReference<double[]> pendingCalibration = new AtomicReference<>();
    /** The calibration last accepted, off the loop: parameter changes that leave a key out keep its value. */
    private double[] acceptedCalibration = FtsConfig.defaultCalibration();

    /** Per axis, the state to read, null when the axis has none. */
    private final StateHandle[] sources = new StateHandle[N];

    ForceTorqueSensorBroadcaster(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    private static Set<String> liveKeys() {
        Set<String> keys = new LinkedHashSet<>();
        for (String axis : AXES) {
            keys.add("offset." + axis);
        }
        for (String axis : AXES) {
            keys.add("multiplier." + axis);
        }
        return Set.copyOf(keys);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        FtsConfig c;
        try {
            c = FtsConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        List<String> names = new ArrayList<>();
        for (int a = 0; a < N; a++) {
            interfaceNames[a] = c.perAxis().get(a);
            if (interfaceNames[a] != null) {
                names.add(interfaceNames[a]);
            }
        }
        requested = List.copyOf(names);
        System.arraycopy(c.calibration(), 0, calibration, 0, calibration.length);
        pendingCalibration.set(null);
        synchronized (this) {
            acceptedCalibration = c.calibration();
        }
        frameId = c.frameId();
        return openChannels();
    }

    /** What {@link FtsConfig#read} would refuse at configure, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, FtsConfig.NAMES, FtsConfig::read);
    }

    private CallbackReturn openChannels() {
        List<String> fields = new ArrayList<>(N);
        for (String axis : AXES) {
            fields.add(InterfaceNames.of(frameId, axis));
        }
        if (wrench != null) {
            if (!fields.equals(wrench.fields())) {
                wrench.reshape(fields);
                wrenchRaw.reshape(fields);
            }
            return CallbackReturn.SUCCESS;
        }
        StateOutput processed = new StateOutput(context().name() + "/wrench", fields);
        StateOutput raw = new StateOutput(context().name() + "/wrench_raw", fields);
        try {
            registrations.register(processed, raw);
        } catch (IllegalStateException e) {
            release();
            return fail(e.getMessage());
        }
        wrench = processed;
        wrenchRaw = raw;
        return CallbackReturn.SUCCESS;
    }



    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.individual(requested);
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        Arrays.fill(sources, null);
        boolean any = false;
        for (StateHandle h : loans.states()) {
            for (int a = 0; a < N; a++) {
                if (h.name().equals(interfaceNames[a])) {
                    sources[a] = h;
                    any = true;
                }
            }
        }
        if (!any) {
            return fail(Fault.NO_MEASURED_STATE, "none of the requested state interfaces exist (" + requested + ")");
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double[] fresh = pendingCalibration.getAndSet(null);
        if (fresh != null) {
            System.arraycopy(fresh, 0, calibration, 0, calibration.length);
        }
        double[] raw = wrenchRaw.beginWrite();
        for (int a = 0; a < N; a++) {
            StateHandle h = sources[a];
            raw[a] = h == null ? Double.NaN : h.get();
        }
        wrenchRaw.endWrite();
        double[] out = wrench.beginWrite();
        for (int a = 0; a < N; a++) {
            out[a] = (raw[a] + calibration[a]) * calibration[N + a];
        }
        wrench.endWrite();
        return ReturnType.OK;
    }

    @Override
    public Set<String> liveParameters() {
        return LIVE;
    }

    /**
     * Off the loop: new offsets and multipliers, applied from the next update; a key left out keeps its value. Refused
     * (nothing changes) when one is not a finite number.
     */
    @Override
    public synchronized boolean onParametersChanged(Parameters parameters) {
        double[] c;
        try {
            c = FtsConfig.calibration(parameters, acceptedCalibration);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return false;
        }
        acceptedCalibration = c;
        pendingCalibration.set(c);
        return true;
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
        wrench = null;
        wrenchRaw = null;
    }
}
