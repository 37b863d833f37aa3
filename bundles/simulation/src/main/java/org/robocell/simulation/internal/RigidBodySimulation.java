package org.robocell.simulation.internal;

import java.util.Arrays;

import org.ejml.data.DMatrixRMaj;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;
import org.robocell.simulation.Simulation;
import org.robocell.simulation.SimulationSettings;
import org.robocell.simulation.StepStatus;

/** {@link Simulation} on a {@link KinematicWorkspace}'s articulated-body algorithm; every buffer made up front. */
public final class RigidBodySimulation implements Simulation {

    private static final int WRENCH = 6;

    private final KinematicModel model;
    private final SimulationSettings settings;
    private final KinematicWorkspace ws;
    private final int dof;
    private final int links;
    private final double dt;
    private final JointForces jointForces;
    private final HalfSpaceContacts contacts;

    private final double[] q;
    private final double[] dq;
    private final double[] ddq;
    private final double[] applied;
    private final double[] total;
    private final double[] armature;
    private final double[] savedQ;
    private final double[] savedDq;
    private final double[] savedDdq;
    /** The wrench of each link this step: contacts, then pushes added. */
    private final double[] linkWrench;
    private final double[] contactWrench;
    private final double[] pushWrench;
    private final int[] pushSteps;
    private final double[] external;
    private final DMatrixRMaj jacobian;
    private long steps;
    private boolean touching;

    public RigidBodySimulation(KinematicModel model, SimulationSettings settings) {
        this.model = model;
        this.settings = settings;
        this.ws = model.newWorkspace();
        this.dof = model.dof();
        this.links = model.linkNames().size();
        this.dt = settings.timeStep();
        this.jointForces = new JointForces(model, settings);
        this.contacts = new HalfSpaceContacts(model, settings);
        q = new double[dof];
        dq = new double[dof];
        ddq = new double[dof];
        applied = new double[dof];
        total = new double[dof];
        armature = new double[dof];
        savedQ = new double[dof];
        savedDq = new double[dof];
        savedDdq = new double[dof];
        linkWrench = new double[links * WRENCH];
        contactWrench = new double[links * WRENCH];
        pushWrench = new double[links * WRENCH];
        pushSteps = new int[links];
        external = new double[dof];
        jacobian = new DMatrixRMaj(6, dof);
        double[] start = new double[dof];
        jointForces.clampToLimits(start);
        try {
            ws.articulatedBodyDynamics(start, start, new double[dof], new double[dof]);
        } catch (IllegalStateException massless) {
            throw new IllegalArgumentException("robot cannot be simulated: " + massless.getMessage(), massless);
        }
        reset(start, new double[dof]);
    }

    @Override
    public KinematicModel model() {
        return model;
    }

    @Override
    public SimulationSettings settings() {
        return settings;
    }

    @Override
    public int dof() {
        return dof;
    }

    @Override
    public double time() {
        return steps * dt;
    }

    @Override
    public void reset(double[] positions, double[] rates) {
        requireFinite(positions, "q");
        requireFinite(rates, "dq");
        System.arraycopy(positions, 0, q, 0, dof);
        System.arraycopy(rates, 0, dq, 0, dof);
        Arrays.fill(ddq, 0);
        Arrays.fill(applied, 0);
        Arrays.fill(pushWrench, 0);
        Arrays.fill(pushSteps, 0);
        Arrays.fill(contactWrench, 0);
        Arrays.fill(external, 0);
        touching = false;
        steps = 0;
    }

    @Override
    public StepStatus step(double[] tau) {
        requireLength(tau, "tau");
        StepStatus status = StepStatus.OK;
        for (int j = 0; j < dof; j++) {
            if (!Double.isFinite(tau[j])) {
                status = StepStatus.TORQUE_NOT_FINITE;
                break;
            }
        }
        if (status == StepStatus.OK) {
            System.arraycopy(tau, 0, applied, 0, dof);
        }
        System.arraycopy(q, 0, savedQ, 0, dof);
        System.arraycopy(dq, 0, savedDq, 0, dof);
        System.arraycopy(ddq, 0, savedDdq, 0, dof);

        boolean wrenched = placeExternalWrenches();
        System.arraycopy(applied, 0, total, 0, dof);
        jointForces.add(q, dq, dt, total, armature);
        try {
            ws.articulatedBodyDynamics(q, dq, total, armature, ddq);
        } catch (IllegalStateException overflow) {
            // the bodies' mass is checked at creation: here the state grew so large that inertias overflowed
            return undo();
        }
        if (wrenched) {
            // the workspace's poses are still those at q
            externalTorques();
        } else {
            Arrays.fill(external, 0);
        }
        boolean finite = true;
        for (int j = 0; j < dof; j++) {
            dq[j] += ddq[j] * dt;
            q[j] += dq[j] * dt;
            finite &= Double.isFinite(q[j]) && Double.isFinite(dq[j]);
        }
        if (!finite) {
            return undo();
        }
        for (int l = 0; l < links; l++) {
            if (pushSteps[l] > 0 && --pushSteps[l] == 0) {
                Arrays.fill(pushWrench, l * WRENCH, (l + 1) * WRENCH, 0);
            }
        }
        steps++;
        return status;
    }

    private StepStatus undo() {
        System.arraycopy(savedQ, 0, q, 0, dof);
        System.arraycopy(savedDq, 0, dq, 0, dof);
        System.arraycopy(savedDdq, 0, ddq, 0, dof);
        return StepStatus.DIVERGED;
    }

    /** Contacts and pushes at the state (q, dq) as the workspace's external wrenches; whether there are any. */
    private boolean placeExternalWrenches() {
        ws.clearExternalWrenches();
        Arrays.fill(contactWrench, 0);
        ws.forwardKinematics(q);
        touching = contacts.addWrenches(ws, dq, contactWrench);
        boolean any = touching;
        for (int l = 0; l < links; l++) {
            int w = l * WRENCH;
            boolean pushed = pushSteps[l] > 0;
            for (int k = 0; k < WRENCH; k++) {
                linkWrench[w + k] = contactWrench[w + k] + (pushed ? pushWrench[w + k] : 0);
            }
            if (pushed || touching && isSet(contactWrench, w)) {
                ws.setExternalWrench(l, linkWrench[w], linkWrench[w + 1], linkWrench[w + 2], linkWrench[w + 3],
                        linkWrench[w + 4], linkWrench[w + 5]);
                any = true;
            }
        }
        return any;
    }

    private static boolean isSet(double[] wrench, int w) {
        for (int k = 0; k < WRENCH; k++) {
            if (wrench[w + k] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Σ Jᵀ·wrench over the links with a wrench this step. */
    private void externalTorques() {
        Arrays.fill(external, 0);
        double[] jd = jacobian.data;
        for (int l = 0; l < links; l++) {
            int w = l * WRENCH;
            if (!isSet(linkWrench, w)) {
                continue;
            }
            ws.jacobian(l, ReferenceFrame.BASE, jacobian);
            for (int c = 0; c < dof; c++) {
                double sum = 0;
                for (int r = 0; r < WRENCH; r++) {
                    sum += jd[r * dof + c] * linkWrench[w + r];
                }
                external[c] += sum;
            }
        }
    }

    @Override
    public void positions(double[] out) {
        requireLength(out, "q");
        System.arraycopy(q, 0, out, 0, dof);
    }

    @Override
    public void velocities(double[] out) {
        requireLength(out, "dq");
        System.arraycopy(dq, 0, out, 0, dof);
    }

    @Override
    public void accelerations(double[] out) {
        requireLength(out, "ddq");
        System.arraycopy(ddq, 0, out, 0, dof);
    }

    @Override
    public void appliedTorques(double[] out) {
        requireLength(out, "tau");
        System.arraycopy(applied, 0, out, 0, dof);
    }

    @Override
    public void push(String link, double fx, double fy, double fz, double tx, double ty, double tz, double seconds) {
        if (!model.linkNames().contains(link)) {
            throw new IllegalArgumentException("no link '" + link + "' to push; the robot's links: " + model.linkNames());
        }
        double[] w = {fx, fy, fz, tx, ty, tz};
        for (double v : w) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("a push must be finite, got " + Arrays.toString(w));
            }
        }
        if (!(seconds > 0) || !Double.isFinite(seconds)) {
            throw new IllegalArgumentException("a push lasts a finite time > 0, got " + seconds + " s");
        }
        int l = model.linkIndex(link);
        System.arraycopy(w, 0, pushWrench, l * WRENCH, WRENCH);
        pushSteps[l] = (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(seconds / dt)));
    }

    @Override
    public void contactWrench(int link, double[] wrench) {
        if (wrench.length != WRENCH) {
            throw new IllegalArgumentException("a wrench has 6 entries, got " + wrench.length);
        }
        System.arraycopy(contactWrench, link * WRENCH, wrench, 0, WRENCH);
    }

    @Override
    public void externalTorques(double[] tau) {
        requireLength(tau, "tau");
        System.arraycopy(external, 0, tau, 0, dof);
    }

    @Override
    public boolean inContact() {
        return touching;
    }

    private void requireLength(double[] v, String name) {
        if (v.length != dof) {
            throw new IllegalArgumentException(name + " has " + v.length + " entries, the robot has " + dof
                    + " joints " + model.jointNames());
        }
    }

    private void requireFinite(double[] v, String name) {
        requireLength(v, name);
        for (int j = 0; j < dof; j++) {
            if (!Double.isFinite(v[j])) {
                throw new IllegalArgumentException(name + "[" + j + "] (" + model.jointNames().get(j)
                        + ") must be finite, got " + v[j]);
            }
        }
    }
}
