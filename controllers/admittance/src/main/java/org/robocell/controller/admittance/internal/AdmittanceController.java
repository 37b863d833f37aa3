package org.robocell.controller.admittance.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

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
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.model.RobotModel;
import org.robocell.controller.common.ChannelRegistrations;
import org.robocell.controller.common.ControllerBase;
import org.robocell.kinematics.KinematicsService;
import org.robocell.kinematics.KinematicsSolver;

/**
 * ros2_controllers' {@code admittance_controller/AdmittanceController}: joint references (from a preceding controller
 * through the reference interfaces {@code <controller>/<joint>/position|velocity}, or from the channel
 * {@code <controller>/joint_references} when not chained) plus the offsets of the {@link AdmittanceRule}, driven by the
 * force/torque sensor {@code <ft_sensor.name>/force.x … torque.z} plus the channel {@code <controller>/wrench_reference}.
 * The robot's description comes from the cell ({@code RobotModel} of the controller's robot), the kinematics from
 * RoboCell's {@link KinematicsService} in the role of the kinematics_interface plugin.
 * <p>
 * Per joint, a reference that is NaN stands for the last one (as upstream), a measured position that is NaN for the
 * last command, a wrench with a NaN in it for no wrench.
 */
final class AdmittanceController extends ControllerBase implements ChainableController {

    private static final Set<String> LIVE = Set.copyOf(AdmittanceGains.KEYS);

    private final ChannelRegistrations registrations;
    private final KinematicsService kinematicsService;
    private final Function<String, Optional<RobotModel>> models;

    private AdmittanceConfig config;
    private AdmittanceRule rule;
    private AdmittanceChannels channels;
    /** Gains handed over off the loop, taken by the next update. */
    private final AtomicReference<AdmittanceGains> pendingGains = new AtomicReference<>();

    private int n;
    /** Per joint, null when the interface is not claimed. */
    private CommandHandle[] positionCommand;
    private CommandHandle[] velocityCommand;
    private CommandHandle[] accelerationCommand;
    private StateHandle[] positionState;
    private final StateHandle[] wrenchState = new StateHandle[6];
    /** Per joint, null when not exported. */
    private CommandHandle[] positionReference;
    private CommandHandle[] velocityReference;
    /** All reference interfaces in export order. */
    private CommandHandle[] references;

    private double[] jointPosition;
    private double[] referencePosition;
    private double[] referenceVelocity;
    private double[] referenceAcceleration;
    private double[] lastReferencePosition;
    private double[] lastReferenceVelocity;
    private double[] commandPosition;
    private double[] commandVelocity;
    private double[] commandAcceleration;
    private double[] lastCommandPosition;
    private final double[] wrench = new double[6];

    AdmittanceController(ChannelRegistry channels, KinematicsService kinematics,
            Function<String, Optional<RobotModel>> models) {
        this.registrations = new ChannelRegistrations(channels, this::context);
        this.kinematicsService = kinematics;
        this.models = models;
    }

    @Override
    public CallbackReturn onInit(ControllerContext context) {
        super.onInit(context);
        return CallbackReturn.SUCCESS;
    }

    /** What {@link AdmittanceConfig#read} would refuse at configure, and any key it does not read. */
    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, AdmittanceConfig.NAMES, AdmittanceConfig::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearError();
        AdmittanceConfig c;
        try {
            c = AdmittanceConfig.read(context().parameters());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        String robot = context().robot();
        if (robot.isEmpty()) {
            return fail("the controller manager does not say which robot this controller runs for; its description"
                    + " is needed for the kinematics");
        }
        Optional<RobotModel> model = models.apply(robot);
        if (model.isEmpty()) {
            return fail("the description (RobotModel) of robot '" + robot + "' is not available");
        }
        AdmittanceRule r;
        try {
            r = rule(c, model.get());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        config = c;
        rule = r;
        n = c.dof();
        pendingGains.set(null);
        allocate();
        return openChannels();
    }

    private AdmittanceRule rule(AdmittanceConfig c, RobotModel model) {
        String[][] frames = { { "kinematics.base", c.base() }, { "kinematics.tip", c.tip() },
                { "ft_sensor.frame.id", c.ftFrame() }, { "control.frame.id", c.controlFrame() },
                { "fixed_world_frame.frame.id", c.worldFrame() },
                { "gravity_compensation.frame.id", c.gravityFrame() } };
        for (String[] f : frames) {
            if (!model.links().containsKey(f[1])) {
                throw new IllegalArgumentException("parameter '" + f[0] + "' names link '" + f[1] + "', which robot '"
                        + context().robot() + "' does not have" + org.robocell.api.text.Suggestions.didYouMean(f[1],
                                model.links().keySet()));
            }
        }
        KinematicsSolver solver = kinematicsService.solver(model, c.base(), c.tip(), c.alpha());
        return new AdmittanceRule(solver, c.joints(), c.ftFrame(), c.controlFrame(), c.worldFrame(),
                c.gravityFrame(), c.gains());
    }

    private void allocate() {
        jointPosition = new double[n];
        referencePosition = new double[n];
        referenceVelocity = new double[n];
        referenceAcceleration = new double[n];
        lastReferencePosition = new double[n];
        lastReferenceVelocity = new double[n];
        commandPosition = new double[n];
        commandVelocity = new double[n];
        commandAcceleration = new double[n];
        lastCommandPosition = new double[n];
    }

    private CallbackReturn openChannels() {
        registrations.closeAll();
        channels = new AdmittanceChannels(context().name(), config);
        try {
            channels.register(registrations);
        } catch (IllegalStateException e) {
            registrations.closeAll();
            return fail(e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        List<String> names = new ArrayList<>();
        for (String i : config.commandInterfaces()) {
            for (String joint : config.commandJoints()) {
                names.add(joint + "/" + i);
            }
        }
        return InterfaceConfiguration.individual(names);
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        List<String> names = new ArrayList<>();
        for (String i : config.stateInterfaces()) {
            for (String joint : config.joints()) {
                names.add(joint + "/" + i);
            }
        }
        names.addAll(config.wrenchInterfaces());
        return InterfaceConfiguration.individual(names);
    }

    @Override
    public List<String> exportReferenceInterfaces() {
        List<String> names = new ArrayList<>();
        for (String i : config.chainableCommandInterfaces()) {
            for (String joint : config.joints()) {
                names.add(context().name() + "/" + joint + "/" + i);
            }
        }
        return names;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        try {
            positionCommand = commands(loans, AdmittanceConfig.POSITION);
            velocityCommand = commands(loans, AdmittanceConfig.VELOCITY);
            accelerationCommand = commands(loans, AdmittanceConfig.ACCELERATION);
            positionState = new StateHandle[n];
            for (int j = 0; j < n; j++) {
                positionState[j] = loans.state(config.joints().get(j) + "/" + AdmittanceConfig.POSITION);
            }
            List<String> wrenchNames = config.wrenchInterfaces();
            for (int a = 0; a < 6; a++) {
                wrenchState[a] = loans.state(wrenchNames.get(a));
            }
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        references = loans.references().toArray(new CommandHandle[0]);
        if (references.length != config.chainableCommandInterfaces().size() * n) {
            return fail("expected " + config.chainableCommandInterfaces().size() * n + " reference interfaces, got "
                    + references.length);
        }
        positionReference = references(loans, AdmittanceConfig.POSITION);
        velocityReference = references(loans, AdmittanceConfig.VELOCITY);
        for (int j = 0; j < n; j++) {
            double p = positionState[j].get();
            if (Double.isNaN(p)) {
                return fail(Fault.NO_MEASURED_STATE, "joint " + config.joints().get(j) + " reports position " + p
                        + "; there is no position to start from");
            }
            jointPosition[j] = p;
        }
        // the gains as the parameters are now (upstream reads them again at every activation)
        try {
            rule.setGains(AdmittanceGains.read(context().parameters()));
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        pendingGains.set(null);
        rule.reset();
        System.arraycopy(jointPosition, 0, lastReferencePosition, 0, n);
        System.arraycopy(jointPosition, 0, referencePosition, 0, n);
        System.arraycopy(jointPosition, 0, lastCommandPosition, 0, n);
        Arrays.fill(lastReferenceVelocity, 0.0);
        Arrays.fill(referenceVelocity, 0.0);
        Arrays.fill(referenceAcceleration, 0.0);
        clearReferences();
        channels.clearInputs();
        clearError();
        return CallbackReturn.SUCCESS;
    }

    private CommandHandle[] commands(Loans loans, String interfaceName) {
        if (!config.commandInterfaces().contains(interfaceName)) {
            return null;
        }
        CommandHandle[] handles = new CommandHandle[n];
        for (int j = 0; j < n; j++) {
            handles[j] = loans.command(config.commandJoints().get(j) + "/" + interfaceName);
        }
        return handles;
    }

    /** The exported references of one interface, by position in the export order. */
    private CommandHandle[] references(Loans loans, String interfaceName) {
        int block = config.chainableCommandInterfaces().indexOf(interfaceName);
        if (block < 0) {
            return null;
        }
        List<CommandHandle> all = loans.references();
        CommandHandle[] handles = new CommandHandle[n];
        for (int j = 0; j < n; j++) {
            handles[j] = all.get(block * n + j);
        }
        return handles;
    }

    /** Unchained: the last joint references sent to the channel, again every cycle (NaN: the last reference). */
    @Override
    public ReturnType updateReferenceFromInputs(double time, double period) {
        double[] sent = channels.jointReferences();
        if (sent != null) {
            for (int k = 0; k < references.length; k++) {
                references[k].set(sent[k]);
            }
        }
        return ReturnType.OK;
    }

    @Override
    public ReturnType updateAndWriteCommands(double time, double period) {
        AdmittanceGains fresh = pendingGains.getAndSet(null);
        if (fresh != null) {
            rule.setGains(fresh);
        }
        readReferences();
        readPositions();
        readWrench();
        rule.update(jointPosition, wrench, referencePosition, referenceVelocity, referenceAcceleration, period,
                commandPosition, commandVelocity, commandAcceleration);
        for (int j = 0; j < n; j++) {
            if (positionCommand != null) {
                positionCommand[j].set(commandPosition[j]);
            }
            if (velocityCommand != null) {
                velocityCommand[j].set(commandVelocity[j]);
            }
            if (accelerationCommand != null) {
                accelerationCommand[j].set(commandAcceleration[j]);
            }
        }
        System.arraycopy(commandPosition, 0, lastCommandPosition, 0, n);
        channels.publish(rule, n);
        return ReturnType.OK;
    }

    /** A NaN reference stands for the last one, and is written back (upstream's read_state_reference_interfaces). */
    private void readReferences() {
        for (int j = 0; j < n; j++) {
            if (positionReference != null) {
                double p = positionReference[j].get();
                if (Double.isNaN(p)) {
                    p = lastReferencePosition[j];
                    positionReference[j].set(p);
                }
                referencePosition[j] = p;
                lastReferencePosition[j] = p;
            }
            if (velocityReference != null) {
                double v = velocityReference[j].get();
                if (Double.isNaN(v)) {
                    v = lastReferenceVelocity[j];
                    velocityReference[j].set(v);
                }
                referenceVelocity[j] = v;
                lastReferenceVelocity[j] = v;
            }
        }
    }

    /** Any NaN position: all positions are the last command's (upstream's read_state_from_hardware). */
    private void readPositions() {
        boolean nan = false;
        for (int j = 0; j < n; j++) {
            double p = positionState[j].get();
            jointPosition[j] = p;
            nan |= Double.isNaN(p);
        }
        if (nan) {
            System.arraycopy(lastCommandPosition, 0, jointPosition, 0, n);
        }
    }

    /** The sensor (zero when any axis is NaN) plus the wrench reference. */
    private void readWrench() {
        boolean nan = false;
        for (int a = 0; a < 6; a++) {
            wrench[a] = wrenchState[a].get();
            nan |= Double.isNaN(wrench[a]);
        }
        if (nan) {
            Arrays.fill(wrench, 0.0);
        }
        double[] offset = channels.wrenchReference();
        for (int a = 0; a < 6; a++) {
            wrench[a] += offset[a];
        }
    }

    private void clearReferences() {
        if (references == null) {
            return;
        }
        for (CommandHandle h : references) {
            h.set(Double.NaN);
        }
    }

    /** The gains when {@code enable_parameter_update_without_reactivation} is true; nothing otherwise. */
    @Override
    public Set<String> liveParameters() {
        AdmittanceConfig c = config;
        return c != null && c.liveGains() ? LIVE : Set.of();
    }

    /** Off the loop: new gains from the next update on; refused (nothing changes) when one is out of range. */
    @Override
    public boolean onParametersChanged(Parameters parameters) {
        AdmittanceGains g;
        try {
            g = AdmittanceGains.read(parameters);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return false;
        }
        pendingGains.set(g);
        return true;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        clearReferences();
        if (rule != null) {
            rule.reset();
            channels.clearInputs();
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        registrations.closeAll();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        registrations.closeAll();
        return CallbackReturn.SUCCESS;
    }

    /** The rule, for tests. */
    AdmittanceRule rule() {
        return rule;
    }
}
