package org.robocell.controller.forward.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.model.JointLimits;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Writes the newest command from the channel {@code <controller>/commands} to its command interfaces, unchanged.
 * The channel names its fields (the command interfaces) and refuses, when offered, a command of another length or
 * holding NaN or an infinity ({@link CommandInput#of}): such a command never reaches the loop, whoever sends it. Should
 * one still arrive with the wrong size (fields changed by a reconfigure in between), {@link #update} answers ERROR and
 * the manager deactivates the controller. Until the first command after activation it writes nothing, so the robot
 * does not move to a stale value.
 */
final class ForwardCommandController extends ControllerBase {

    private final InterfaceLayout layout;
    private final boolean zeroOnDeactivate;
    private final ChannelRegistry channels;

    private List<String> commandNames = List.of();
    private CommandInput input;
    private ChannelRegistry.Registration registration;

    private CommandHandle[] handles = new CommandHandle[0];
    private double[] current;

    /**
     * @param layout           how the parameters name the interfaces
     * @param zeroOnDeactivate whether deactivation writes 0.0 (velocity and effort groups stop the joints)
     */
    ForwardCommandController(InterfaceLayout layout, boolean zeroOnDeactivate, ChannelRegistry channels) {
        this.layout = layout;
        this.zeroOnDeactivate = zeroOnDeactivate;
        this.channels = channels;
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        Parameters parameters = context().parameters();
        try {
            commandNames = layout.commandInterfaces(parameters);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        if (input == null) {
            CommandInput channel = CommandInput.of(context().name() + "/commands", commandNames,
                    CommandInput.ValueRule.FINITE);
            try {
                registration = channels.register(channel.name(), channel, ChannelRegistrations.ownerOf(context()));
            } catch (IllegalStateException e) {
                return fail(e.getMessage());
            }
            input = channel;
        } else if (!input.fields().equals(commandNames)) {
            input.reshape(commandNames);
        }
        boundByJointLimits(input, commandNames);
        handles = new CommandHandle[commandNames.size()];
        return CallbackReturn.SUCCESS;
    }

    /**
     * A command beyond a joint's limits is refused when offered, naming the limits ({@code channel:send ... 1e308}),
     * instead of being clamped by the loop: position against the position range, velocity and effort against
     * their maximum, either way.
     */
    private void boundByJointLimits(CommandInput channel, List<String> names) {
        double[] lower = new double[names.size()];
        double[] upper = new double[names.size()];
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            int slash = n.lastIndexOf('/');
            String joint = slash < 0 ? n : n.substring(0, slash);
            String kind = slash < 0 ? "" : n.substring(slash + 1);
            lower[i] = Double.NEGATIVE_INFINITY;
            upper[i] = Double.POSITIVE_INFINITY;
            JointLimits l = context().jointLimits(joint).orElse(null);
            if (l == null) {
                continue;
            }
            switch (kind) {
                case "position" -> {
                    lower[i] = l.lower();
                    upper[i] = l.upper();
                }
                case "velocity" -> {
                    lower[i] = -l.velocity();
                    upper[i] = l.velocity();
                }
                case "effort" -> {
                    lower[i] = -l.effort();
                    upper[i] = l.effort();
                }
                default -> {
                    // no limit of that kind
                }
            }
        }
        channel.bound(lower, upper);
    }

    /** The layout's parameters, read as configure reads them, and no other key. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, layout.names(), layout::commandInterfaces);
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(commandNames);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        for (int i = 0; i < handles.length; i++) {
            handles[i] = loans.command(commandNames.get(i));
        }
        input.clear();
        current = null;
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        double[] fresh = input.poll();
        if (fresh != null) {
            current = fresh;
        }
        if (current == null) {
            return ReturnType.OK;
        }
        if (current.length != handles.length) {
            return ReturnType.ERROR;
        }
        for (int i = 0; i < handles.length; i++) {
            handles[i].set(current[i]);
        }
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        if (zeroOnDeactivate) {
            for (CommandHandle h : handles) {
                h.set(0.0);
            }
        }
        current = null;
        input.clear();
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
        if (registration != null) {
            registration.close();
            registration = null;
        }
        input = null;
    }

    /** The channel the controller reads its commands from, null before configure. */
    CommandInput input() {
        return input;
    }

    /**
     * How the parameters of each type name the command interfaces (ros2_controllers'
     * {@code forward_command_controller/src/forward_command_controller_parameters.yaml} and
     * {@code multi_interface_forward_command_controller_parameters.yaml}).
     */
    interface InterfaceLayout {

        /** @throws ParameterException naming the parameter */
        List<String> commandInterfaces(Parameters parameters);

        /** The parameters the layout reads. */
        ParameterNames names();

        /** {@code joints[]} × {@code interface_name} (ForwardCommandController). */
        static InterfaceLayout jointsTimesInterfaceParameter() {
            return layout(ParameterNames.of("joints", "interface_name"),
                    p -> jointsTimes(p, nonEmpty(p, "interface_name")));
        }

        /**
         * {@code joints[]} × a fixed interface (the joint group aliases). {@code interface_name} is known but
         * ignored: the aliases set it themselves, as the ROS 2 ones do in {@code on_init}.
         */
        static InterfaceLayout jointsTimes(String interfaceName) {
            return layout(ParameterNames.of("joints", "interface_name"), p -> jointsTimes(p, interfaceName));
        }

        /** {@code joint} × {@code interface_names[]} (MultiInterfaceForwardCommandController). */
        static InterfaceLayout jointTimesInterfaces() {
            return layout(ParameterNames.of("joint", "interface_names"), p -> {
                String joint = nonEmpty(p, "joint");
                List<String> names = nonEmptyList(p, "interface_names");
                List<String> out = new ArrayList<>();
                for (String n : names) {
                    out.add(joint + "/" + n);
                }
                return List.copyOf(out);
            });
        }

        private static InterfaceLayout layout(ParameterNames names,
                Function<Parameters, List<String>> read) {
            return new InterfaceLayout() {
                @Override
                public List<String> commandInterfaces(Parameters parameters) {
                    return read.apply(parameters);
                }

                @Override
                public ParameterNames names() {
                    return names;
                }
            };
        }

        private static List<String> jointsTimes(Parameters p, String interfaceName) {
            List<String> out = new ArrayList<>();
            for (String joint : nonEmptyList(p, "joints")) {
                out.add(joint + "/" + interfaceName);
            }
            return List.copyOf(out);
        }

        private static String nonEmpty(Parameters p, String key) {
            String v = p.getString(key);
            if (v.isBlank()) {
                throw new ParameterException(key, "parameter '" + key + "' must not be empty");
            }
            return v;
        }

        private static List<String> nonEmptyList(Parameters p, String key) {
            List<String> v = p.getStringList(key);
            if (v.isEmpty()) {
                throw new ParameterException(key, "parameter '" + key + "' must name at least one entry");
            }
            if (v.stream().distinct().count() != v.size()) {
                throw new ParameterException(key, "parameter '" + key + "' names an entry twice: " + v);
            }
            return v;
        }
    }
}
