package org.robocell.manager;

import java.util.Collection;

import org.robocell.api.controller.Controller;

/** Where a loop's controllers come from: the cell tracks the controller factory services behind it. */
public interface ControllerSource {

    /** A new controller of {@code type}, or null when no installed factory serves the type. */
    Controller create(String type);

    /** The type strings served now. */
    Collection<String> types();
}
