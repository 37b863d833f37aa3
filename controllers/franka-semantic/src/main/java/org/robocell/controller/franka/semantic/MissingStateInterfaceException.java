package org.robocell.controller.franka.semantic;

/**
 * A semantic component could not bind: the controller's loans lack a state interface it reads (the hardware does
 * not export it: another {@code arm_id}, {@code robot_model=false} on the driver, a robot that is no Franka).
 */
public final class MissingStateInterfaceException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String interfaceName;

    public MissingStateInterfaceException(String interfaceName) {
        super("the state interface '" + interfaceName + "' is not available");
        this.interfaceName = interfaceName;
    }

    /** The full name of the first missing interface, e.g. {@code fr3/robot_model/mass_0}. */
    public String interfaceName() {
        return interfaceName;
    }
}
