package org.robocell.api.lifecycle;

/**
 * What a lifecycle callback answers: SUCCESS takes the transition, FAILURE stays in the state it came from,
 * ERROR goes to error handling ({@code onError}).
 */
public enum CallbackReturn {
    SUCCESS,
    FAILURE,
    ERROR
}
