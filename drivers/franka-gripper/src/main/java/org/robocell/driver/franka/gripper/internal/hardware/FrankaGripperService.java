package org.robocell.driver.franka.gripper.internal.hardware;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;

import org.robocell.driver.franka.gripper.api.FrankaGripper;
import org.robocell.driver.franka.gripper.api.GripperAnswer;
import org.robocell.driver.franka.gripper.api.GripperOutcome;
import org.robocell.driver.franka.gripper.api.HandState;
import org.robocell.driver.franka.gripper.protocol.GripperProtocolException;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperStatus;

/** A Hand component's goal API: each call checks its numbers, then goes to the Hand on the caller's thread. */
final class FrankaGripperService implements FrankaGripper {

    private final FrankaGripperHardware hardware;

    FrankaGripperService(FrankaGripperHardware hardware) {
        this.hardware = hardware;
    }

    @Override
    public String component() {
        return hardware.name();
    }

    @Override
    public GripperAnswer homing() {
        return call("Homing", GripperRequest::homing);
    }

    @Override
    public GripperAnswer move(double width, double speed) {
        Optional<HandState> s = state();
        if (s.isPresent()) {
            String wrong = GripperArguments.move(width, speed, s.get().maxWidth());
            if (wrong != null) {
                return refused("Move", wrong);
            }
        }
        return call("Move", id -> GripperRequest.move(id, width, speed));
    }

    @Override
    public GripperAnswer grasp(double width, double speed, double force, double epsilonInner, double epsilonOuter) {
        Optional<HandState> s = state();
        if (s.isPresent()) {
            String wrong = GripperArguments.grasp(width, speed, force, epsilonInner, epsilonOuter,
                    s.get().maxWidth());
            if (wrong != null) {
                return refused("Grasp", wrong);
            }
        }
        return call("Grasp", id -> GripperRequest.grasp(id, width, epsilonInner, epsilonOuter, speed, force));
    }

    @Override
    public GripperAnswer stop() {
        return call("Stop", GripperRequest::stop);
    }

    @Override
    public Optional<HandState> state() {
        GripperLink link = hardware.link();
        return link == null || link.broken() != null ? Optional.empty() : Optional.ofNullable(link.latest());
    }

    private GripperAnswer refused(String command, String why) {
        return new GripperAnswer(GripperOutcome.REFUSED, label() + ": " + command + ": " + why);
    }

    private GripperAnswer call(String command, LongFunction<GripperRequest> request) {
        GripperLink link = hardware.link();
        if (link == null) {
            return new GripperAnswer(GripperOutcome.NOT_CONNECTED, label() + " is not connected to its Hand; nothing"
                    + " sent");
        }
        GripperResponse r;
        try {
            r = link.execute(request, hardware.settings().commandTimeout().toNanos());
        } catch (TimeoutException e) {
            return new GripperAnswer(GripperOutcome.NO_ANSWER, label() + ": " + command + ": no answer within "
                    + hardware.settings().commandTimeout().toMillis() + " ms (command_timeout_ms); the Hand may"
                    + " still be carrying it out");
        } catch (IOException e) {
            return new GripperAnswer(GripperOutcome.NO_ANSWER, label() + ": " + command + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new GripperAnswer(GripperOutcome.NO_ANSWER, label() + ": " + command + ": interrupted while"
                    + " waiting for the Hand");
        }
        GripperStatus status;
        try {
            status = r.status();
        } catch (GripperProtocolException e) {
            return new GripperAnswer(GripperOutcome.FAILED, label() + ": " + command + ": " + e.getMessage());
        }
        String line = label() + ": " + command + ": " + status.wireName();
        return switch (status) {
            case SUCCESS -> new GripperAnswer(GripperOutcome.SUCCESS, line);
            case UNSUCCESSFUL -> new GripperAnswer(GripperOutcome.UNSUCCESSFUL, line + " (unsuccessful: the fingers"
                    + " stopped outside width - epsilon_inner .. width + epsilon_outer, nothing grasped there)");
            case FAIL -> new GripperAnswer(GripperOutcome.FAILED, line + " (the Hand could not carry it out)");
            case ABORTED -> new GripperAnswer(GripperOutcome.ABORTED, line + " (a stop or a newer command ended it)");
        };
    }

    private String label() {
        return hardware.name();
    }
}
