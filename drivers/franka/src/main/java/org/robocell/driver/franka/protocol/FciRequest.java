package org.robocell.driver.franka.protocol;

import java.util.Objects;

/** A request on the TCP command channel: one record per command, with libfranka's field names in its javadoc. */
public sealed interface FciRequest {

    Command command();

    /** {@code Connect::Request}: the client's protocol version and the UDP port it receives RobotState on. */
    record Connect(int version, int udpPort) implements FciRequest {
        public Command command() {
            return Command.CONNECT;
        }
    }

    /**
     * {@code Move::Request}. Protocol 10 adds {@code use_async_motion_generator} and {@code maximum_velocity[7]}
     * (ignored, and sent as false and zeros, in protocol 7).
     */
    record Move(MoveControllerMode controllerMode, MoveMotionGeneratorMode motionGeneratorMode,
            Deviation maximumPathDeviation, Deviation maximumGoalPoseDeviation, boolean useAsyncMotionGenerator,
            double[] maximumVelocity) implements FciRequest {
        public Move {
            Objects.requireNonNull(controllerMode);
            Objects.requireNonNull(motionGeneratorMode);
            Objects.requireNonNull(maximumPathDeviation);
            Objects.requireNonNull(maximumGoalPoseDeviation);
            maximumVelocity = sized(maximumVelocity, 7, "maximum_velocity");
        }

        /** A Move as libfranka's control loops send it: default deviations, no asynchronous motion generator. */
        public Move(MoveControllerMode controllerMode, MoveMotionGeneratorMode motionGeneratorMode) {
            this(controllerMode, motionGeneratorMode, Deviation.LIBFRANKA_DEFAULT, Deviation.LIBFRANKA_DEFAULT, false,
                    new double[7]);
        }

        public Command command() {
            return Command.MOVE;
        }
    }

    /** {@code SetCollisionBehavior::Request}: torque thresholds [7] and force thresholds [6], Nm and N. */
    record SetCollisionBehavior(double[] lowerTorqueThresholdsAcceleration,
            double[] upperTorqueThresholdsAcceleration, double[] lowerTorqueThresholdsNominal,
            double[] upperTorqueThresholdsNominal, double[] lowerForceThresholdsAcceleration,
            double[] upperForceThresholdsAcceleration, double[] lowerForceThresholdsNominal,
            double[] upperForceThresholdsNominal) implements FciRequest {
        public SetCollisionBehavior {
            lowerTorqueThresholdsAcceleration = sized(lowerTorqueThresholdsAcceleration, 7,
                    "lower_torque_thresholds_acceleration");
            upperTorqueThresholdsAcceleration = sized(upperTorqueThresholdsAcceleration, 7,
                    "upper_torque_thresholds_acceleration");
            lowerTorqueThresholdsNominal = sized(lowerTorqueThresholdsNominal, 7, "lower_torque_thresholds_nominal");
            upperTorqueThresholdsNominal = sized(upperTorqueThresholdsNominal, 7, "upper_torque_thresholds_nominal");
            lowerForceThresholdsAcceleration = sized(lowerForceThresholdsAcceleration, 6,
                    "lower_force_thresholds_acceleration");
            upperForceThresholdsAcceleration = sized(upperForceThresholdsAcceleration, 6,
                    "upper_force_thresholds_acceleration");
            lowerForceThresholdsNominal = sized(lowerForceThresholdsNominal, 6, "lower_force_thresholds_nominal");
            upperForceThresholdsNominal = sized(upperForceThresholdsNominal, 6, "upper_force_thresholds_nominal");
        }

        public Command command() {
            return Command.SET_COLLISION_BEHAVIOR;
        }
    }

    /** {@code SetJointImpedance::Request}: joint stiffness {@code K_theta[7]}, Nm/rad. */
    record SetJointImpedance(double[] kTheta) implements FciRequest {
        public SetJointImpedance {
            kTheta = sized(kTheta, 7, "K_theta");
        }

        public Command command() {
            return Command.SET_JOINT_IMPEDANCE;
        }
    }

    /** {@code SetCartesianImpedance::Request}: Cartesian stiffness {@code K_x[6]}, N/m and Nm/rad. */
    record SetCartesianImpedance(double[] kX) implements FciRequest {
        public SetCartesianImpedance {
            kX = sized(kX, 6, "K_x");
        }

        public Command command() {
            return Command.SET_CARTESIAN_IMPEDANCE;
        }
    }

    /** {@code SetGuidingMode::Request}: which Cartesian directions may be guided, and the nullspace. */
    record SetGuidingMode(boolean[] guidingMode, boolean nullspace) implements FciRequest {
        public SetGuidingMode {
            if (guidingMode.length != 6) {
                throw new IllegalArgumentException("guiding_mode must have 6 values, not " + guidingMode.length);
            }
            guidingMode = guidingMode.clone();
        }

        public Command command() {
            return Command.SET_GUIDING_MODE;
        }
    }

    /** {@code SetEEToK::Request}: the stiffness frame in the end effector frame, column-major 4x4. */
    record SetEeToK(double[] eeTK) implements FciRequest {
        public SetEeToK {
            eeTK = sized(eeTK, 16, "EE_T_K");
        }

        public Command command() {
            return Command.SET_EE_TO_K;
        }
    }

    /** {@code SetNEToEE::Request}: the end effector frame in the nominal end effector frame, column-major 4x4. */
    record SetNeToEe(double[] neTEe) implements FciRequest {
        public SetNeToEe {
            neTEe = sized(neTEe, 16, "NE_T_EE");
        }

        public Command command() {
            return Command.SET_NE_TO_EE;
        }
    }

    /** {@code SetLoad::Request}: payload mass (kg), centre of mass in the flange frame (m), inertia (kg m²). */
    record SetLoad(double mLoad, double[] fXCload, double[] iLoad) implements FciRequest {
        public SetLoad {
            fXCload = sized(fXCload, 3, "F_x_Cload");
            iLoad = sized(iLoad, 9, "I_load");
        }

        public Command command() {
            return Command.SET_LOAD;
        }
    }

    /** {@code LoadModelLibrary::Request} (protocol 7): architecture {X64, X86, ARM, ARM64}, system {Linux, Windows}. */
    record LoadModelLibrary(int architecture, int system) implements FciRequest {
        public Command command() {
            return Command.LOAD_MODEL_LIBRARY;
        }
    }

    /** A request without payload: StopMove, AutomaticErrorRecovery, GetRobotModel. */
    record Empty(Command command) implements FciRequest {
        public Empty {
            if (command != Command.STOP_MOVE && command != Command.AUTOMATIC_ERROR_RECOVERY
                    && command != Command.GET_ROBOT_MODEL) {
                throw new IllegalArgumentException(command + " has a request payload");
            }
        }
    }

    private static double[] sized(double[] values, int count, String field) {
        if (values.length != count) {
            throw new IllegalArgumentException(field + " must have " + count + " values, not " + values.length);
        }
        return values.clone();
    }
}
