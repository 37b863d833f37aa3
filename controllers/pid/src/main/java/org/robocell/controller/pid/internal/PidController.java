package org.robocell.controller.pid.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.controller.common.ControllerBase;
import org.robocell.api.controller.ChainableController;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.Pid;

/**
 * A PID per degree of freedom: {@code u = feedforward_gain · (ref_dot if two interfaces else ref) + PID(e, ė)} with
 * {@code e = ref − measured} (the shortest angle with {@code angle_wraparound}). Chainable: its references are the
 * interfaces {@code <controller>/<dof>/<interface>}, written by a preceding controller when chained, or from the
 * channel {@code <controller>/reference} when not. It exports the measured values as
 * {@code <controller>/<dof>/<interface>} state interfaces and publishes reference, feedback, error and output per
 * DOF to {@code <controller>/state}. A DOF whose reference or measurement is not finite gets no command.
 * <p>
 * Reference, measured-state and exported layouts are interface-major: all DOFs of the first interface, then all DOFs
 * of the derivative, like {@code control_msgs/MultiDOFCommand}'s values and values_dot.
 */
final class PidController extends ControllerBase implements ChainableController {

    static final String[] STATE_FIELDS = { "reference", "feedback", "error", "output" };

    private final ChannelRegistrations registrations;

    private PidConfig config;
    private Pid[] pids;
    private CommandInput referenceInput;
    private CommandInput measuredInput;
    private StateOutput stateOutput;
    private boolean chained;

    private CommandHandle[] commands;
    private StateHandle[] states;
    private CommandHandle[] references;
    private CommandHandle[] exportedStates;
    private double[] measured;
    private double[] output;
    private double[] error;

    PidController(ChannelRegistry channels) {
        this.registrations = new ChannelRegistrations(channels, this::context);
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }


    /** What {@link PidConfig#read} would refuse at configure, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, PidConfig.NAMES, PidConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        PidConfig c;
        try {
            c = PidConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        config = c;
        int n = c.dof();
        pids = new Pid[n];
        for (int i = 0; i < n; i++) {
            pids[i] = new Pid(c.gains()[i]);
        }
        int width = n * c.interfaces().size();
        measured = new double[width];
        output = new double[n];
        error = new double[n];
        return registerChannels();
    }

    private CallbackReturn registerChannels() {
        closeRegistrations();
        String name = context().name();
        List<String> layout = interfaceMajor("");
        // NaN is "no reference (or measurement) for this DOF"; an infinity or a wrong length is refused when offered
        referenceInput = CommandInput.of(name + "/reference", layout, CommandInput.ValueRule.FINITE_OR_NAN);
        List<String> fields = new ArrayList<>();
        for (String dof : config.dofNames()) {
            for (String f : STATE_FIELDS) {
                fields.add(dof + "/" + f);
            }
        }
        stateOutput = new StateOutput(name + "/state", fields);
        try {
            registrations.register(referenceInput, stateOutput);
            if (config.externalMeasuredStates()) {
                measuredInput = CommandInput.of(name + "/measured_state", layout,
                        CommandInput.ValueRule.FINITE_OR_NAN);
                registrations.register(measuredInput);
            }
        } catch (IllegalStateException e) {
            closeRegistrations();
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }


    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        List<String> names = new ArrayList<>();
        for (String dof : config.dofNames()) {
            names.add(dof + "/" + config.commandInterface());
        }
        return InterfaceConfiguration.individual(names);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        if (config.externalMeasuredStates()) {
            return InterfaceConfiguration.NONE;
        }
        return InterfaceConfiguration.individual(interfaceMajor(""));
    }

    @Override
    public List<String> exportReferenceInterfaces() {
        return interfaceMajor(context().name() + "/");
    }

    @Override
    public List<String> exportStateInterfaces() {
        return interfaceMajor(context().name() + "/");
    }

    /** {@code <prefix><dof>/<interface>}, all DOFs of the first interface first. */
    private List<String> interfaceMajor(String prefix) {
        List<String> dofs = prefix.isEmpty() ? config.stateDofNames() : config.dofNames();
        List<String> names = new ArrayList<>();
        for (String i : config.interfaces()) {
            for (String dof : dofs) {
                names.add(prefix + dof + "/" + i);
            }
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
        try {
            commands = new CommandHandle[config.dof()];
            List<String> commandNames = commandInterfaceConfiguration().names();
            for (int i = 0; i < commands.length; i++) {
                commands[i] = loans.command(commandNames.get(i));
            }
            if (!config.externalMeasuredStates()) {
                List<String> stateNames = interfaceMajor("");
                states = new StateHandle[stateNames.size()];
                for (int k = 0; k < states.length; k++) {
                    states[k] = loans.state(stateNames.get(k));
                }
            }
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        references = loans.references().toArray(new CommandHandle[0]);
        exportedStates = loans.exportedStates().toArray(new CommandHandle[0]);
        if (references.length != measured.length || exportedStates.length != measured.length) {
            return fail("expected " + measured.length + " reference and exported state interfaces, got "
                    + references.length + " and " + exportedStates.length);
        }
        for (Pid pid : pids) {
            pid.reset();
        }
        referenceInput.clear();
        java.util.Arrays.fill(measured, Double.NaN);
        if (measuredInput != null) {
            measuredInput.clear();
        } else {
            readMeasured();
        }
        for (int k = 0; k < references.length; k++) {
            references[k].set(config.currentStateAsFirstSetpoint() ? measured[k] : Double.NaN);
        }
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType updateReferenceFromInputs(double time, double period) {
        double[] fresh = referenceInput.poll();
        if (fresh != null) {
            for (int k = 0; k < references.length; k++) {
                references[k].set(fresh[k]);
            }
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType updateAndWriteCommands(double time, double period) {
        if (measuredInput != null) {
            double[] fresh = measuredInput.poll();
            if (fresh != null) {
                System.arraycopy(fresh, 0, measured, 0, measured.length);
            }
        } else {
            readMeasured();
        }
        int n = commands.length;
        boolean derivative = config.withDerivative();
        double[] ff = config.feedforwardGain();
        boolean[] wrap = config.angleWraparound();
        for (int k = 0; k < exportedStates.length; k++) {
            exportedStates[k].set(measured[k]);
        }
        for (int i = 0; i < n; i++) {
            double reference = references[i].get();
            double value = measured[i];
            output[i] = Double.NaN;
            error[i] = Double.NaN;
            if (!Double.isFinite(reference) || !Double.isFinite(value)) {
                continue;
            }
            double e = reference - value;
            if (wrap[i]) {
                e = Math.IEEEremainder(e, 2.0 * Math.PI);
            }
            double u;
            if (derivative) {
                double referenceDot = references[n + i].get();
                double valueDot = measured[n + i];
                double rd = Double.isFinite(referenceDot) ? referenceDot : 0.0;
                double eDot = Double.isFinite(valueDot) ? rd - valueDot : 0.0;
                u = ff[i] * rd + pids[i].compute(e, eDot, period);
            } else {
                u = ff[i] * reference + pids[i].compute(e, period);
            }
            error[i] = e;
            output[i] = u;
            commands[i].set(u);
        }
        publishState();
        return ReturnType.OK;
    }

    private void readMeasured() {
        for (int k = 0; k < states.length; k++) {
            measured[k] = states[k].get();
        }
    }

    private void publishState() {
        double[] v = stateOutput.beginWrite();
        int w = STATE_FIELDS.length;
        for (int i = 0; i < commands.length; i++) {
            v[i * w] = references[i].get();
            v[i * w + 1] = measured[i];
            v[i * w + 2] = error[i];
            v[i * w + 3] = output[i];
        }
        stateOutput.endWrite();
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        closeRegistrations();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        closeRegistrations();
        return CallbackReturn.SUCCESS;
    }

    private void closeRegistrations() {
        registrations.closeAll();
        measuredInput = null;
    }
}
