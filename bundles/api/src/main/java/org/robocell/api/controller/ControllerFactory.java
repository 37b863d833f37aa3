package org.robocell.api.controller;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Creates controllers of one type. A controller bundle registers its factory as an OSGi service with the service
 * property {@value #TYPE} set to the ros2_control type string users' YAML files name, e.g.
 * {@code forward_command_controller/ForwardCommandController}. A factory may serve several type strings (the
 * property may be a String[]).
 */
@ConsumerType
public interface ControllerFactory {

    /** The service property that names the controller type(s) this factory serves. */
    String TYPE = "robocell.controller.type";

    /** A new controller instance; {@code type} is the type string it is created for. */
    Controller create(String type);
}
