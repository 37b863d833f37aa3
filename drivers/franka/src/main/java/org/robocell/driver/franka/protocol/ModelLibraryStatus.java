package org.robocell.driver.franka.protocol;

/** Response status of {@code LoadModelLibrary} (protocol 7). */
public enum ModelLibraryStatus implements StatusCode {
    SUCCESS,
    ERROR
}
