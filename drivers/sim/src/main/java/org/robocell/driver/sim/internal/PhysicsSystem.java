package org.robocell.driver.sim.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ejml.data.DMatrixRMaj;
import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.model.RobotModel;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.simulation.Simulation;
import org.robocell.simulation.SimulationSettings;
import org.robocell.simulation.StepStatus;

/**
 * {@code robocell_sim/PhysicsSystem}: the block's joints on a {@link Simulation} of the whole robot. Each
 * {@code read} runs one step with the commands the controllers wrote in the previous cycle, then reports
 * position, velocity, effort (the torque applied) and acceleration. Per joint, the active command interface
 * decides the torque: {@code effort} as it is, {@code position} through a PID and {@code velocity} through a PI
 * ({@link JointPid}), both with the model's gravity torques added; a joint no controller commands holds where it
 * was when its last command interface was released. Joints of the robot the block does not list move freely.
 * A switch starts from the measured state: a joint entering position mode holds its measured position, one
 * entering effort mode keeps the torque it had, one entering velocity mode holds still.
 */
public final class PhysicsSystem implements HardwareComponent {

    static final String POSITION_BANDWIDTH = "position_bandwidth";
    static final String VELOCITY_BANDWIDTH = "velocity_bandwidth";
    static final String GRAVITY_COMPENSATION = "gravity_compensation";
    static final String POSITION_P = "position_p";
    static final String POSITION_I = "position_i";
    static final String POSITION_D = "position_d";
    static final String VELOCITY_P = "velocity_p";
    static final String VELOCITY_I = "velocity_i";
    static final double DEFAULT_POSITION_BANDWIDTH = 10;
    static final double DEFAULT_VELOCITY_BANDWIDTH = 20;

    private static final int HOLD = 0;
    private static final int EFFORT = 1;
    private static final int VELOCITY = 2;
    private static final int POSITION = 3;
    private static final String[] MODES = {null, "effort", "velocity", "position"};
    private static final String DIVERGED = "the simulation diverged (a contact stiffness too high for the time step?);"
            + " its state is the one before the step";

    private final RobotModel robot;
    private final String failure;
    private Fault fault = Fault.NONE;
    private String lastError;

    private Simulation simulation;
    private KinematicWorkspace workspace;
    private double dt;
    private boolean gravityCompensation;
    private int[] modelJoint;
    private int[] mode;
    private double[] hold;
    private double[] effortCommand;
    private JointPid[] pid;
    private CommandInterfaceHandle[][] command;
    private StateInterfaceHandle[] positionState;
    private StateInterfaceHandle[] velocityState;
    private StateInterfaceHandle[] effortState;
    private StateInterfaceHandle[] accelerationState;
    private double[] initial;
    private final Map<String, Integer> motionCommand = new HashMap<>();

    private double[] q;
    private double[] dq;
    private double[] ddq;
    private double[] tau;
    private double[] gravity;

    PhysicsSystem(RobotModel robot) {
        this.robot = robot;
        this.failure = null;
    }

    private PhysicsSystem(String failure) {
        this.robot = null;
        this.failure = failure;
    }

    /** A component that refuses to start, saying why (no robot description to simulate). */
    static PhysicsSystem failing(String why) {
        return new PhysicsSystem(why);
    }

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        if (failure != null) {
            return fail(failure);
        }
        HardwareInfo info = context.info();
        try {
            KinematicModel model = KinematicModel.of(robot);
            SimulationSettings settings = PhysicsParameters.settings(info, model);
            simulation = Simulation.create(model, settings);
            workspace = model.newWorkspace();
            dt = settings.timeStep();
            gravityCompensation = info.booleanParameter(GRAVITY_COMPENSATION, true);
            double positionBandwidth = positive(info, POSITION_BANDWIDTH, DEFAULT_POSITION_BANDWIDTH);
            double velocityBandwidth = positive(info, VELOCITY_BANDWIDTH, DEFAULT_VELOCITY_BANDWIDTH);
            int n = info.joints().size();
            int dof = model.dof();
            modelJoint = new int[n];
            mode = new int[n];
            hold = new double[n];
            effortCommand = new double[n];
            pid = new JointPid[n];
            command = new CommandInterfaceHandle[n][4];
            positionState = new StateInterfaceHandle[n];
            velocityState = new StateInterfaceHandle[n];
            effortState = new StateInterfaceHandle[n];
            accelerationState = new StateInterfaceHandle[n];
            q = new double[dof];
            dq = new double[dof];
            ddq = new double[dof];
            tau = new double[dof];
            gravity = new double[dof];
            initial = new double[dof];
            Simulation.create(model, SimulationSettings.defaults(dof)).positions(initial);
            for (int i = 0; i < n; i++) {
                ComponentInfo joint = info.joints().get(i);
                int j = model.jointNames().indexOf(joint.name());
                if (j < 0) {
                    return fail("hardware '" + info.name() + "': joint '" + joint.name() + "' is not a movable joint of robot '"
                            + robot.name() + "' (its movable joints: " + model.jointNames() + ")");
                }
                modelJoint[i] = j;
                for (InterfaceInfo state : joint.stateInterfaces()) {
                    if (state.name().equals("position") && !Double.isNaN(state.initialValue())) {
                        initial[j] = state.initialValue();
                    }
                }
                for (int m = EFFORT; m <= POSITION; m++) {
                    String name = joint.name() + "/" + MODES[m];
                    if (context.hasCommandInterface(name)) {
                        command[i][m] = context.command(name);
                        motionCommand.put(name, i * 4 + m);
                    }
                }
                positionState[i] = stateOrNull(context, joint.name() + "/position");
                velocityState[i] = stateOrNull(context, joint.name() + "/velocity");
                effortState[i] = stateOrNull(context, joint.name() + "/effort");
                accelerationState[i] = stateOrNull(context, joint.name() + "/acceleration");
            }
            // gains from the inertia each joint moves at the start: the same bandwidth on a heavy shoulder and a
            // light wrist (fixed gains would be sluggish on one and unstable on the other)
            DMatrixRMaj mass = new DMatrixRMaj(dof, dof);
            workspace.massMatrix(initial, mass);
            double wp = 2 * Math.PI * positionBandwidth;
            double wv = 2 * Math.PI * velocityBandwidth;
            for (int i = 0; i < n; i++) {
                ComponentInfo joint = info.joints().get(i);
                Map<String, String> p = joint.parameters();
                double inertia = mass.get(modelJoint[i], modelJoint[i]);
                double kp = PhysicsParameters.number(info, p, POSITION_P, inertia * wp * wp);
                double limit = joint.limits().effort();
                pid[i] = new JointPid(kp,
                        PhysicsParameters.number(info, p, POSITION_I, kp * wp / 10),
                        PhysicsParameters.number(info, p, POSITION_D, 2 * inertia * wp),
                        PhysicsParameters.number(info, p, VELOCITY_P, inertia * wv),
                        PhysicsParameters.number(info, p, VELOCITY_I, inertia * wv * wv / 10),
                        limit > 0 && Double.isFinite(limit) ? limit : Double.MAX_VALUE);
            }
        } catch (IllegalArgumentException e) {
            String where = "hardware '" + info.name() + "'";
            return fail(e.getMessage().startsWith(where) ? e.getMessage() : where + ": " + e.getMessage());
        }
        return CallbackReturn.SUCCESS;
    }

    private static StateInterfaceHandle stateOrNull(HardwareContext context, String name) {
        return context.hasStateInterface(name) ? context.state(name) : null;
    }

    private static double positive(HardwareInfo info, String key, double fallback) {
        double v = PhysicsParameters.number(info, info.parameters(), key, fallback);
        if (!(v > 0)) {
            throw new IllegalArgumentException("hardware '" + info.name() + "' parameter '" + key + "' must be > 0, got " + v);
        }
        return v;
    }

    private CallbackReturn fail(String why) {
        fault = Fault.CONFIGURATION;
        lastError = why;
        return CallbackReturn.ERROR;
    }

    /** At rest at the initial positions ({@code initial_value} of the position states, else 0 within the limits). */
    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        simulation.reset(initial, new double[initial.length]);
        simulation.positions(q);
        for (int i = 0; i < modelJoint.length; i++) {
            mode[i] = HOLD;
            hold[i] = q[modelJoint[i]];
            pid[i].reset();
        }
        publish();
        return CallbackReturn.SUCCESS;
    }

    /** The simulation answers at once: it sets no robot's pace. */
    @Override
    public boolean readWaitsForRobot() {
        return false;
    }

    @Override
    public ReturnType read(double time, double period) {
        simulation.positions(q);
        simulation.velocities(dq);
        java.util.Arrays.fill(tau, 0);
        if (gravityCompensation) {
            workspace.gravity(q, gravity);
        }
        for (int i = 0; i < modelJoint.length; i++) {
            int j = modelJoint[i];
            double g = gravityCompensation ? gravity[j] : 0;
            JointPid c = pid[i];
            switch (mode[i]) {
                case EFFORT -> {
                    double value = command[i][EFFORT].get();
                    if (Double.isFinite(value)) {
                        effortCommand[i] = value;
                    }
                    tau[j] = c.clamp(effortCommand[i]);
                }
                case VELOCITY -> {
                    double value = command[i][VELOCITY].get();
                    tau[j] = c.clamp(g + c.velocity(Double.isFinite(value) ? value : 0, dq[j], dt));
                }
                case POSITION -> {
                    double value = command[i][POSITION].get();
                    tau[j] = c.clamp(g + c.position(Double.isFinite(value) ? value : hold[i], 0, q[j], dq[j], dt));
                }
                default -> tau[j] = c.clamp(g + c.position(hold[i], 0, q[j], dq[j], dt));
            }
        }
        if (simulation.step(tau) == StepStatus.DIVERGED) {
            fault = Fault.REALTIME_ERROR;
            lastError = DIVERGED;
            return ReturnType.ERROR;
        }
        publish();
        return ReturnType.OK;
    }

    private void publish() {
        simulation.positions(q);
        simulation.velocities(dq);
        simulation.accelerations(ddq);
        simulation.appliedTorques(tau);
        for (int i = 0; i < modelJoint.length; i++) {
            int j = modelJoint[i];
            set(positionState[i], q[j]);
            set(velocityState[i], dq[j]);
            set(effortState[i], tau[j]);
            set(accelerationState[i], ddq[j]);
        }
    }

    private static void set(StateInterfaceHandle handle, double value) {
        if (handle != null) {
            handle.set(value);
        }
    }

    /** The commands were read by the step in {@link #read}: nothing to send. */
    @Override
    public ReturnType write(double time, double period) {
        return ReturnType.OK;
    }

    /** A joint takes one of effort, velocity or position at a time. */
    @Override
    public ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        int[] starting = new int[modelJoint.length];
        for (String name : start) {
            Integer code = motionCommand.get(name);
            if (code != null && ++starting[code / 4] > 1) {
                lastError = "joint " + name.substring(0, name.lastIndexOf('/'))
                        + " cannot take two command interfaces at once";
                return ReturnType.ERROR;
            }
        }
        return ReturnType.OK;
    }

    /** Starts every joint from its measured state (see the class comment). Allocation-free. */
    @Override
    public ReturnType performCommandModeSwitch(List<String> start, List<String> stop) {
        simulation.positions(q);
        simulation.appliedTorques(tau);
        for (int k = 0; k < stop.size(); k++) {
            Integer code = motionCommand.get(stop.get(k));
            if (code != null && mode[code / 4] == code % 4) {
                int i = code / 4;
                mode[i] = HOLD;
                hold[i] = q[modelJoint[i]];
                pid[i].reset();
            }
        }
        for (int k = 0; k < start.size(); k++) {
            Integer code = motionCommand.get(start.get(k));
            if (code == null) {
                continue;
            }
            int i = code / 4;
            int m = code % 4;
            int j = modelJoint[i];
            mode[i] = m;
            hold[i] = q[j];
            pid[i].reset();
            switch (m) {
                case EFFORT -> {
                    effortCommand[i] = tau[j];
                    command[i][EFFORT].set(tau[j]);
                }
                case VELOCITY -> command[i][VELOCITY].set(0);
                default -> command[i][POSITION].set(q[j]);
            }
        }
        return ReturnType.OK;
    }

    @Override
    public Fault fault() {
        return fault;
    }

    @Override
    public String lastError() {
        return lastError;
    }

    /** The simulation, for tests and tools that push the robot or read its contacts. */
    Simulation simulation() {
        return simulation;
    }
}
