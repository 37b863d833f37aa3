package org.robocell.api.controller;

/** A parameter is missing or has the wrong type or value; the message names it and what was expected. */
public class ParameterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public ParameterException(String message) {
        super(message);
    }
}
