package org.robocell.simulation;

import java.util.Arrays;
import java.util.List;

/**
 * How a {@link Simulation} integrates and what forces it adds to the applied torques. Units are SI; "per joint"
 * arrays have one entry per movable joint in joint order, in N·m (revolute) or N (prismatic) units.
 *
 * <p>The joint model: τ_joint = τ_applied − d·q̇ − f_c·tanh(q̇ / v_s) + τ_limit, with viscous damping d, Coulomb
 * friction f_c smoothed over the velocity scale v_s (so that a joint at rest is not kicked back and forth by
 * the friction's sign), and τ_limit = −k·(q − limit) − c·q̇ while a joint is beyond a position limit, never pulling
 * it further in (the spring-damper pushes, it does not hold). Contacts: every {@link ContactPoint} deeper than 0 in
 * a {@link HalfSpace} gets the normal force F = k_c·depth − c_c·v_n along the half-space's normal (never pulling),
 * which acts on its link as an external wrench.
 *
 * <p>The joint forces are integrated linearly implicitly (their damping and stiffness enter the step's mass matrix
 * as armature), so no damping, friction or limit stiffness makes a step unstable, however light a link; contacts
 * are explicit: keep k_c·dt² well below the mass a contact point carries (1e5 N/m at 1 ms: 0.1 kg).
 *
 * @param timeStep          the fixed step dt (s), 1 ms by default
 * @param damping           viscous damping d per joint (N·m·s/rad or N·s/m), 0 by default
 * @param friction          Coulomb friction f_c per joint (N·m or N), 0 by default
 * @param frictionVelocity  v_s, the velocity at which the friction reaches 76 % (tanh 1) of f_c; 0.01 rad/s or m/s
 * @param limitStiffness    k of the joint limits, 10 000 N·m/rad (or N/m): 1 mrad beyond the limit per 10 N·m
 * @param limitDamping      c of the joint limits, 20 N·m·s/rad (or N·s/m)
 * @param halfSpaces        the solids contact points touch
 * @param contactPoints     the link points that touch them
 * @param contactStiffness  k_c, 100 000 N/m: 1 mm deep per 100 N
 * @param contactDamping    c_c, 300 N·s/m
 */
public record SimulationSettings(double timeStep, double[] damping, double[] friction, double frictionVelocity,
        double limitStiffness, double limitDamping, List<HalfSpace> halfSpaces, List<ContactPoint> contactPoints,
        double contactStiffness, double contactDamping) {

    public static final double DEFAULT_TIME_STEP = 0.001;
    public static final double DEFAULT_FRICTION_VELOCITY = 0.01;
    public static final double DEFAULT_LIMIT_STIFFNESS = 1e4;
    public static final double DEFAULT_LIMIT_DAMPING = 20;
    public static final double DEFAULT_CONTACT_STIFFNESS = 1e5;
    public static final double DEFAULT_CONTACT_DAMPING = 300;

    public SimulationSettings {
        positive("timeStep", timeStep);
        positive("frictionVelocity", frictionVelocity);
        notNegative("limitStiffness", limitStiffness);
        notNegative("limitDamping", limitDamping);
        notNegative("contactStiffness", contactStiffness);
        notNegative("contactDamping", contactDamping);
        damping = perJoint("damping", damping);
        friction = perJoint("friction", friction);
        if (damping.length != friction.length) {
            throw new IllegalArgumentException("damping has " + damping.length + " entries and friction "
                    + friction.length + ": one per joint each");
        }
        halfSpaces = List.copyOf(halfSpaces);
        contactPoints = List.copyOf(contactPoints);
    }

    /** No damping, no friction, no contacts, the default limits, 1 ms steps, for a robot of {@code dof} joints. */
    public static SimulationSettings defaults(int dof) {
        return new SimulationSettings(DEFAULT_TIME_STEP, new double[dof], new double[dof], DEFAULT_FRICTION_VELOCITY,
                DEFAULT_LIMIT_STIFFNESS, DEFAULT_LIMIT_DAMPING, List.of(), List.of(), DEFAULT_CONTACT_STIFFNESS,
                DEFAULT_CONTACT_DAMPING);
    }

    public SimulationSettings withTimeStep(double dt) {
        return new SimulationSettings(dt, damping, friction, frictionVelocity, limitStiffness, limitDamping,
                halfSpaces, contactPoints, contactStiffness, contactDamping);
    }

    /** Viscous damping and Coulomb friction, one entry per joint each. */
    public SimulationSettings withJointFriction(double[] viscous, double[] coulomb, double velocityScale) {
        return new SimulationSettings(timeStep, viscous, coulomb, velocityScale, limitStiffness, limitDamping,
                halfSpaces, contactPoints, contactStiffness, contactDamping);
    }

    public SimulationSettings withLimits(double stiffness, double dampingOfLimits) {
        return new SimulationSettings(timeStep, damping, friction, frictionVelocity, stiffness, dampingOfLimits,
                halfSpaces, contactPoints, contactStiffness, contactDamping);
    }

    public SimulationSettings withContacts(List<HalfSpace> solids, List<ContactPoint> points, double stiffness,
            double dampingOfContacts) {
        return new SimulationSettings(timeStep, damping, friction, frictionVelocity, limitStiffness, limitDamping,
                solids, points, stiffness, dampingOfContacts);
    }

    @Override
    public double[] damping() {
        return damping.clone();
    }

    @Override
    public double[] friction() {
        return friction.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimulationSettings s && timeStep == s.timeStep && Arrays.equals(damping, s.damping)
                && Arrays.equals(friction, s.friction) && frictionVelocity == s.frictionVelocity
                && limitStiffness == s.limitStiffness && limitDamping == s.limitDamping
                && halfSpaces.equals(s.halfSpaces) && contactPoints.equals(s.contactPoints)
                && contactStiffness == s.contactStiffness && contactDamping == s.contactDamping;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(timeStep) * 31 + Arrays.hashCode(damping) * 17 + Arrays.hashCode(friction);
    }

    @Override
    public String toString() {
        return "SimulationSettings[dt=" + timeStep + ", damping=" + Arrays.toString(damping) + ", friction="
                + Arrays.toString(friction) + ", frictionVelocity=" + frictionVelocity + ", limits k=" + limitStiffness
                + " c=" + limitDamping + ", " + halfSpaces.size() + " half-spaces, " + contactPoints.size()
                + " contact points, contacts k=" + contactStiffness + " c=" + contactDamping + "]";
    }

    private static void positive(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number > 0, got " + value);
        }
    }

    private static void notNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }

    private static double[] perJoint(String name, double[] values) {
        if (values == null) {
            throw new IllegalArgumentException(name + " needs one entry per joint");
        }
        for (int j = 0; j < values.length; j++) {
            notNegative(name + "[" + j + "]", values[j]);
        }
        return values.clone();
    }
}
