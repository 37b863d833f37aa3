package org.robocell.controller.admittance.internal;

import java.util.Arrays;
import java.util.List;

import org.robocell.kinematics.KinematicsSolver;

/**
 * The admittance law of ros2_controllers' {@code admittance_rule_impl.hpp}, on preallocated arrays: per cycle
 * <ol>
 * <li>the measured wrench (sensor frame) is turned into the fixed world frame, the tool's weight and its moment are
 * taken off, and it is smoothed exponentially; then it is expressed in the base frame;</li>
 * <li>the admittance offset X is the pose of the sensor frame for the current joints relative to its pose for the
 * reference joints (translation, and the rotation as θ·axis), Ẋ the Cartesian velocity of the previous cycle;</li>
 * <li>in the control frame, per selected axis, {@code M·Ẍ + D·Ẋ + K·X = F}: Ẍ is solved for and expressed in the
 * base frame again;</li>
 * <li>{@code q̈ = J⁺·Ẍ} (the damped pseudo-inverse at the sensor frame), minus {@code joint_damping · q̇}, integrated
 * semi-implicitly into the joint offsets q̇ and q, and {@code Ẋ = J·q̇} for the next cycle;</li>
 * <li>the commands are the reference plus the offsets.</li>
 * </ol>
 * Joint vectors here are in the order of the controller's {@code joints}; the solver's order may differ and is mapped.
 * Not thread-safe: the loop owns it (gains arrive through {@link #setGains}, called on the loop).
 */
final class AdmittanceRule {

    private final KinematicsSolver kinematics;
    private final int dof;
    /** Controller joint i is joint {@code toSolver[i]} of the solver's vectors. */
    private final int[] toSolver;
    private final String ftFrame;
    private final String controlFrame;
    private final String worldFrame;
    private final String gravityFrame;
    private final String baseFrame;
    private static final double[] IDENTITY = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };

    private AdmittanceGains gains;

    // the admittance state, in the solver's joint order
    private final double[] jointPosition;
    private final double[] jointVelocity;
    private final double[] jointAcceleration;
    /** Filtered wrench in the world frame: force then torque. */
    private final double[] wrenchWorld = new double[6];
    private final double[] wrenchBase = new double[6];
    private final double[] admittancePosition = new double[6];
    private final double[] admittanceVelocity = new double[6];
    private final double[] admittanceAcceleration = new double[6];

    // scratch
    private final double[] qCurrent;
    private final double[] qReference;
    private final double[] transform = new double[16];
    private final double[] referenceTranslation = new double[3];
    private final double[] referenceRotation = new double[9];
    private final double[] currentRotation = new double[9];
    private final double[] baseWorld = new double[9];
    private final double[] baseControl = new double[9];
    private final double[] baseGravity = new double[9];
    private final double[] worldSensor = new double[9];
    private final double[] worldGravity = new double[9];
    private final double[] relative = new double[9];
    private final double[] wrench = new double[6];
    private final double[] cog = new double[3];
    private final double[] control = new double[6];
    private final double[] velocityControl = new double[6];
    private final double[] positionControl = new double[6];
    private final double[] cartesianAcceleration = new double[6];

    /**
     * @param kinematics a solver whose joints are exactly {@code joints}, in any order
     * @throws IllegalArgumentException when the solver moves other joints than {@code joints}
     */
    AdmittanceRule(KinematicsSolver kinematics, List<String> joints, String ftFrame, String controlFrame,
            String worldFrame, String gravityFrame, AdmittanceGains gains) {
        List<String> solverJoints = kinematics.jointNames();
        if (solverJoints.size() != joints.size() || !solverJoints.containsAll(joints)) {
            throw new IllegalArgumentException("the kinematic chain moves the joints " + solverJoints
                    + ", parameter 'joints' names " + joints + "; they must be the same joints");
        }
        this.kinematics = kinematics;
        this.dof = joints.size();
        this.toSolver = new int[dof];
        for (int i = 0; i < dof; i++) {
            toSolver[i] = solverJoints.indexOf(joints.get(i));
        }
        this.ftFrame = ftFrame;
        this.controlFrame = controlFrame;
        this.worldFrame = worldFrame;
        this.gravityFrame = gravityFrame;
        this.baseFrame = kinematics.baseLink();
        this.gains = gains;
        jointPosition = new double[dof];
        jointVelocity = new double[dof];
        jointAcceleration = new double[dof];
        qCurrent = new double[dof];
        qReference = new double[dof];
    }

    /** New gains from the next {@link #update} on (the loop's thread). */
    void setGains(AdmittanceGains gains) {
        this.gains = gains;
    }

    AdmittanceGains gains() {
        return gains;
    }

    /** Back to no offset, no motion and a zero filtered wrench (activation, deactivation). */
    void reset() {
        Arrays.fill(jointPosition, 0.0);
        Arrays.fill(jointVelocity, 0.0);
        Arrays.fill(jointAcceleration, 0.0);
        Arrays.fill(wrenchWorld, 0.0);
        Arrays.fill(wrenchBase, 0.0);
        Arrays.fill(admittancePosition, 0.0);
        Arrays.fill(admittanceVelocity, 0.0);
        Arrays.fill(admittanceAcceleration, 0.0);
    }

    /**
     * One cycle. Vectors in the controller's joint order; {@code measuredWrench} is force then torque in the sensor
     * frame. The outputs get reference + offset; when a kinematics call fails they get the reference unchanged, the
     * state stays as it was, and the answer is false (as upstream passes the reference through).
     */
    boolean update(double[] currentPosition, double[] measuredWrench, double[] referencePosition,
            double[] referenceVelocity, double[] referenceAcceleration, double dt, double[] positionOut,
            double[] velocityOut, double[] accelerationOut) {
        for (int i = 0; i < dof; i++) {
            qCurrent[toSolver[i]] = currentPosition[i];
            qReference[toSolver[i]] = referencePosition[i];
        }
        boolean ok = computeTransforms();
        if (ok) {
            processWrench(measuredWrench);
            ok = integrate(dt);
        }
        for (int i = 0; i < dof; i++) {
            int s = toSolver[i];
            positionOut[i] = referencePosition[i] + (ok ? jointPosition[s] : 0.0);
            velocityOut[i] = referenceVelocity[i] + (ok ? jointVelocity[s] : 0.0);
            accelerationOut[i] = referenceAcceleration[i] + (ok ? jointAcceleration[s] : 0.0);
        }
        return ok;
    }

    /**
     * The frames of this cycle: the sensor at the reference and now; the world, control and CoG frames now, each
     * without a kinematics call when it is the sensor frame (the same rotation) or the base (the identity), as it
     * usually is.
     */
    private boolean computeTransforms() {
        if (!kinematics.calculateLinkTransform(qReference, ftFrame, transform)) {
            return false;
        }
        referenceTranslation[0] = transform[3];
        referenceTranslation[1] = transform[7];
        referenceTranslation[2] = transform[11];
        Rotations.fromTransform(transform, referenceRotation);
        if (!kinematics.calculateLinkTransform(qCurrent, ftFrame, transform)) {
            return false;
        }
        Rotations.fromTransform(transform, currentRotation);
        // X: the sensor's pose now relative to its pose at the reference
        admittancePosition[0] = transform[3] - referenceTranslation[0];
        admittancePosition[1] = transform[7] - referenceTranslation[1];
        admittancePosition[2] = transform[11] - referenceTranslation[2];
        Rotations.multiplyTransposed(currentRotation, referenceRotation, relative);
        Rotations.log(relative, admittancePosition, 3);
        return rotationNow(worldFrame, baseWorld) && rotationNow(controlFrame, baseControl)
                && rotationNow(gravityFrame, baseGravity);
    }

    /** The rotation of {@code frame} in the base frame for the current joints (after the sensor's). */
    private boolean rotationNow(String frame, double[] out) {
        if (frame.equals(ftFrame)) {
            System.arraycopy(currentRotation, 0, out, 0, 9);
            return true;
        }
        if (frame.equals(baseFrame)) {
            System.arraycopy(IDENTITY, 0, out, 0, 9);
            return true;
        }
        if (!kinematics.calculateLinkTransform(qCurrent, frame, transform)) {
            return false;
        }
        Rotations.fromTransform(transform, out);
        return true;
    }

    /**
     * Sensor wrench → world, minus the tool's weight (0, 0, −m·g) at its CoG, smoothed; then into the base frame.
     * World rotations are the base-frame ones premultiplied by R_base_worldᵀ.
     */
    private void processWrench(double[] measured) {
        AdmittanceGains g = gains;
        Rotations.transposedMultiply(baseWorld, currentRotation, worldSensor);
        Rotations.transposedMultiply(baseWorld, baseGravity, worldGravity);
        Rotations.apply(worldSensor, measured, 0, wrench, 0);
        Rotations.apply(worldSensor, measured, 3, wrench, 3);
        double weight = -g.cogForce();
        wrench[2] -= weight;
        // τ −= r × (0, 0, weight)
        Rotations.apply(worldGravity, g.cogPosition(), 0, cog, 0);
        wrench[3] -= cog[1] * weight;
        wrench[4] -= -cog[0] * weight;
        double a = g.filterCoefficient();
        for (int i = 0; i < 6; i++) {
            wrenchWorld[i] = a * wrench[i] + (1.0 - a) * wrenchWorld[i];
        }
        Rotations.apply(baseWorld, wrenchWorld, 0, wrenchBase, 0);
        Rotations.apply(baseWorld, wrenchWorld, 3, wrenchBase, 3);
    }

    /** The mass-spring-damper in the control frame, mapped to the joints and integrated. */
    private boolean integrate(double dt) {
        AdmittanceGains g = gains;
        Rotations.applyTransposed(baseControl, wrenchBase, 0, control, 0);
        Rotations.applyTransposed(baseControl, wrenchBase, 3, control, 3);
        Rotations.applyTransposed(baseControl, admittanceVelocity, 0, velocityControl, 0);
        Rotations.applyTransposed(baseControl, admittanceVelocity, 3, velocityControl, 3);
        Rotations.applyTransposed(baseControl, admittancePosition, 0, positionControl, 0);
        Rotations.applyTransposed(baseControl, admittancePosition, 3, positionControl, 3);
        double[] selected = g.selectedAxes();
        double[] mass = g.mass();
        double[] damping = g.damping();
        double[] stiffness = g.stiffness();
        for (int i = 0; i < 6; i++) {
            control[i] = (control[i] * selected[i] - damping[i] * velocityControl[i]
                    - stiffness[i] * positionControl[i]) / mass[i];
        }
        Rotations.apply(baseControl, control, 0, cartesianAcceleration, 0);
        Rotations.apply(baseControl, control, 3, cartesianAcceleration, 3);
        if (!kinematics.convertCartesianDeltasToJointDeltas(qCurrent, cartesianAcceleration, ftFrame,
                jointAcceleration)) {
            return false;
        }
        double jointDamping = g.jointDamping();
        for (int j = 0; j < dof; j++) {
            jointAcceleration[j] -= jointDamping * jointVelocity[j];
            jointVelocity[j] += jointAcceleration[j] * dt;
            jointPosition[j] += jointVelocity[j] * dt;
        }
        return kinematics.convertJointDeltasToCartesianDeltas(qCurrent, jointVelocity, ftFrame, admittanceVelocity)
                && kinematics.convertJointDeltasToCartesianDeltas(qCurrent, jointAcceleration, ftFrame,
                        admittanceAcceleration);
    }

    /** The filtered wrench in the base frame (force, torque), as of the last update. */
    double[] wrenchBase() {
        return wrenchBase;
    }

    /** X: translation and θ·axis of the sensor frame relative to its reference pose, base frame. */
    double[] admittancePosition() {
        return admittancePosition;
    }

    /** Ẋ = J·q̇ of the admittance offsets, base frame. */
    double[] admittanceVelocity() {
        return admittanceVelocity;
    }

    /** The joint offset of controller joint {@code i}. */
    double jointPosition(int i) {
        return jointPosition[toSolver[i]];
    }

    double jointVelocity(int i) {
        return jointVelocity[toSolver[i]];
    }

    double jointAcceleration(int i) {
        return jointAcceleration[toSolver[i]];
    }
}
