package org.robocell.controller.admittance.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.controller.common.ChannelRegistrations;

/**
 * The admittance controller's channels, upstream's topics:
 * <ul>
 * <li>{@code <controller>/joint_references} ({@code ~/joint_references}): the references when not chained, one value
 * per reference interface in export order ({@code <joint>/position} of every joint, then {@code <joint>/velocity});
 * NaN keeps the last reference of that interface. The last values sent count every cycle until new ones come.</li>
 * <li>{@code <controller>/wrench_reference} ({@code ~/wrench_reference}): a wrench in the sensor frame added to the
 * measured one, force.x … torque.z, finite; it stays until replaced.</li>
 * <li>{@code <controller>/state} ({@code ~/status}, {@code control_msgs/AdmittanceControllerState}): the filtered wrench
 * in the base frame, the admittance offset X and its velocity (base frame, x y z rx ry rz), the joint offsets, and the
 * gains in force (mass, damping, stiffness, selected axes as 1/0).</li>
 * </ul>
 */
final class AdmittanceChannels {

    static final List<String> AXES = List.of("x", "y", "z", "rx", "ry", "rz");

    private final CommandInput jointReferences;
    private final CommandInput wrenchReference;
    private final StateOutput state;
    /** The last joint references sent, kept; null until some are. */
    private double[] lastJointReferences;
    private final double[] joints;
    private final double[] wrenchOffset = new double[6];

    AdmittanceChannels(String controller, AdmittanceConfig config) {
        List<String> referenceFields = new ArrayList<>();
        for (String i : config.chainableCommandInterfaces()) {
            for (String joint : config.joints()) {
                referenceFields.add(joint + "/" + i);
            }
        }
        jointReferences = CommandInput.of(controller + "/joint_references", referenceFields,
                CommandInput.ValueRule.FINITE_OR_NAN);
        joints = new double[referenceFields.size()];
        List<String> wrenchFields = new ArrayList<>();
        for (String axis : AdmittanceConfig.WRENCH_AXES) {
            wrenchFields.add(config.ftFrame() + "/" + axis);
        }
        wrenchReference = CommandInput.of(controller + "/wrench_reference", wrenchFields,
                CommandInput.ValueRule.FINITE);
        state = new StateOutput(controller + "/state", stateFields(config));
    }

    static List<String> stateFields(AdmittanceConfig config) {
        List<String> fields = new ArrayList<>();
        for (String axis : AdmittanceConfig.WRENCH_AXES) {
            fields.add("wrench_base/" + axis);
        }
        for (String axis : AXES) {
            fields.add("admittance_position/" + axis);
        }
        for (String axis : AXES) {
            fields.add("admittance_velocity/" + axis);
        }
        for (String joint : config.joints()) {
            fields.add("offset/" + joint + "/position");
            fields.add("offset/" + joint + "/velocity");
            fields.add("offset/" + joint + "/acceleration");
        }
        for (String gain : List.of("mass", "damping", "stiffness", "selected_axes")) {
            for (String axis : AXES) {
                fields.add(gain + "/" + axis);
            }
        }
        return fields;
    }

    void register(ChannelRegistrations registrations) {
        registrations.register(jointReferences, wrenchReference, state);
    }

    /** Activation and deactivation: no references and no wrench offset kept from before. */
    void clearInputs() {
        jointReferences.clear();
        wrenchReference.clear();
        lastJointReferences = null;
        Arrays.fill(wrenchOffset, 0.0);
    }

    /** The loop: the joint references last sent, or null when none were since activation. */
    double[] jointReferences() {
        double[] fresh = jointReferences.poll();
        if (fresh != null) {
            System.arraycopy(fresh, 0, joints, 0, joints.length);
            lastJointReferences = joints;
        }
        return lastJointReferences;
    }

    /** The loop: the wrench offset last sent (zero until one is). */
    double[] wrenchReference() {
        double[] fresh = wrenchReference.poll();
        if (fresh != null) {
            System.arraycopy(fresh, 0, wrenchOffset, 0, 6);
        }
        return wrenchOffset;
    }

    /** The loop: one publication of the rule's state. */
    void publish(AdmittanceRule rule, int dof) {
        double[] v = state.beginWrite();
        int k = 0;
        double[] w = rule.wrenchBase();
        double[] x = rule.admittancePosition();
        double[] xd = rule.admittanceVelocity();
        k = six(v, k, w);
        k = six(v, k, x);
        k = six(v, k, xd);
        for (int j = 0; j < dof; j++) {
            v[k++] = rule.jointPosition(j);
            v[k++] = rule.jointVelocity(j);
            v[k++] = rule.jointAcceleration(j);
        }
        AdmittanceGains g = rule.gains();
        k = six(v, k, g.mass());
        k = six(v, k, g.damping());
        k = six(v, k, g.stiffness());
        six(v, k, g.selectedAxes());
        state.endWrite();
    }

    private static int six(double[] into, int at, double[] values) {
        System.arraycopy(values, 0, into, at, 6);
        return at + 6;
    }
}
