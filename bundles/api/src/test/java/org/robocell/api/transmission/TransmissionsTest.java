package org.robocell.api.transmission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.hardware.TransmissionInfo.Side;

/**
 * transmission_interface's three transmissions: the values its tests check, the way back undoing the way there, and
 * power (effort × velocity) the same on both sides, which a wrong effort formula breaks.
 */
class TransmissionsTest {

    private static TransmissionInfo info(String plugin, List<Side> joints, List<Side> actuators) {
        return new TransmissionInfo("t", plugin, joints, actuators, Map.of());
    }

    private static final Transmission SIMPLE = Transmissions.create(info("transmission_interface/SimpleTransmission",
            List.of(new Side("joint1", "joint1", 2.0, 0.5)), List.of(new Side("actuator1", "actuator1", 1, 0))));
    private static final Transmission DIFFERENTIAL = Transmissions.create(info(
            "transmission_interface/DifferentialTransmission",
            List.of(new Side("j1", "joint1", 2.0, 0.1), new Side("j2", "joint2", -3.0, -0.2)),
            List.of(new Side("a1", "actuator1", 5.0, 0), new Side("a2", "actuator2", 7.0, 0))));
    private static final Transmission FOUR_BAR = Transmissions.create(info(
            "transmission_interface::FourBarLinkageTransmission",
            List.of(new Side("j1", "joint1", 2.0, 0.1), new Side("j2", "joint2", -3.0, -0.2)),
            List.of(new Side("a1", "actuator1", 5.0, 0), new Side("a2", "actuator2", 7.0, 0))));

    @Test
    void aSimpleReducerDividesPositionAndVelocityAndMultipliesEffort() {
        double[] j = new double[1];
        SIMPLE.actuatorToJointPosition(new double[] {3.0}, j);
        assertEquals(3.0 / 2 + 0.5, j[0]);
        SIMPLE.actuatorToJointVelocity(new double[] {3.0}, j);
        assertEquals(1.5, j[0]);
        SIMPLE.actuatorToJointEffort(new double[] {3.0}, j);
        assertEquals(6.0, j[0]);
        double[] a = new double[1];
        SIMPLE.jointToActuatorPosition(new double[] {0.5}, a);
        assertEquals(0.0, a[0], "the offset is the joint position of actuator zero");
    }

    @Test
    void aDifferentialMovesTheJointsWithTheActuatorsMeanAndHalfDifference() {
        double[] j = new double[2];
        DIFFERENTIAL.actuatorToJointPosition(new double[] {5.0, 7.0}, j); // both actuators 1 rad at their joint side
        assertEquals(1.0 / 2.0 + 0.1, j[0], 1e-12);
        assertEquals(0.0 - 0.2, j[1], 1e-12);
    }

    @Test
    void eachWayBackUndoesTheWayThereAndPowerIsTheSameOnBothSides() {
        Random random = new Random(7);
        for (Transmission t : List.of(SIMPLE, DIFFERENTIAL, FOUR_BAR)) {
            int n = t.joints();
            for (int trial = 0; trial < 100; trial++) {
                double[] joint = random.doubles(n, -3, 3).toArray();
                double[] actuator = new double[n];
                double[] back = new double[n];
                t.jointToActuatorPosition(joint, actuator);
                t.actuatorToJointPosition(actuator, back);
                assertArrayClose(joint, back, t + " position");
                t.jointToActuatorVelocity(joint, actuator);
                t.actuatorToJointVelocity(actuator, back);
                assertArrayClose(joint, back, t + " velocity");
                t.jointToActuatorEffort(joint, actuator);
                t.actuatorToJointEffort(actuator, back);
                assertArrayClose(joint, back, t + " effort");

                double[] jointVelocity = random.doubles(n, -3, 3).toArray();
                double[] actuatorVelocity = new double[n];
                double[] jointEffort = random.doubles(n, -3, 3).toArray();
                double[] actuatorEffort = new double[n];
                t.jointToActuatorVelocity(jointVelocity, actuatorVelocity);
                t.jointToActuatorEffort(jointEffort, actuatorEffort);
                assertEquals(dot(jointEffort, jointVelocity), dot(actuatorEffort, actuatorVelocity), 1e-9,
                        t + " power");
            }
        }
    }

    @Test
    void aWrongTransmissionIsOneLineNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Transmissions.create(info(
                "transmission_interface/SimpleTransmision", List.of(new Side("j", "", 1, 0)), List.of())));
        assertEquals("transmission 't' has the plugin 'transmission_interface/SimpleTransmision' (did you mean "
                + "'transmission_interface/SimpleTransmission'?); expected one of transmission_interface/SimpleTransmission, "
                + "transmission_interface/DifferentialTransmission, transmission_interface/FourBarLinkageTransmission",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Transmissions.create(info(
                "transmission_interface/SimpleTransmission", List.of(new Side("j", "", 0.0, 0)), List.of())));
        assertTrue(e.getMessage().contains("expected a finite, non-zero mechanical_reduction"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Transmissions.create(info(
                "transmission_interface/DifferentialTransmission", List.of(new Side("j", "", 1, 0)), List.of())));
        assertTrue(e.getMessage().startsWith("transmission 't' has 1 joint(s) and 0 actuator(s); expected 2"),
                e.getMessage());
        assertInstanceOf(SimpleTransmission.class, Transmissions.create(info(
                "transmission_interface/SimpleTransmission", List.of(new Side("j", "", 1, 0)), List.of())),
                "a simple transmission may leave its actuator implicit, as ros2_control fills it in");
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void assertArrayClose(double[] expected, double[] actual, String what) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 1e-9, what + " [" + i + "]");
        }
    }
}
