package org.robocell.driver.franka.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.function.Consumer;

import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;
import org.robocell.driver.franka.protocol.MoveStatus;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotCommand;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;

/** A stepped emulator on a free loopback port and a test client, with the moves of a libfranka control loop. */
final class SteppedRig implements AutoCloseable {

    /** Bound on the cycles any wait may take: far more than any answer needs, so a hang fails instead. */
    static final int MAX_STEPS = 2000;

    /**
     * Lets real time pass after a step that did not bring what a wait waits for: the robot's clock is stepped, but
     * the loopback sockets deliver in the kernel's time, which a loaded machine stretches (2000 steps without a pause
     * took 40 ms, and a TCP message had not arrived yet). The number of cycles stays what it was.
     */
    static void pause() {
        java.util.concurrent.locks.LockSupport.parkNanos(200_000);
    }

    final FrankaRobotEmulator robot;
    final FciTestClient client;
    final RobotCommand command = new RobotCommand();
    long moveId = -1;

    SteppedRig(ProtocolVersion version) throws IOException {
        robot = FrankaRobotEmulator.start(FrankaEmulatorConfig.defaults(version).withCommandPort(0)
                .withSteppedClock());
        client = new FciTestClient(robot.commandPort(), version);
    }

    static SteppedRig connected(ProtocolVersion version) throws IOException {
        SteppedRig rig = new SteppedRig(version);
        FciResponse r = rig.request(new FciRequest.Connect(version.number(), rig.client.udpPort()));
        assertEquals(ConnectStatus.SUCCESS, r.status());
        rig.awaitState();
        return rig;
    }

    /** Sends a request and steps the robot until its response arrives. */
    FciResponse request(FciRequest request) throws IOException {
        long id = client.send(request);
        return awaitResponse(id);
    }

    FciResponse awaitResponse(long id) throws IOException {
        for (int i = 0; i < MAX_STEPS; i++) {
            robot.step();
            FciResponse r = client.response(id);
            if (r != null) {
                return r;
            }
            pause();
        }
        throw new AssertionError("no response to request " + id + " in " + MAX_STEPS + " cycles");
    }

    /** Steps until {@code condition} holds (bounded: a condition that never comes fails the test). */
    void stepUntil(java.util.function.BooleanSupplier condition, String what) {
        for (int i = 0; i < MAX_STEPS; i++) {
            robot.step();
            if (condition.getAsBoolean()) {
                return;
            }
            pause();
        }
        throw new AssertionError("not within " + MAX_STEPS + " cycles: " + what);
    }

    /** Steps until a state has arrived; the newest is in {@code client.state}. */
    void awaitState() throws IOException {
        for (int i = 0; i < MAX_STEPS; i++) {
            robot.step();
            if (client.receiveState()) {
                return;
            }
            pause();
        }
        throw new AssertionError("no state in " + MAX_STEPS + " cycles");
    }

    /** Starts a motion as libfranka's startMotion does: Move, kMotionStarted, then states until the modes show. */
    void startMotion(MoveControllerMode controller, MoveMotionGeneratorMode generator) throws IOException {
        moveId = client.send(new FciRequest.Move(controller, generator));
        for (int i = 0; i < MAX_STEPS; i++) {
            robot.step();
            FciResponse r = client.response(moveId);
            if (r != null) {
                assertEquals(MoveStatus.MOTION_STARTED, r.status(), "the Move's first response");
                break;
            }
            pause();
        }
        for (int i = 0; i < MAX_STEPS; i++) {
            client.receiveState();
            if (client.state.robotMode() == RobotMode.MOVE
                    && client.state.motionGeneratorMode() == generator.stateMode()
                    && client.state.controllerMode() == controller.stateMode()) {
                return;
            }
            robot.step();
            pause();
        }
        throw new AssertionError("the robot never showed the motion's modes");
    }

    /**
     * One control cycle as libfranka's: read the newest state, fill the command for it, send it, let the robot
     * run its cycle. Returns false when no state arrived.
     */
    boolean cycle(Consumer<RobotCommand> fill) throws IOException {
        client.receiveState();
        command.clear();
        command.messageId = client.state.messageId();
        fill.accept(command);
        client.sendCommand(command);
        robot.step();
        return true;
    }

    /** A cycle in which the client sends nothing (a lost packet). */
    void lose() throws IOException {
        client.receiveState();
        robot.step();
    }

    /** The Move's final response, stepping while the client keeps quiet. */
    FciResponse moveResult() throws IOException {
        FciResponse r = awaitResponse(moveId);
        client.receiveState();
        return r;
    }

    double[] q() {
        double[] q = new double[7];
        client.state.get(StateField.Q, q);
        return q;
    }

    void assertHolding() throws IOException {
        double[] before = q();
        for (int i = 0; i < 20; i++) {
            robot.step();
        }
        assertTrue(client.receiveState());
        double[] after = q();
        for (int i = 0; i < 7; i++) {
            assertEquals(before[i], after[i], 1e-12, "joint " + (i + 1) + " holds");
            assertEquals(0, client.state.get(StateField.DQ, i), "joint " + (i + 1) + " velocity");
        }
    }

    @Override
    public void close() throws IOException {
        client.close();
        robot.close();
    }
}
