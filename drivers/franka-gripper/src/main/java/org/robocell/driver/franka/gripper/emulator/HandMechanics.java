package org.robocell.driver.franka.gripper.emulator;

import java.util.ArrayList;
import java.util.List;

import org.robocell.driver.franka.gripper.protocol.GripperCommand;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperState;
import org.robocell.driver.franka.gripper.protocol.GripperStatus;

/**
 * The Hand's fingers as the emulator moves them, stepped by whoever owns it (the emulator's thread, or a test). One
 * command runs at a time; a new one ends the running one with kAborted, as does Stop. A command's answer comes when
 * it is done, as libfranka waits for it: Homing when the fingers have closed and opened again, Move at the target,
 * Grasp when the fingers meet the object (or close fully when there is none). A grasp succeeds when the opening it
 * ends at lies strictly between {@code width - epsilon_inner} and {@code width + epsilon_outer} (franka_ros2
 * {@code franka_gripper/doc/index.rst}); otherwise it is kUnsuccessful. Not thread-safe: one thread steps it.
 */
final class HandMechanics {

    /** What the fingers are doing. */
    enum Phase { IDLE, HOMING_CLOSE, HOMING_OPEN, MOVING, GRASPING, HOLDING }

    /** A command answered kFail, with the reason and the line the emulator logs. */
    record Refused(GripperRequest request, HandRefusal reason, String detail) {
    }

    private final HandEmulatorConfig config;
    private final List<Refused> refusals = new ArrayList<>();
    private double width;
    private double maxWidth;
    private double objectWidth;
    private boolean grasped;
    private Phase phase = Phase.IDLE;
    private GripperRequest running;
    private double target;
    private double speed;

    HandMechanics(HandEmulatorConfig config) {
        this.config = config;
        this.maxWidth = config.maxWidth();
        this.width = config.maxWidth();
        this.objectWidth = config.objectWidth();
    }

    /**
     * Takes a command. Returns what is answered at once: kAborted for a command it preempts, and its own answer
     * when it has one now (Stop, a refusal); the answer of a command that runs comes from {@link #advance}.
     */
    List<GripperResponse> command(GripperRequest r) {
        List<GripperResponse> answers = new ArrayList<>(2);
        if (r.command() == GripperCommand.CONNECT) {
            throw new IllegalArgumentException("Connect is the command server's");
        }
        HandRefusal refusal = check(r);
        if (refusal != null) {
            refusals.add(new Refused(r, refusal, describe(r, refusal)));
            answers.add(GripperResponse.of(r.command(), r.commandId(), GripperStatus.FAIL));
            return answers;
        }
        if (running != null) {
            answers.add(GripperResponse.of(running.command(), running.commandId(), GripperStatus.ABORTED));
            running = null;
        }
        grasped = false;
        switch (r.command()) {
            case STOP -> {
                phase = Phase.IDLE;
                answers.add(GripperResponse.of(GripperCommand.STOP, r.commandId(), GripperStatus.SUCCESS));
            }
            case HOMING -> begin(r, Phase.HOMING_CLOSE, 0, config.maxSpeed());
            case MOVE -> begin(r, Phase.MOVING, r.width(), r.speed());
            case GRASP -> begin(r, Phase.GRASPING, r.width() <= width ? contactWidth() : maxWidth, r.speed());
            default -> throw new IllegalStateException(r.command().wireName());
        }
        return answers;
    }

    private void begin(GripperRequest r, Phase p, double towards, double requestedSpeed) {
        running = r;
        phase = p;
        target = towards;
        speed = Math.min(requestedSpeed, config.maxSpeed());
    }

    /** Closing, the fingers stop at the object if it lies between them, else when they are shut. */
    private double contactWidth() {
        return hasObject() && objectWidth <= width ? objectWidth : 0;
    }

    private boolean hasObject() {
        return !Double.isNaN(objectWidth);
    }

    /** Moves the fingers on by {@code dt} seconds; the answer of the command that finished now, or null. */
    GripperResponse advance(double dt) {
        if (running == null) {
            return null;
        }
        double stopAt = target;
        if (phase == Phase.MOVING && hasObject() && target < objectWidth && objectWidth <= width) {
            stopAt = objectWidth; // a move closing onto the object ends there
        }
        double step = speed * dt;
        if (Math.abs(stopAt - width) > step) {
            width += Math.signum(stopAt - width) * step;
            return null;
        }
        width = stopAt;
        GripperRequest done = running;
        switch (phase) {
            case HOMING_CLOSE -> {
                phase = Phase.HOMING_OPEN;
                target = config.maxWidth();
                return null;
            }
            case HOMING_OPEN -> {
                maxWidth = config.maxWidth();
                return finish(done, GripperStatus.SUCCESS, Phase.IDLE);
            }
            case MOVING -> {
                if (stopAt != target) {
                    refusals.add(new Refused(done, HandRefusal.BLOCKED_BY_OBJECT, "Move to width=" + target
                            + " m stopped at the object at " + objectWidth + " m"));
                    return finish(done, GripperStatus.FAIL, Phase.IDLE);
                }
                return finish(done, GripperStatus.SUCCESS, Phase.IDLE);
            }
            case GRASPING -> {
                boolean inBand = width > done.width() - done.epsilonInner() && width < done.width()
                        + done.epsilonOuter();
                grasped = inBand;
                return finish(done, inBand ? GripperStatus.SUCCESS : GripperStatus.UNSUCCESSFUL,
                        inBand ? Phase.HOLDING : Phase.IDLE);
            }
            default -> throw new IllegalStateException(phase.name());
        }
    }

    private GripperResponse finish(GripperRequest done, GripperStatus status, Phase next) {
        running = null;
        phase = next;
        return GripperResponse.of(done.command(), done.commandId(), status);
    }

    private HandRefusal check(GripperRequest r) {
        return switch (r.command()) {
            case MOVE -> checkWidthAndSpeed(r);
            case GRASP -> {
                HandRefusal w = checkWidthAndSpeed(r);
                if (w != null) {
                    yield w;
                }
                if (!Double.isFinite(r.force()) || !Double.isFinite(r.epsilonInner())
                        || !Double.isFinite(r.epsilonOuter())) {
                    yield HandRefusal.NOT_A_NUMBER;
                }
                if (r.epsilonInner() < 0 || r.epsilonOuter() < 0) {
                    yield HandRefusal.EPSILON_NEGATIVE;
                }
                yield r.force() <= 0 || r.force() > config.maxForce() ? HandRefusal.FORCE_OUT_OF_RANGE : null;
            }
            default -> null;
        };
    }

    private HandRefusal checkWidthAndSpeed(GripperRequest r) {
        if (!Double.isFinite(r.width()) || !Double.isFinite(r.speed())) {
            return HandRefusal.NOT_A_NUMBER;
        }
        if (r.width() < 0) {
            return HandRefusal.WIDTH_NEGATIVE;
        }
        if (r.width() > maxWidth) {
            return HandRefusal.WIDTH_BEYOND_MAX;
        }
        return r.speed() <= 0 ? HandRefusal.SPEED_NOT_POSITIVE : null;
    }

    private String describe(GripperRequest r, HandRefusal reason) {
        String c = r.command().wireName();
        return switch (reason) {
            case NOT_A_NUMBER -> c + " with a value that is not a number (width=" + r.width() + ", speed=" + r.speed()
                    + (r.command() == GripperCommand.GRASP ? ", force=" + r.force() + ", epsilon=" + r.epsilonInner()
                            + "/" + r.epsilonOuter() : "") + ")";
            case WIDTH_NEGATIVE -> c + " width=" + r.width() + " m is negative";
            case WIDTH_BEYOND_MAX -> c + " width=" + r.width() + " m is beyond max_width=" + maxWidth + " m";
            case SPEED_NOT_POSITIVE -> c + " speed=" + r.speed() + " m/s is not positive";
            case FORCE_OUT_OF_RANGE -> c + " force=" + r.force() + " N is not in (0, " + config.maxForce() + "]";
            case EPSILON_NEGATIVE -> c + " epsilon inner=" + r.epsilonInner() + " outer=" + r.epsilonOuter()
                    + " m: negative";
            case BLOCKED_BY_OBJECT -> c + " blocked by the object";
        };
    }

    /** Refusals since the last call, oldest first (the emulator logs them). */
    List<Refused> drainRefusals() {
        List<Refused> out = List.copyOf(refusals);
        refusals.clear();
        return out;
    }

    GripperState state(long messageId) {
        return new GripperState(messageId, width, maxWidth, grasped, config.temperature());
    }

    /** Puts an object of that width between the fingers (NaN: takes it away); a held object let go drops. */
    void placeObject(double newWidth) {
        objectWidth = newWidth;
        if (phase == Phase.HOLDING && (Double.isNaN(newWidth) || newWidth != width)) {
            grasped = false;
            phase = Phase.IDLE;
        }
    }

    double width() {
        return width;
    }

    boolean grasped() {
        return grasped;
    }

    Phase phase() {
        return phase;
    }
}
