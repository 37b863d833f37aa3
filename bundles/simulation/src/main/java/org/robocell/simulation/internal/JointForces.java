package org.robocell.simulation.internal;

import org.robocell.kinematics.KinematicModel;
import org.robocell.simulation.SimulationSettings;

/**
 * The torques the joints themselves add: viscous damping, Coulomb friction smoothed by tanh, and the position
 * limits as one-sided spring-dampers (see {@link SimulationSettings}).
 *
 * <p>They are integrated linearly implicitly: the step solves for the accelerations with the forces at the end of
 * the step, f(q + dt·q̇ + dt²·q̈, q̇ + dt·q̈) ≈ f + dt·∂f/∂q·q̇ + (dt·∂f/∂q̇ + dt²·∂f/∂q)·q̈. The q̈ terms are joint-space
 * diagonal, so they go to the articulated-body algorithm as armature (−dt·∂f/∂q̇ − dt²·∂f/∂q). Explicit damping
 * would be unstable as soon as dt·c exceeds twice a joint's inertia: the FR3's last joint has 1.2e-4 kg·m², so
 * 0.25 N·m·s/rad at 1 ms would already blow up; implicit, any damping, friction and limit stiffness is stable.
 */
final class JointForces {

    private final double[] damping;
    private final double[] friction;
    private final double frictionVelocity;
    private final double[] lower;
    private final double[] upper;
    private final double limitStiffness;
    private final double limitDamping;

    JointForces(KinematicModel model, SimulationSettings settings) {
        int n = model.dof();
        damping = settings.damping();
        friction = settings.friction();
        if (damping.length != n) {
            throw new IllegalArgumentException("damping and friction need one entry per joint: the robot has " + n
                    + " joints " + model.jointNames() + ", the settings give " + damping.length);
        }
        frictionVelocity = settings.frictionVelocity();
        lower = new double[n];
        upper = new double[n];
        for (int j = 0; j < n; j++) {
            lower[j] = model.lowerLimit(j);
            upper[j] = model.upperLimit(j);
        }
        limitStiffness = settings.limitStiffness();
        limitDamping = settings.limitDamping();
    }

    /**
     * Adds the joint torques at state (q, dq), with the implicit correction for a step of {@code dt}, to
     * {@code tau}, and sets {@code armature} to their implicit joint-space inertia.
     */
    void add(double[] q, double[] dq, double dt, double[] tau, double[] armature) {
        for (int j = 0; j < tau.length; j++) {
            double v = dq[j];
            // StrictMath: the same bits on every JVM, so that a run can be replayed
            double tanh = StrictMath.tanh(v / frictionVelocity);
            double t = -damping[j] * v - friction[j] * tanh;
            double slope = damping[j] + friction[j] * (1 - tanh * tanh) / frictionVelocity;
            double stiffness = 0;
            double p = q[j];
            double beyond = p > upper[j] ? p - upper[j] : p < lower[j] ? p - lower[j] : 0;
            if (beyond != 0) {
                double limit = -limitStiffness * beyond - limitDamping * v;
                // the limit pushes out, it never holds the joint in
                if (beyond > 0 ? limit < 0 : limit > 0) {
                    t += limit - limitStiffness * dt * v;
                    slope += limitDamping;
                    stiffness = limitStiffness;
                }
            }
            tau[j] += t;
            armature[j] = dt * slope + dt * dt * stiffness;
        }
    }

    /** {@code q} moved into the limits. */
    void clampToLimits(double[] q) {
        for (int j = 0; j < q.length; j++) {
            q[j] = Math.max(lower[j], Math.min(upper[j], q[j]));
        }
    }
}
