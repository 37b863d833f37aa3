package org.robocell.controller.jsb.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * Publishes every joint's position, velocity and effort each update into the channel
 * {@code <controller>/joint_states} (also findable as {@code joint_states} when no other broadcaster holds that
 * name). The fields are {@code <joint>/position}, {@code <joint>/velocity}, {@code <joint>/effort} per joint, joints
 * in the order of {@code joints} (or of the loaned state interfaces), then {@code extra_joints} at 0.0. A joint
 * without one of the three interfaces publishes NaN there.
 */
final class JointStateBroadcaster extends ControllerBase {

    static final String[] FIELDS = { "position", "velocity", "effort" };
    private static final StateHandle[] NO_HANDLES = new StateHandle[0];


    private InterfaceConfiguration stateConfiguration = InterfaceConfiguration.ALL;
    private List<String> extraJoints = List.of();
    private final String[] mappedInterfaces = new String[FIELDS.length];

    private StateOutput output;
    private final ChannelRegistrations registrations;

    /** Per published joint and field (joint-major), the state to read, null when the joint has none. */
    private StateHandle[] sources = NO_HANDLES;
    private int extraValues;

    JointStateBroadcaster(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        JsbConfig c;
        try {
            c = JsbConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        List<String> joints = c.joints();
        List<String> interfaces = c.interfaces();
        extraJoints = c.extraJoints();
        for (int f = 0; f < FIELDS.length; f++) {
            mappedInterfaces[f] = c.mapped().get(f);
        }
        if (joints.isEmpty() || interfaces.isEmpty()) {
            stateConfiguration = InterfaceConfiguration.ALL;
        } else {
            List<String> names = new ArrayList<>();
            for (String joint : joints) {
                for (String i : interfaces) {
                    names.add(InterfaceNames.of(joint, i));
                }
            }
            stateConfiguration = InterfaceConfiguration.individual(names);
        }
        if (output == null) {
            StateOutput channel = new StateOutput(context().name() + "/joint_states", List.of());
            try {
                registrations.register(channel);
            } catch (IllegalStateException e) {
                return fail(e.getMessage());
            }
            try {
                registrations.registerAs(namespaceOf(context().name()) + "joint_states", channel);
            } catch (IllegalStateException taken) {
                // another broadcaster serves the short name; this one stays reachable under its own name
            }
            output = channel;
        }
        return CallbackReturn.SUCCESS;
    }



    /**
     * The namespace part of a controller's name ({@code "kr6/"} of {@code kr6/joint_state_broadcaster}, empty
     * without one): the broadcaster's short name {@code joint_states} lives in its robot's namespace, as the topic
     * {@code /kr6/joint_states} does under a namespaced controller manager in ros2_control, so that a second robot's
     * broadcaster never takes the first one's.
     */
    static String namespaceOf(String controllerName) {
        return controllerName.substring(0, controllerName.lastIndexOf('/') + 1);
    }

    /** What {@link JsbConfig#read} would refuse at configure, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, JsbConfig.NAMES, JsbConfig::read);
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return stateConfiguration;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        Map<String, StateHandle[]> byJoint = new LinkedHashMap<>();
        for (StateHandle h : loans.states()) {
            int field = fieldOf(InterfaceNames.interfaceName(h.name()));
            if (field >= 0) {
                byJoint.computeIfAbsent(InterfaceNames.prefix(h.name()), j -> new StateHandle[FIELDS.length])[field] = h;
            }
        }
        if (byJoint.isEmpty()) {
            return fail(Fault.NO_MEASURED_STATE, "none of the requested state interfaces exist (" + describeRequest()
                    + ")");
        }
        List<String> fields = new ArrayList<>();
        List<StateHandle> handles = new ArrayList<>();
        byJoint.forEach((joint, perField) -> {
            for (int f = 0; f < FIELDS.length; f++) {
                fields.add(InterfaceNames.of(joint, FIELDS[f]));
                handles.add(perField[f]);
            }
        });
        for (String extra : extraJoints) {
            for (String field : FIELDS) {
                fields.add(InterfaceNames.of(extra, field));
            }
        }
        sources = handles.toArray(NO_HANDLES);
        extraValues = extraJoints.size() * FIELDS.length;
        if (!fields.equals(output.fields())) {
            output.reshape(fields);
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    private String describeRequest() {
        return stateConfiguration.kind() == InterfaceConfiguration.Kind.ALL ? "all state interfaces, mapped to "
                + List.of(mappedInterfaces) : String.valueOf(stateConfiguration.names());
    }

    private int fieldOf(String interfaceName) {
        for (int f = 0; f < FIELDS.length; f++) {
            if (mappedInterfaces[f].equals(interfaceName)) {
                return f;
            }
        }
        return -1;
    }

    @Override
    public ReturnType update(double time, double period) {
        double[] values = output.beginWrite();
        int n = sources.length;
        for (int i = 0; i < n; i++) {
            StateHandle h = sources[i];
            values[i] = h == null ? Double.NaN : h.get();
        }
        for (int i = 0; i < extraValues; i++) {
            values[n + i] = 0.0;
        }
        output.endWrite();
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        sources = NO_HANDLES;
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
        output = null;
    }
}
