package org.robocell.controller.gpio.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 * Sets GPIO outputs and publishes GPIO states (ros2_controllers' {@code gpio_controllers/GpioCommandController}).
 * <p>
 * Commands arrive on {@code <controller>/commands}, whose fields are the command interfaces ({@code <gpio>/<interface>},
 * GPIO by GPIO): the names and values of upstream's {@code DynamicInterfaceGroupValues} in one array. A field holding
 * NaN is not commanded, so a command may set some outputs only; an infinity or a wrong count is refused when
 * offered. The newest command is written every update (as upstream re-applies its last message); nothing is written
 * before the first command after activation. The states are published every update on {@code <controller>/gpio_states},
 * fields {@code <gpio>/<interface>}: the named state interfaces, or, when no GPIO names any, every state interface of
 * the configured GPIOs that the hardware has.
 */
final class GpioCommandController extends ControllerBase {

    private static final StateHandle[] NO_STATES = new StateHandle[0];

    private final ChannelRegistrations registrations;
    private GpioConfig config;
    private CommandInput commands;
    private StateOutput states;

    private CommandHandle[] outputs = new CommandHandle[0];
    private StateHandle[] inputs = NO_STATES;
    private double[] current;

    GpioCommandController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, GpioConfig.NAMES, GpioConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        try {
            config = GpioConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        registrations.closeAll();
        commands = null;
        String name = context().name();
        StateOutput stateChannel = new StateOutput(name + "/gpio_states", config.stateInterfaces());
        try {
            if (!config.commandInterfaces().isEmpty()) {
                CommandInput in = CommandInput.of(name + "/commands", config.commandInterfaces(),
                        CommandInput.ValueRule.FINITE_OR_NAN);
                registrations.register(in);
                commands = in;
            }
            registrations.register(stateChannel);
        } catch (IllegalStateException e) {
            commands = null;
            return fail(e.getMessage());
        }
        states = stateChannel;
        outputs = new CommandHandle[config.commandInterfaces().size()];
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(config.commandInterfaces());
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return config.allStatesOfTheGpios() ? InterfaceConfiguration.ALL
                : InterfaceConfiguration.individual(config.stateInterfaces());
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < outputs.length; i++) {
            outputs[i] = findCommand(loans.commands(), config.commandInterfaces().get(i));
            if (outputs[i] == null) {
                missing.add(config.commandInterfaces().get(i));
            }
        }
        List<StateHandle> found = new ArrayList<>();
        if (config.allStatesOfTheGpios()) {
            for (StateHandle h : loans.states()) {
                if (config.gpios().contains(InterfaceNames.prefix(h.name()))) {
                    found.add(h);
                }
            }
        } else {
            for (String s : config.stateInterfaces()) {
                StateHandle h = findState(loans.states(), s);
                if (h == null) {
                    missing.add(s);
                } else {
                    found.add(h);
                }
            }
        }
        if (!missing.isEmpty()) {
            return fail(Fault.CONFIGURATION, "GPIO interface" + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing) + (missing.size() == 1 ? " does" : " do") + " not exist");
        }
        if (outputs.length == 0 && found.isEmpty()) {
            return fail(Fault.CONFIGURATION, "no command or state interfaces are configured: the GPIOs " + config.gpios()
                    + " have no state interfaces and no command_interfaces are named");
        }
        inputs = found.toArray(NO_STATES);
        List<String> fields = new ArrayList<>(inputs.length);
        for (StateHandle h : inputs) {
            fields.add(h.name());
        }
        if (!fields.equals(states.fields())) {
            states.reshape(fields);
        }
        if (commands != null) {
            commands.clear();
        }
        current = null;
        clearError();
        return CallbackReturn.SUCCESS;
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

    @Override
    public ReturnType update(double time, double period) {
        double[] values = states.beginWrite();
        for (int i = 0; i < inputs.length; i++) {
            values[i] = inputs[i].get();
        }
        states.endWrite();
        if (commands == null) {
            return ReturnType.OK;
        }
        double[] fresh = commands.poll();
        if (fresh != null) {
            current = fresh;
        }
        if (current == null) {
            return ReturnType.OK;
        }
        if (current.length != outputs.length) {
            return ReturnType.ERROR; // offered before a reconfigure changed the fields: the channel refuses it now
        }
        for (int i = 0; i < outputs.length; i++) {
            double v = current[i];
            if (!Double.isNaN(v)) {
                outputs[i].set(v);
            }
        }
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        current = null;
        if (commands != null) {
            commands.clear();
        }
        Arrays.fill(outputs, null);
        inputs = NO_STATES;
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
        commands = null;
        states = null;
    }
}
