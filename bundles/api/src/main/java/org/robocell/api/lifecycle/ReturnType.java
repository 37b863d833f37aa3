package org.robocell.api.lifecycle;

/**
 * What a real-time call ({@code read}, {@code write}, {@code update}) answers. DEACTIVATE asks the manager to take
 * the hardware component to INACTIVE.
 */
public enum ReturnType {
    OK,
    ERROR,
    DEACTIVATE
}
