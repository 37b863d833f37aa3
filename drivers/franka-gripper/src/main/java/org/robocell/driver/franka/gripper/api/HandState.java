package org.robocell.driver.franka.gripper.api;

/**
 * The Hand's last state, libfranka's {@code franka::GripperState}.
 *
 * @param width       the fingers' opening, m
 * @param maxWidth    the opening the last homing measured, m
 * @param grasped     whether an object is held
 * @param temperature °C
 * @param timeMs      the state's time since the Hand started, ms (its {@code message_id})
 */
public record HandState(double width, double maxWidth, boolean grasped, int temperature, long timeMs) {
}
