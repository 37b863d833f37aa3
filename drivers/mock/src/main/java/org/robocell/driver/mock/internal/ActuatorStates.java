package org.robocell.driver.mock.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.transmission.Transmission;
import org.robocell.api.transmission.Transmissions;

/**
 * The mock's motors behind its {@code <transmission>}s: for each transmission and each of position, velocity and
 * effort that all its joints report, the actuators' values as the transmission maps the joint states
 * ({@code jointToActuator}), exported as read-only state interfaces {@code <actuator>/<interface>} and updated at every
 * read. A driver of a real robot reads its actuators and maps them the other way; the mock shows what it would read.
 */
final class ActuatorStates {

    private static final String[] KINDS = { "position", "velocity", "effort" };

    /** One transmission and one kind of state: joints in, actuators out. */
    private record Mapping(Transmission transmission, int kind, StateInterfaceHandle[] joints,
            StateInterfaceHandle[] actuators, double[] jointValues, double[] actuatorValues) {
    }

    private final Mapping[] mappings;

    private ActuatorStates(Mapping[] mappings) {
        this.mappings = mappings;
    }

    /** During {@code onInit}: exports the actuator states of every transmission of the component. */
    static ActuatorStates export(HardwareContext context) {
        List<Mapping> out = new ArrayList<>();
        for (TransmissionInfo t : context.info().transmissions()) {
            Transmission transmission = Transmissions.create(t);
            for (int k = 0; k < KINDS.length; k++) {
                StateInterfaceHandle[] joints = new StateInterfaceHandle[t.joints().size()];
                boolean all = true;
                for (int j = 0; j < joints.length && all; j++) {
                    String name = t.joints().get(j).name() + "/" + KINDS[k];
                    all = context.hasStateInterface(name);
                    joints[j] = all ? context.state(name) : null;
                }
                if (!all) {
                    continue;
                }
                StateInterfaceHandle[] actuators = new StateInterfaceHandle[transmission.actuators()];
                for (int a = 0; a < actuators.length; a++) {
                    String actuator = a < t.actuators().size() ? t.actuators().get(a).name() : t.name() + "_actuator";
                    String name = actuator + "/" + KINDS[k];
                    actuators[a] = context.exportStateInterface(name, InterfaceInfo.of(KINDS[k]));
                }
                out.add(new Mapping(transmission, k, joints, actuators, new double[joints.length],
                        new double[actuators.length]));
            }
        }
        return new ActuatorStates(out.toArray(new Mapping[0]));
    }

    /** After the joint states of a read: the actuators' values. Allocation-free. */
    void update() {
        for (Mapping m : mappings) {
            for (int j = 0; j < m.joints.length; j++) {
                m.jointValues[j] = m.joints[j].get();
            }
            switch (m.kind) {
                case 0 -> m.transmission.jointToActuatorPosition(m.jointValues, m.actuatorValues);
                case 1 -> m.transmission.jointToActuatorVelocity(m.jointValues, m.actuatorValues);
                default -> m.transmission.jointToActuatorEffort(m.jointValues, m.actuatorValues);
            }
            for (int a = 0; a < m.actuators.length; a++) {
                m.actuators[a].set(m.actuatorValues[a]);
            }
        }
    }
}
