package org.robocell.driver.franka.api;

import java.util.Arrays;

/**
 * libfranka's {@code setCollisionBehavior} thresholds: above a lower threshold the robot reports contact, above an
 * upper one collision, and stops the motion (a reflex). Torques per joint (7, Nm), forces and torques on the end
 * effector (6: x, y, z in N, roll, pitch, yaw in Nm), each for the acceleration phases and for nominal motion.
 */
public record CollisionBehavior(double[] lowerTorqueThresholdsAcceleration,
        double[] upperTorqueThresholdsAcceleration, double[] lowerTorqueThresholdsNominal,
        double[] upperTorqueThresholdsNominal, double[] lowerForceThresholdsAcceleration,
        double[] upperForceThresholdsAcceleration, double[] lowerForceThresholdsNominal,
        double[] upperForceThresholdsNominal) {

    public CollisionBehavior {
        lowerTorqueThresholdsAcceleration = copy(lowerTorqueThresholdsAcceleration);
        upperTorqueThresholdsAcceleration = copy(upperTorqueThresholdsAcceleration);
        lowerTorqueThresholdsNominal = copy(lowerTorqueThresholdsNominal);
        upperTorqueThresholdsNominal = copy(upperTorqueThresholdsNominal);
        lowerForceThresholdsAcceleration = copy(lowerForceThresholdsAcceleration);
        upperForceThresholdsAcceleration = copy(upperForceThresholdsAcceleration);
        lowerForceThresholdsNominal = copy(lowerForceThresholdsNominal);
        upperForceThresholdsNominal = copy(upperForceThresholdsNominal);
    }

    /**
     * libfranka's four-argument {@code setCollisionBehavior}: the same thresholds for acceleration and nominal
     * motion.
     */
    public static CollisionBehavior of(double[] lowerTorque, double[] upperTorque, double[] lowerForce,
            double[] upperForce) {
        return new CollisionBehavior(lowerTorque, upperTorque, lowerTorque, upperTorque, lowerForce, upperForce,
                lowerForce, upperForce);
    }

    /** One torque range for every joint and one force range for every axis. */
    public static CollisionBehavior uniform(double lowerTorque, double upperTorque, double lowerForce,
            double upperForce) {
        return of(fill(7, lowerTorque), fill(7, upperTorque), fill(6, lowerForce), fill(6, upperForce));
    }

    private static double[] fill(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    private static double[] copy(double[] a) {
        return a == null ? null : a.clone();
    }

    @Override
    public double[] lowerTorqueThresholdsAcceleration() {
        return copy(lowerTorqueThresholdsAcceleration);
    }

    @Override
    public double[] upperTorqueThresholdsAcceleration() {
        return copy(upperTorqueThresholdsAcceleration);
    }

    @Override
    public double[] lowerTorqueThresholdsNominal() {
        return copy(lowerTorqueThresholdsNominal);
    }

    @Override
    public double[] upperTorqueThresholdsNominal() {
        return copy(upperTorqueThresholdsNominal);
    }

    @Override
    public double[] lowerForceThresholdsAcceleration() {
        return copy(lowerForceThresholdsAcceleration);
    }

    @Override
    public double[] upperForceThresholdsAcceleration() {
        return copy(upperForceThresholdsAcceleration);
    }

    @Override
    public double[] lowerForceThresholdsNominal() {
        return copy(lowerForceThresholdsNominal);
    }

    @Override
    public double[] upperForceThresholdsNominal() {
        return copy(upperForceThresholdsNominal);
    }
}
