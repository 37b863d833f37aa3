package org.robocell.controller.franka.examples.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.Parameters;

/**
 * The arm an example runs on: {@code arm_id}, the prefix of the Franka driver's own state interfaces
 * ({@code fr3/time}, {@code fr3/O_T_EE_12}, …; the driver's {@code arm_id} hardware parameter), and its seven
 * {@code joints} (default franka_description's {@code <arm_id>_joint1} … {@code <arm_id>_joint7}; the default cell
 * names them {@code joint1} … {@code joint7}).
 */
record ArmSettings(String armId, List<String> joints) {

    static final int JOINTS = 7;

    /** @throws ParameterException naming the parameter */
    static ArmSettings read(Parameters p) {
        String armId = p.getString("arm_id", "fr3").trim();
        if (armId.isEmpty() || armId.contains("/")) {
            throw new ParameterException("arm_id", "parameter 'arm_id' must be a non-empty name without '/', got '"
                    + armId + "'");
        }
        List<String> joints = p.getStringList("joints", defaultJoints(armId));
        if (joints.size() != JOINTS) {
            throw new ParameterException("joints", "parameter 'joints' must name the arm's " + JOINTS
                    + " joints, got " + joints.size() + " " + joints);
        }
        for (int i = 0; i < joints.size(); i++) {
            String j = joints.get(i).trim();
            if (j.isEmpty() || joints.indexOf(joints.get(i)) != i) {
                throw new ParameterException("joints", "parameter 'joints' must name " + JOINTS
                        + " different joints, got " + joints);
            }
        }
        return new ArmSettings(armId, List.copyOf(joints));
    }

    private static List<String> defaultJoints(String armId) {
        List<String> names = new ArrayList<>(JOINTS);
        for (int j = 1; j <= JOINTS; j++) {
            names.add(armId + "_joint" + j);
        }
        return names;
    }

    /** {@code <joint>/<kind>} for each joint, in joint order. */
    List<String> jointInterfaces(String kind) {
        List<String> names = new ArrayList<>(JOINTS);
        for (String j : joints) {
            names.add(j + "/" + kind);
        }
        return names;
    }

    /** {@code <arm_id>/<name>}: one of the driver's state interfaces. */
    String robotState(String name) {
        return armId + "/" + name;
    }

    /** {@code <arm_id>/<field>_0} … {@code _<count-1>}: an array field of the robot's state. */
    List<String> robotStateArray(String field, int count) {
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(robotState(field + "_" + i));
        }
        return names;
    }
}
