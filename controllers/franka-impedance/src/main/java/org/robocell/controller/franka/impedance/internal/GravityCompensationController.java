package org.robocell.controller.franka.impedance.internal;

import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.controller.common.ControllerBase;

/**
 * {@code franka_example_controllers/GravityCompensationExampleController} (franka_ros2:
 * franka_example_controllers/src/gravity_compensation_example_controller.cpp): zero on the seven {@code effort}
 * commands every cycle. Under FCI torque control the robot adds the torque that holds the arm and its load against
 * gravity to the command, so the arm floats where it is and can be guided by hand.
 */
final class GravityCompensationController extends ControllerBase {

    static final String TYPE = "franka_example_controllers/GravityCompensationExampleController";
    static final ParameterNames NAMES = ParameterNames.of("arm_id", "joints");

    private final TorqueOutput torques = new TorqueOutput();
    private FrankaArm arm;

    @Override
    public ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.check(candidate, NAMES, FrankaArm::read);
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        ParameterCheck check = checkParameters(context().parameters());
        if (!check.ok()) {
            return fail(check.message());
        }
        arm = FrankaArm.read(context().parameters());
        clearError();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public InterfaceConfiguration commandInterfaceConfiguration() {
        return InterfaceConfiguration.individual(arm.effortCommands());
    }

    @Override
    public InterfaceConfiguration stateInterfaceConfiguration() {
        return InterfaceConfiguration.NONE;
    }

    @Override
    public CallbackReturn onActivate(Loans loans) {
        torques.bind(loans, arm.effortCommands());
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        torques.release();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public ReturnType update(double time, double period) {
        torques.sendZero();
        return ReturnType.OK;
    }
}
