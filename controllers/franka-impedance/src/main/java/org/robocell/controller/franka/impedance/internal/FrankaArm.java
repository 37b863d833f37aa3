package org.robocell.controller.franka.impedance.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.Parameters;

/**
 * Which arm a Franka controller drives: {@code arm_id} (franka_ros2's parameter, default {@code fr3}: the prefix of
 * the driver's {@code fr3/*} state interfaces) and the seven joints whose {@code effort} commands it claims:
 * {@code joints} when given (RoboCell's addition, for a URDF whose joints are not franka_description's, such as the
 * default cell's {@code joint1}…{@code joint7}), else franka_ros2's {@code <arm_id>_joint1}…{@code <arm_id>_joint7}.
 */
record FrankaArm(String armId, List<String> joints) {

    static final int JOINTS = 7;

    static FrankaArm read(Parameters p) {
        String armId = p.getString("arm_id", "fr3").trim();
        if (armId.isEmpty() || armId.contains("/")) {
            throw new ParameterException("arm_id", "parameter 'arm_id' must be a non-empty name without '/' (the"
                    + " driver's arm_id, e.g. fr3), got '" + armId + "'");
        }
        List<String> joints;
        if (p.has("joints")) {
            joints = p.getStringList("joints");
            if (joints.size() != JOINTS) {
                throw new ParameterException("joints", "parameter 'joints' must name the arm's " + JOINTS
                        + " joints, got " + joints.size() + " " + joints);
            }
            if (joints.stream().distinct().count() != JOINTS || joints.stream().anyMatch(String::isBlank)) {
                throw new ParameterException("joints", "parameter 'joints' must name " + JOINTS
                        + " different joints, got " + joints);
            }
        } else {
            joints = new ArrayList<>();
            for (int i = 1; i <= JOINTS; i++) {
                joints.add(armId + "_joint" + i);
            }
        }
        return new FrankaArm(armId, List.copyOf(joints));
    }

    List<String> effortCommands() {
        List<String> names = new ArrayList<>();
        for (String j : joints) {
            names.add(j + "/effort");
        }
        return List.copyOf(names);
    }
}
