package org.robocell.driver.franka.emulator;

import java.util.Arrays;

import org.ejml.data.DMatrixRMaj;
import org.robocell.driver.franka.internal.model.Transforms;
import org.robocell.driver.franka.protocol.BasicStatus;
import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.ControllerMode;
import org.robocell.driver.franka.protocol.ErrorRecoveryStatus;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.ModelLibraryStatus;
import org.robocell.driver.franka.protocol.MotionGeneratorMode;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;
import org.robocell.driver.franka.protocol.MoveStatus;
import org.robocell.driver.franka.protocol.RobotCommand;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.SetterStatus;
import org.robocell.driver.franka.protocol.StopMoveStatus;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;

/**
 * The robot's side of FCI, one 1 ms cycle at a time: answers the TCP commands, runs a Move (motion generator,
 * controller, the plant under gravity-compensated torques), checks the limits and reflexes and ends the Move with
 * kSuccess or kReflexAborted. Not thread-safe: the emulator calls it from its cycle only.
 */
final class RobotFirmware {

    /** libfranka's documented rule: the robot stops after this many consecutive cycles without a command. */
    static final int MAX_CONSECUTIVE_LOST = 20;
    /** Control steps per 1 ms cycle: the robot's inner joint control rate is 4 kHz here. */
    static final int CONTROL_SUBSTEPS = 4;
    private static final int DOF = 7;

    /** Where the final response of a Move goes. */
    interface MoveListener {
        void moveEnded(long moveCommandId, MoveStatus status);
    }

    private final Plant plant;
    private final KinematicWorkspace model;
    private final double dt;
    private final double margin;
    private final byte[] urdf;
    private final MoveListener listener;
    final RobotSettings settings = new RobotSettings();
    final JointMotionGenerator generator;
    final CartesianMotionGenerator cartesian;
    private final CartesianImpedanceController cartesianImpedance;
    private final double[] qNext = new double[DOF];
    private final double[] fTEe = new double[16];
    final SuccessRateWindow successRate = new SuccessRateWindow();

    final boolean[] errors = new boolean[FrankaError.COUNT];
    final boolean[] reflexReason = new boolean[FrankaError.COUNT];
    RobotMode robotMode = RobotMode.IDLE;
    MotionGeneratorMode motionGeneratorMode = MotionGeneratorMode.IDLE;
    ControllerMode controllerMode = ControllerMode.JOINT_IMPEDANCE;
    private MoveControllerMode moveController;
    private long moveCommandId = -1;
    int consecutiveLost;
    /** commands a motion may lose in a row before the robot stops it: 20 on an FR3 */
    int lostCommandsLimit = MAX_CONSECUTIVE_LOST;
    long motionCycles;

    final double[] tauD = new double[DOF];
    final double[] tauJ = new double[DOF];
    final double[] dtauJ = new double[DOF];
    final double[] tauExtFiltered = new double[DOF];
    /** The wrench the environment exerts at the flange (base frame) and the robot's filtered estimate of it. */
    private final double[] flangeWrench = new double[6];
    final double[] wrenchFiltered = new double[6];
    private final double[] lastTauCommand = new double[DOF];
    private final double[] gravity = new double[DOF];
    private final double[] inverse = new double[DOF];
    private final double[] motor = new double[DOF];
    private final double[] jointDamping = new double[DOF];
    private final DMatrixRMaj mass = new DMatrixRMaj(DOF, DOF);
    /** the payload of SetLoad in the robot's model: compensated, and seen as external when the plant lacks it */
    private final ModelledLoad load;

    RobotFirmware(Plant plant, KinematicModel model, double dt, double margin, byte[] urdf, MoveListener listener) {
        this.plant = plant;
        this.model = model.newWorkspace();
        this.dt = dt;
        this.margin = margin;
        this.urdf = urdf.clone();
        this.listener = listener;
        this.generator = new JointMotionGenerator(dt, margin);
        this.cartesian = new CartesianMotionGenerator(model, dt, margin);
        this.cartesianImpedance = new CartesianImpedanceController(model);
        this.load = new ModelledLoad(model);
        generator.rest(plant.q());
        holdTorques();
    }

    boolean moving() {
        return robotMode == RobotMode.MOVE;
    }

    /** The immediate response to a request other than Connect. */
    FciResponse handle(long commandId, FciRequest request) {
        Command command = request.command();
        switch (command) {
            case MOVE:
                return FciResponse.of(command, commandId, startMove(commandId, (FciRequest.Move) request));
            case STOP_MOVE:
                if (moving()) {
                    endMove(MoveStatus.PREEMPTED);
                }
                return FciResponse.of(command, commandId, StopMoveStatus.SUCCESS);
            case AUTOMATIC_ERROR_RECOVERY:
                if (moving()) {
                    return FciResponse.of(command, commandId, ErrorRecoveryStatus.COMMAND_NOT_POSSIBLE_REJECTED);
                }
                Arrays.fill(errors, false);
                robotMode = RobotMode.IDLE;
                return FciResponse.of(command, commandId, ErrorRecoveryStatus.SUCCESS);
            case LOAD_MODEL_LIBRARY:
                // the proprietary model library is Franka's; the emulator has none to give
                return FciResponse.of(command, commandId, ModelLibraryStatus.ERROR);
            case GET_ROBOT_MODEL:
                return new FciResponse(command, commandId, BasicStatus.SUCCESS, -1, urdf);
            default:
                if (moving()) {
                    return FciResponse.of(command, commandId, SetterStatus.COMMAND_NOT_POSSIBLE_REJECTED);
                }
                String refused = settings.apply(request);
                return FciResponse.of(command, commandId,
                        refused == null ? SetterStatus.SUCCESS : SetterStatus.INVALID_ARGUMENT_REJECTED);
        }
    }

    private MoveStatus startMove(long commandId, FciRequest.Move move) {
        if (moving() || robotMode != RobotMode.IDLE) {
            return MoveStatus.COMMAND_NOT_POSSIBLE_REJECTED;
        }
        MoveMotionGeneratorMode mg = move.motionGeneratorMode();
        if (mg == MoveMotionGeneratorMode.NONE && move.controllerMode() != MoveControllerMode.EXTERNAL_CONTROLLER) {
            return MoveStatus.INVALID_ARGUMENT_REJECTED;
        }
        if (move.useAsyncMotionGenerator()) {
            // not emulated (yet): said in the module README
            return MoveStatus.COMMAND_NOT_POSSIBLE_REJECTED;
        }
        moveCommandId = commandId;
        moveController = move.controllerMode();
        robotMode = RobotMode.MOVE;
        motionGeneratorMode = mg.stateMode();
        controllerMode = move.controllerMode().stateMode();
        Arrays.fill(reflexReason, false);
        Arrays.fill(lastTauCommand, 0);
        consecutiveLost = 0;
        motionCycles = 0;
        successRate.reset();
        Transforms.multiply(settings.fTNe, settings.neTEe, fTEe);
        if (move.controllerMode() == MoveControllerMode.CARTESIAN_IMPEDANCE) {
            cartesianImpedance.start(plant.q(), settings.kX, fTEe);
        }
        if (mg == MoveMotionGeneratorMode.CARTESIAN_POSITION || mg == MoveMotionGeneratorMode.CARTESIAN_VELOCITY) {
            generator.startCartesian(plant.q());
            cartesian.start(plant.q(), fTEe, mg == MoveMotionGeneratorMode.CARTESIAN_VELOCITY);
        } else {
            generator.start(plant.q(), mg == MoveMotionGeneratorMode.JOINT_VELOCITY);
        }
        model.massMatrix(plant.q(), mass);
        for (int i = 0; i < DOF; i++) {
            // a damping ratio of about 0.7 on each joint's own inertia
            jointDamping[i] = 1.4 * Math.sqrt(Math.max(0, settings.kTheta[i]) * mass.get(i, i));
        }
        return MoveStatus.MOTION_STARTED;
    }

    /** A contact: the environment pushes the flange with {@code wrench} (N, Nm, base frame) until changed. */
    void applyFlangeWrench(double[] wrench) {
        System.arraycopy(wrench, 0, flangeWrench, 0, 6);
        plant.applyFlangeWrench(wrench);
    }

    /** The client left: a running motion stops without anyone to tell. */
    void clientGone() {
        if (moving()) {
            endMove(MoveStatus.ABORTED);
        }
    }

    /** One cycle; {@code fresh} is the command that answered the last state, or null when none did. */
    void cycle(RobotCommand fresh) {
        if (!moving()) {
            plant.hold();
            generator.rest(plant.q());
            holdTorques();
            return;
        }
        motionCycles++;
        successRate.record(fresh != null);
        consecutiveLost = fresh == null ? consecutiveLost + 1 : 0;
        if (consecutiveLost >= lostCommandsLimit) {
            errors[FrankaError.COMMUNICATION_CONSTRAINTS_VIOLATION.ordinal()] = true;
            abort();
            return;
        }
        boolean external = moveController == MoveControllerMode.EXTERNAL_CONTROLLER;
        if (motionGeneratorMode == MotionGeneratorMode.CARTESIAN_POSITION
                || motionGeneratorMode == MotionGeneratorMode.CARTESIAN_VELOCITY) {
            System.arraycopy(generator.qD, 0, qNext, 0, DOF);
            cartesian.update(fresh, qNext, errors);
            generator.update(qNext, errors);
        } else if (motionGeneratorMode != MotionGeneratorMode.NONE) {
            double[] target = fresh == null ? null
                    : motionGeneratorMode == MotionGeneratorMode.JOINT_VELOCITY ? fresh.dqC : fresh.qC;
            generator.update(target, errors);
        } else {
            generator.rest(plant.q());
        }
        if (external && fresh != null) {
            checkTorques(fresh.tauJD);
            System.arraycopy(fresh.tauJD, 0, lastTauCommand, 0, DOF);
        }
        if (any(errors)) {
            abort();
            return;
        }
        // the robot's joint controllers run faster than the 1 kHz of FCI: they and the gravity compensation are
        // evaluated at each sub-step, the command of this cycle held
        for (int s = 0; s < CONTROL_SUBSTEPS; s++) {
            control(external);
            plant.step(motor, dt / CONTROL_SUBSTEPS);
        }
        measureTorques(motor);
        checkState();
        if (any(errors)) {
            abort();
            return;
        }
        if (fresh != null && (fresh.motionGenerationFinished || fresh.torqueCommandFinished)) {
            endMove(MoveStatus.SUCCESS);
        }
    }

    /** The motor torques of this instant: the controller's torques (gravity excluded) and gravity. */
    private void control(boolean external) {
        double[] q = plant.q();
        double[] dq = plant.dq();
        model.gravity(q, gravity);
        if (external) {
            // a lost torque packet: the robot reuses the last torques it received
            System.arraycopy(lastTauCommand, 0, tauD, 0, DOF);
        } else if (moveController == MoveControllerMode.CARTESIAN_IMPEDANCE) {
            cartesianImpedance.torques(q, dq, generator.qD, generator.dqD, generator.ddqD, tauD);
        } else {
            model.inverseDynamics(q, dq, generator.ddqD, inverse);
            for (int i = 0; i < DOF; i++) {
                tauD[i] = inverse[i] - gravity[i] + settings.kTheta[i] * (generator.qD[i] - q[i])
                        + jointDamping[i] * (generator.dqD[i] - dq[i]);
            }
        }
        load.update(q, settings.mLoad, settings.fXCload);
        for (int i = 0; i < DOF; i++) {
            // the robot compensates gravity with its model: the arm, the hand and the load it was told about
            motor[i] = tauD[i] + gravity[i] + load.torques[i];
        }
    }

    private void checkTorques(double[] command) {
        double step = Fr3Limits.TORQUE_RATE_MAX * dt * (1 + margin);
        for (int i = 0; i < DOF; i++) {
            if (Math.abs(command[i] - lastTauCommand[i]) > step) {
                errors[FrankaError.CONTROLLER_TORQUE_DISCONTINUITY.ordinal()] = true;
            }
            if (Math.abs(command[i]) > Fr3Limits.TAU_MAX[i] * (1 + margin)) {
                errors[FrankaError.TAU_J_RANGE_VIOLATION.ordinal()] = true;
            }
        }
    }

    private void checkState() {
        double[] q = plant.q();
        double[] dq = plant.dq();
        for (int i = 0; i < DOF; i++) {
            if (q[i] > Fr3Limits.Q_MAX[i] || q[i] < Fr3Limits.Q_MIN[i]) {
                errors[FrankaError.JOINT_POSITION_LIMITS_VIOLATION.ordinal()] = true;
            }
            if (Math.abs(dq[i]) > Fr3Limits.DQ_MAX[i] * (1 + margin)) {
                errors[FrankaError.JOINT_VELOCITY_VIOLATION.ordinal()] = true;
            }
            if (Math.abs(tauExtFiltered[i]) > settings.upperTorqueThresholds[i]) {
                errors[FrankaError.JOINT_REFLEX.ordinal()] = true;
            }
        }
        for (int i = 0; i < 6; i++) {
            if (Math.abs(wrenchFiltered[i]) > settings.upperForceThresholds[i]) {
                errors[FrankaError.CARTESIAN_REFLEX.ordinal()] = true;
            }
        }
    }

    /** Ends the motion with a reflex: the errors of this cycle become the reflex reason, the arm stops and holds. */
    private void abort() {
        System.arraycopy(errors, 0, reflexReason, 0, errors.length);
        plant.hold();
        generator.rest(plant.q());
        long id = moveCommandId;
        robotMode = RobotMode.REFLEX;
        motionGeneratorMode = MotionGeneratorMode.IDLE;
        controllerMode = ControllerMode.JOINT_IMPEDANCE;
        moveCommandId = -1;
        holdTorques();
        listener.moveEnded(id, MoveStatus.REFLEX_ABORTED);
    }

    private void endMove(MoveStatus status) {
        plant.hold();
        generator.rest(plant.q());
        long id = moveCommandId;
        robotMode = RobotMode.IDLE;
        motionGeneratorMode = MotionGeneratorMode.IDLE;
        controllerMode = ControllerMode.JOINT_IMPEDANCE;
        moveCommandId = -1;
        holdTorques();
        listener.moveEnded(id, status);
    }

    /** The measured joint torques of a robot holding still: gravity (and what the environment pushes with). */
    private void holdTorques() {
        model.gravity(plant.q(), gravity);
        Arrays.fill(tauD, 0);
        measureTorques(gravity);
    }

    private void measureTorques(double[] motorTorques) {
        double[] ext = plant.externalTorque();
        // the robot's estimate is its model's torque minus the measured: a modelled load the plant does not carry
        // reads as a torque lifting it
        load.update(plant.q(), settings.mLoad, settings.fXCload);
        for (int i = 0; i < DOF; i++) {
            double t = motorTorques[i];
            dtauJ[i] = (t - tauJ[i]) / dt;
            tauJ[i] = t;
            // the robot's estimate: a first-order low-pass of the torque the environment exerts
            tauExtFiltered[i] += 0.3 * (ext[i] + load.torques[i] - tauExtFiltered[i]);
        }
        for (int i = 0; i < 6; i++) {
            wrenchFiltered[i] += 0.3 * (flangeWrench[i] + load.wrench[i] - wrenchFiltered[i]);
        }
    }

    private static boolean any(boolean[] flags) {
        for (boolean f : flags) {
            if (f) {
                return true;
            }
        }
        return false;
    }
}
