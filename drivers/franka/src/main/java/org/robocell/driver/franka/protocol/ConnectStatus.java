package org.robocell.driver.franka.protocol;

/** Response status of {@code Connect}. */
public enum ConnectStatus implements StatusCode {
    SUCCESS,
    INCOMPATIBLE_LIBRARY_VERSION
}
