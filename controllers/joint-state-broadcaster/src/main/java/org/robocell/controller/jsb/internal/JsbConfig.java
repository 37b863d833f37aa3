package org.robocell.controller.jsb.internal;

import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The joint state broadcaster's parameters, read at configure and by {@code checkParameters}.
 *
 * @param joints     the joints to publish (empty: every joint with a state interface)
 * @param interfaces the interfaces to read (empty: all)
 * @param mapped     per field of {@link JointStateBroadcaster#FIELDS}, the state interface published as it
 */
record JsbConfig(List<String> joints, List<String> interfaces, List<String> extraJoints, List<String> mapped) {

    /**
     * The parameters {@link #read} reads, named as in ros2_controllers' {@code joint_state_broadcaster}
     * ({@code src/joint_state_broadcaster_parameters.yaml}); those it does not implement are unknown.
     */
    static final ParameterNames NAMES = ParameterNames.of("joints", "interfaces", "extra_joints",
            "map_interface_to_joint_state.position", "map_interface_to_joint_state.velocity",
            "map_interface_to_joint_state.effort");

    /** @throws ParameterException naming the parameter */
    static JsbConfig read(Parameters p) {
        String[] mapped = new String[JointStateBroadcaster.FIELDS.length];
        for (int f = 0; f < mapped.length; f++) {
            String key = "map_interface_to_joint_state." + JointStateBroadcaster.FIELDS[f];
            mapped[f] = p.getString(key, JointStateBroadcaster.FIELDS[f]).trim();
            if (mapped[f].isEmpty()) {
                throw new ParameterException(key, "parameter '" + key + "' must name a state interface");
            }
        }
        return new JsbConfig(p.getStringList("joints", List.of()), p.getStringList("interfaces", List.of()),
                p.getStringList("extra_joints", List.of()), List.of(mapped));
    }
}
