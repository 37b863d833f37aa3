package org.robocell.driver.franka.internal.hardware;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.robocell.driver.franka.api.CollisionBehavior;
import org.robocell.driver.franka.api.FrankaAnswer;
import org.robocell.driver.franka.api.FrankaCommandException;
import org.robocell.driver.franka.api.FrankaCommandException.Reason;
import org.robocell.driver.franka.api.FrankaRobot;
import org.robocell.driver.franka.api.FrankaState;
import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * A Franka component's {@link FrankaRobot}: each call checked ({@link CommandArguments}), then sent on the
 * component's command channel while it is connected, or on a connection of the call's own ({@link FciSession})
 * while it is not. Never on the control loop: the shell and other callers' threads wait for the robot's answer.
 */
final class FrankaRobotService implements FrankaRobot {

    private static final System.Logger LOG = System.getLogger(FrankaRobotService.class.getName());

    private final FrankaHardware hardware;

    FrankaRobotService(FrankaHardware hardware) {
        this.hardware = hardware;
    }

    @Override
    public String component() {
        return hardware.name();
    }

    @Override
    public FrankaAnswer setCollisionBehavior(CollisionBehavior thresholds) {
        if (thresholds == null) {
            throw new FrankaCommandException(Reason.INVALID_ARGUMENT, "no collision thresholds given; nothing sent");
        }
        return send(CommandArguments.collision(thresholds));
    }

    @Override
    public FrankaAnswer setJointImpedance(double[] kTheta) {
        return send(CommandArguments.jointImpedance(kTheta));
    }

    @Override
    public FrankaAnswer setCartesianImpedance(double[] kX) {
        return send(CommandArguments.cartesianImpedance(kX));
    }

    @Override
    public FrankaAnswer setEE(double[] neTEe) {
        return send(CommandArguments.endEffector(neTEe));
    }

    @Override
    public FrankaAnswer setK(double[] eeTK) {
        return send(CommandArguments.stiffnessFrame(eeTK));
    }

    @Override
    public FrankaAnswer setLoad(double mass, double[] centerOfMass, double[] inertia) {
        return send(CommandArguments.load(mass, centerOfMass, inertia));
    }

    @Override
    public FrankaAnswer setGuidingMode(boolean[] axes, boolean elbow) {
        if (axes == null || axes.length != 6) {
            throw new FrankaCommandException(Reason.INVALID_ARGUMENT, "guiding_mode takes 6 flags (x, y, z, roll,"
                    + " pitch, yaw), got " + (axes == null ? 0 : axes.length) + "; nothing sent");
        }
        return send(new FciRequest.SetGuidingMode(axes.clone(), elbow));
    }

    @Override
    public FrankaAnswer stop() {
        hardware.stopRequested();
        return send(new FciRequest.Empty(Command.STOP_MOVE));
    }

    @Override
    public FrankaAnswer automaticErrorRecovery() {
        return send(new FciRequest.Empty(Command.AUTOMATIC_ERROR_RECOVERY));
    }

    @Override
    public FrankaState state() {
        StateReceiver receiver = hardware.receiver();
        ProtocolVersion version = hardware.version();
        if (receiver != null && version != null) {
            CompletableFuture<RobotState> next = receiver.snapshot();
            try {
                return new FrankaState(next.get(hardware.settings().connectTimeoutMs(), TimeUnit.MILLISECONDS),
                        version, true);
            } catch (TimeoutException e) {
                throw new FrankaCommandException(Reason.NO_ANSWER, "'" + component() + "': no robot state within "
                        + hardware.settings().connectTimeoutMs() + " ms (connect_timeout_ms)");
            } catch (ExecutionException e) {
                throw new FrankaCommandException(Reason.NO_ANSWER, "'" + component() + "': "
                        + e.getCause().getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FrankaCommandException(Reason.NO_ANSWER, "interrupted waiting for the robot's state");
            }
        }
        try (FciSession session = openSession()) {
            return new FrankaState(session.firstState(hardware.settings().connectTimeoutMs()), session.version(),
                    false);
        } catch (IOException e) {
            throw notConnected(e);
        }
    }

    private FrankaAnswer send(FciRequest request) {
        long timeout = hardware.settings().moveTimeoutMs();
        CommandChannel channel = hardware.commandChannel();
        FrankaAnswer answer;
        if (channel != null && channel.closedBecause() == null) {
            answer = ask(channel, request, timeout);
        } else {
            try (FciSession session = openSession()) {
                answer = ask(session.channel(), request, timeout);
            } catch (IOException e) {
                throw notConnected(e);
            }
        }
        LOG.log(answer.success() ? Level.INFO : Level.WARNING, "{0}: {1}", component(), answer);
        return answer;
    }

    private FrankaAnswer ask(CommandChannel channel, FciRequest request, long timeout) {
        try {
            FciResponse r = channel.request(request, timeout);
            return new FrankaAnswer(request.command(), r.status());
        } catch (IOException e) {
            throw new FrankaCommandException(Reason.NO_ANSWER, "'" + component() + "': " + request.command()
                    .wireName() + " got no answer: " + e.getMessage());
        }
    }

    private FciSession openSession() throws IOException {
        return FciSession.open(hardware.settings());
    }

    private FrankaCommandException notConnected(IOException e) {
        return new FrankaCommandException(Reason.NOT_CONNECTED, "'" + component() + "' is not connected and the"
                + " robot at " + hardware.settings().robotIp() + ":" + hardware.settings().commandPort()
                + " cannot be reached: " + e.getMessage());
    }
}
