package org.robocell.controller.franka.semantic;

/**
 * The frames whose pose and Jacobians {@code franka_hardware/FrankaHardwareInterface} exports as
 * {@code <arm_id>/robot_model/*} interfaces, by libfranka's names ({@code franka::Frame}, {@code include/franka/model.h}).
 * A joint frame's model is not exported: a controller that needs one computes it itself.
 */
public enum FrankaModelFrame {
    FLANGE("kFlange"), END_EFFECTOR("kEndEffector"), STIFFNESS("kStiffness");

    private final String libfrankaName;

    FrankaModelFrame(String libfrankaName) {
        this.libfrankaName = libfrankaName;
    }

    /** libfranka's name, as the interface names carry it: {@code kEndEffector}. */
    public String libfrankaName() {
        return libfrankaName;
    }
}
