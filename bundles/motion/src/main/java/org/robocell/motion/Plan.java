package org.robocell.motion;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A planned motion: joint positions sampled every {@link #sampleTime()} from time 0 (the start) to
 * {@link #duration()}, checked against every limit. Immutable and safe to share; {@link #sample} and
 * {@link #velocity} allocate nothing, so the control loop calls them every cycle. Between samples joint positions are
 * interpolated linearly; before 0 the plan is at its start, after its duration at its goal.
 */
@ProviderType
public interface Plan {

    /** The joints, in the order of every joint vector. */
    List<String> jointNames();

    /** Seconds from start to goal. */
    double duration();

    double sampleTime();

    /** Number of samples, {@code duration / sampleTime + 1}. */
    int samples();

    /** Joint positions at time {@code t} into {@code q} (length {@code jointNames().size()}). */
    void sample(double t, double[] q);

    /** Joint velocities at time {@code t} into {@code dq}: the slope of the sample interval holding {@code t}. */
    void velocity(double t, double[] dq);

    /** Number of primitives planned. */
    int primitives();

    /** The primitive being executed at time {@code t} (0-based; the last after the end). */
    int primitiveAt(double t);

    /** When primitive {@code i} ends: where it reaches its goal, or where it hands over to the next in a blend. */
    double primitiveEnd(int i);

    /** The blends between consecutive primitives that blend (blend radius above 0), in order. */
    List<Blend> blends();

    /** The start joint positions. */
    double[] start();

    /** The goal joint positions. */
    double[] goal();
}
