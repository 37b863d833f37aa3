package org.robocell.api.controller;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A controller that other controllers can command through its reference interfaces (named
 * {@code <controller>/<...>}) and read through its exported state interfaces. In chained mode a preceding
 * controller writes the references; unchained, the controller fills them from its own inputs.
 * <p>
 * The manager calls {@link #updateReferenceFromInputs} (unchained only) then {@link #updateAndWriteCommands}; the
 * plain {@link #update} of a chainable controller is not called by the manager.
 */
@ConsumerType
public interface ChainableController extends Controller {

    /** Full names of the reference interfaces, each starting with {@code <controller name>/}. Asked after configure. */
    List<String> exportReferenceInterfaces();

    /** Full names of the exported state interfaces, each starting with {@code <controller name>/}. */
    default List<String> exportStateInterfaces() {
        return List.of();
    }

    /** Told while inactive when a preceding controller starts or stops claiming the references. */
    default boolean onSetChainedMode(boolean chained) {
        return true;
    }

    /** Real time, unchained only: fill the reference interfaces from the controller's own inputs. */
    ReturnType updateReferenceFromInputs(double time, double period);

    /** Real time: compute from the references and states, write commands and exported states. */
    ReturnType updateAndWriteCommands(double time, double period);

    @Override
    default ReturnType update(double time, double period) {
        return updateAndWriteCommands(time, period);
    }
}
