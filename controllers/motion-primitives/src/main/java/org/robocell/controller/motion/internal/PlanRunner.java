package org.robocell.controller.motion.internal;

import org.robocell.motion.Plan;

/**
 * Plays a plan on the loop, one period per update, and stops it along its path on request: the playback speed falls
 * linearly to 0 within the time the fastest joint needs to brake at its acceleration limit (times 1.5), so a LIN
 * stops on its line. Allocation-free; loop thread only.
 */
final class PlanRunner {

    enum Phase {
        IDLE,
        RUNNING,
        STOPPING,
        /** Reached the plan's end this update. */
        DONE,
        /** Came to a stop this update. */
        STOPPED
    }

    private final double[] acceleration;
    private final double[] velocity;
    private Plan plan;
    private double tau;
    private double speed;
    private double stopTime;
    private Phase phase = Phase.IDLE;

    PlanRunner(double[] acceleration) {
        this.acceleration = acceleration.clone();
        this.velocity = new double[acceleration.length];
    }

    void start(Plan p) {
        plan = p;
        tau = 0;
        speed = 1;
        phase = Phase.RUNNING;
    }

    /** Stops where it is within its braking distance; false when nothing moves. */
    boolean stop(double period) {
        if (plan == null || (phase != Phase.RUNNING && phase != Phase.STOPPING)) {
            return false;
        }
        if (phase == Phase.RUNNING) {
            plan.velocity(tau, velocity);
            double longest = 0;
            for (int j = 0; j < velocity.length; j++) {
                longest = Math.max(longest, Math.abs(velocity[j]) * speed / acceleration[j]);
            }
            stopTime = Math.max(2 * period, 1.5 * longest);
            phase = Phase.STOPPING;
        }
        return true;
    }

    /** Drops the plan at once (deactivation); the caller holds where the joints are. */
    void abandon() {
        plan = null;
        phase = Phase.IDLE;
    }

    /** Advances one update and writes the joint positions to command; the phase after it. */
    Phase step(double period, double[] q) {
        if (plan == null) {
            return phase = Phase.IDLE;
        }
        if (phase == Phase.STOPPING) {
            speed -= period / stopTime;
            if (speed <= 0) {
                speed = 0;
                plan.sample(tau, q);
                plan = null;
                return phase = Phase.STOPPED;
            }
        }
        tau += speed * period;
        plan.sample(tau, q);
        if (tau >= plan.duration() - 1e-12) {
            plan = null;
            return phase = Phase.DONE;
        }
        return phase;
    }

    boolean moving() {
        return plan != null;
    }

    /** The primitive being executed, -1 when none. */
    int primitive() {
        return plan == null ? -1 : plan.primitiveAt(tau);
    }

    int primitives() {
        return plan == null ? 0 : plan.primitives();
    }

    /** Fraction of the plan done, NaN when none runs. */
    double progress() {
        return plan == null ? Double.NaN : plan.duration() == 0 ? 1.0 : Math.min(1.0, tau / plan.duration());
    }
}
