package org.robocell.driver.franka.emulator;

import org.ejml.data.DMatrixRMaj;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;
import org.robocell.simulation.Simulation;
import org.robocell.simulation.SimulationSettings;

/**
 * The emulated arm on the rigid-body simulation of {@code org.robocell.simulation}: forward dynamics by the
 * articulated-body algorithm, implicit joint damping and Coulomb friction, the URDF's position limits as
 * spring-dampers, and whatever half-space contacts the settings give. A flange wrench is a push on the flange
 * that lasts until changed; the external torques the robot estimates are the simulation's (contacts and pushes,
 * Σ Jᵀ·wrench) after a step, and Jᵀ·wrench of the flange push on an arm held still (a robot on its brakes feels
 * the push too, but the simulation does not step it). Allocates nothing per step.
 *
 * @since 1.2
 */
public final class SimulatedPlant implements Plant {

    /** The FR3's joint damping (Nm s/rad) and Coulomb friction (Nm) the emulator uses by default. */
    static final double[] FR3_DAMPING = { 0.5, 0.5, 0.5, 0.5, 0.2, 0.2, 0.2 };
    static final double[] FR3_FRICTION = { 0.2, 0.2, 0.2, 0.2, 0.1, 0.1, 0.1 };
    /** A push "until changed": longer than any run (the simulation caps it at 2^31 steps). */
    private static final double UNTIL_CHANGED_S = 1e9;

    private final Simulation simulation;
    private final String flangeLink;
    private final int dof;
    private final double timeStep;
    private final double[] q;
    private final double[] dq;
    private final double[] ddq;
    private final double[] external;
    private final double[] wrench = new double[6];
    private final double[] zeros;
    private boolean wrenchActive;
    private final KinematicWorkspace workspace;
    private final int flange;
    private final DMatrixRMaj jacobian;

    /**
     * @param model      the arm, with whatever it carries as payload (its gravity and payload are simulated)
     * @param flangeLink the link an applied wrench pushes
     * @param settings   the simulation's; its time step must divide the emulator's control step
     */
    public SimulatedPlant(KinematicModel model, String flangeLink, SimulationSettings settings) {
        this.simulation = Simulation.create(model, settings);
        this.flange = model.linkIndex(flangeLink); // an unknown link fails here, not at the first push
        this.workspace = model.newWorkspace();
        this.jacobian = new DMatrixRMaj(6, model.dof());
        this.flangeLink = flangeLink;
        this.dof = model.dof();
        this.timeStep = settings.timeStep();
        this.q = new double[dof];
        this.dq = new double[dof];
        this.ddq = new double[dof];
        this.external = new double[dof];
        this.zeros = new double[dof];
    }

    /** The FR3 with its default damping and friction, stepped at {@code timeStep} s, no contacts. */
    static SimulatedPlant fr3(KinematicModel model, double timeStep) {
        return new SimulatedPlant(model, Fr3Model.FLANGE, SimulationSettings.defaults(model.dof())
                .withTimeStep(timeStep).withJointFriction(FR3_DAMPING, FR3_FRICTION,
                        SimulationSettings.DEFAULT_FRICTION_VELOCITY));
    }

    /** The simulation underneath, for contacts and pushes of other links. */
    public Simulation simulation() {
        return simulation;
    }

    @Override
    public int dof() {
        return dof;
    }

    @Override
    public void reset(double[] position) {
        simulation.reset(position, zeros);
        pushAgain();
        readHeld();
    }

    /**
     * Advances by {@code dt}: whole simulation steps of the settings' time step (at least one), under the same
     * torques.
     */
    @Override
    public void step(double[] tau, double dt) {
        long steps = Math.max(1, Math.round(dt / timeStep));
        for (long s = 0; s < steps; s++) {
            simulation.step(tau);
        }
        read();
    }

    @Override
    public void hold() {
        simulation.positions(q);
        simulation.reset(q, zeros);
        pushAgain();
        readHeld();
    }

    @Override
    public void applyFlangeWrench(double[] w) {
        System.arraycopy(w, 0, wrench, 0, 6);
        wrenchActive = false;
        for (double v : wrench) {
            wrenchActive |= v != 0;
        }
        // a push of the same link replaces the last; a zero push for one step ends it
        simulation.push(flangeLink, wrench[0], wrench[1], wrench[2], wrench[3], wrench[4], wrench[5],
                wrenchActive ? UNTIL_CHANGED_S : timeStep);
        if (!wrenchActive) {
            java.util.Arrays.fill(external, 0);
        }
    }

    /** A reset ends pushes; the flange wrench lasts until changed, so it is applied again. */
    private void pushAgain() {
        if (wrenchActive) {
            simulation.push(flangeLink, wrench[0], wrench[1], wrench[2], wrench[3], wrench[4], wrench[5],
                    UNTIL_CHANGED_S);
        }
    }

    /** At rest, not stepped: the external torques are the flange push's, Jᵀ·wrench at the current position. */
    private void readHeld() {
        read();
        if (!wrenchActive) {
            java.util.Arrays.fill(external, 0);
            return;
        }
        workspace.forwardKinematics(q);
        workspace.jacobian(flange, ReferenceFrame.BASE, jacobian);
        for (int j = 0; j < dof; j++) {
            double t = 0;
            for (int r = 0; r < 6; r++) {
                t += jacobian.get(r, j) * wrench[r];
            }
            external[j] = t;
        }
    }

    private void read() {
        simulation.positions(q);
        simulation.velocities(dq);
        simulation.accelerations(ddq);
        simulation.externalTorques(external);
    }

    @Override
    public double[] q() {
        return q;
    }

    @Override
    public double[] dq() {
        return dq;
    }

    @Override
    public double[] ddq() {
        return ddq;
    }

    @Override
    public double[] externalTorque() {
        return external;
    }
}
