package org.robocell.api.motion;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

import org.osgi.annotation.versioning.ProviderType;

/** A submitted motion primitive goal. Its status changes on the control loop; reading it never blocks the loop. */
@ProviderType
public interface MotionGoalHandle {

    long id();

    /** Number of primitives in the goal. */
    int primitives();

    GoalStatus status();

    /** The result once the status is final; empty before. */
    Optional<MotionResult> result();

    /** Waits (off the loop, polling) until the status is final. */
    MotionResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException;

    /**
     * Asks to stop: the robot gets STOP_MOTION, and once it reports STOPPED it is reset (RESET_STOP) and the goal ends
     * CANCELED. False when the goal had already ended.
     */
    boolean cancel();

    /** The goal while it executes; empty otherwise. */
    Optional<MotionFeedback> feedback();
}
