package org.robocell.controller.passthrough.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ChainableController;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.controller.common.InterfaceNames;

/**
 * Forwards its reference interfaces {@code <controller>/<interface>} to the command interfaces named by
 * {@code interfaces}, unchanged, one to one (ros2_control_demos example 12's {@code passthrough_controller}). Chained,
 * a preceding controller writes the references; unchained, they come from the channel {@code <controller>/commands},
 * whose fields are the command interfaces and which refuses a command of another length or holding NaN or an
 * infinity. A reference that is not a finite number (NaN until the first command after activation) is not written,
 * so the command interface keeps its value.
 */
final class PassthroughController extends ControllerBase implements ChainableController {

    private final ChannelRegistrations registrations;

    private List<String> interfaces = List.of();
    private CommandInput input;
    private boolean chained;

    private CommandHandle[] commands = new CommandHandle[0];
    private CommandHandle[] references = new CommandHandle[0];

    PassthroughController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    /** What {@link PassthroughConfig#read} would refuse at configure, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, PassthroughConfig.NAMES, PassthroughConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        PassthroughConfig c;
        try {
            c = PassthroughConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        interfaces = c.interfaces();
        commands = new CommandHandle[interfaces.size()];
        if (input == null) {
            CommandInput channel = CommandInput.of(context().name() + "/commands", interfaces,
                    CommandInput.ValueRule.FINITE);
            try {
                registrations.register(channel);
            } catch (IllegalStateException e) {
                return fail(e.getMessage());
            }
            input = channel;
        } else if (!input.fields().equals(interfaces)) {
            input.reshape(interfaces);
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(interfaces);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    /** {@code <controller>/<interface>} for each of {@code interfaces}, in the same order. */
    @Override
    public List<String> exportReferenceInterfaces() {
        List<String> names = new ArrayList<>(interfaces.size());
        for (String i : interfaces) {
            names.add(InterfaceNames.of(context().name(), i));
        }
        return names;
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
        List<CommandHandle> refs = loans.references();
        if (refs.size() != interfaces.size()) {
            return fail("expected " + interfaces.size() + " reference interfaces, got " + refs.size());
        }
        for (int i = 0; i < commands.length; i++) {
            String name = interfaces.get(i);
            CommandHandle h = find(loans.commands(), name);
            if (h == null) {
                return fail("command interface '" + name + "' is not available (interfaces: " + interfaces + ")");
            }
            commands[i] = h;
        }
        references = refs.toArray(new CommandHandle[0]);
        for (CommandHandle r : references) {
            r.set(Double.NaN);
        }
        input.clear();
        clearError();
        return CallbackReturn.SUCCESS;
    }

    private static CommandHandle find(List<CommandHandle> handles, String name) {
        for (CommandHandle h : handles) {
            if (h.name().equals(name)) {
                return h;
            }
        }
        return null;
    }

    @Override
    public ReturnType updateReferenceFromInputs(double time, double period) {
        double[] fresh = input.poll();
        if (fresh != null) {
            if (fresh.length != references.length) {
                return ReturnType.ERROR; // fields changed by a reconfigure in between: the channel refuses it now
            }
            for (int i = 0; i < references.length; i++) {
                references[i].set(fresh[i]);
            }
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType updateAndWriteCommands(double time, double period) {
        for (int i = 0; i < commands.length; i++) {
            double r = references[i].get();
            if (Double.isFinite(r)) {
                commands[i].set(r);
            }
        }
        return ReturnType.OK;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
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
        registrations.closeAll();
        input = null;
    }
}
