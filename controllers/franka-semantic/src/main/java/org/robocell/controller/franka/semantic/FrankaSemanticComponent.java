package org.robocell.controller.franka.semantic;

import java.util.ArrayList;
import java.util.List;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.controller.Loans;

/**
 * What franka_semantic_components' {@code SemanticComponentInterface} is to a franka_ros2 controller: a group of state
 * interfaces a controller names in its {@code stateInterfaceConfiguration} and binds to at activation.
 */
@ProviderType
public interface FrankaSemanticComponent {

    /** The full names of the state interfaces this component reads, in a fixed order; known after construction. */
    List<String> interfaceNames();

    /**
     * Takes this component's handles from the controller's loans (at {@code onActivate}). Allocation-free.
     *
     * @throws MissingStateInterfaceException naming the first interface the loans do not hold; nothing is bound then
     */
    void bind(Loans loans);

    /** Forgets the handles (at {@code onDeactivate}); reading afterwards is a programming error. */
    void release();

    /** Whether {@link #bind} succeeded and {@link #release} has not been called since. */
    boolean bound();

    /** The interface names of {@code components}, in order, for a controller's {@code stateInterfaceConfiguration}. */
    static List<String> interfaceNames(FrankaSemanticComponent... components) {
        List<String> names = new ArrayList<>();
        for (FrankaSemanticComponent c : components) {
            names.addAll(c.interfaceNames());
        }
        return List.copyOf(names);
    }
}
