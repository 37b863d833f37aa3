package org.robocell.driver.kuka.fri.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.driver.testkit.DriverContext;

/** A parameter the driver cannot use fails init with one line naming it; kuka_drivers' names are understood. */
class FriDriverSettingsTest {

    private static String initError(Map<String, String> params) {
        KukaFriHardware driver = new KukaFriHardware();
        assertEquals(CallbackReturn.ERROR, driver.onInit(new DriverContext(FriRig.info(params))));
        assertEquals(Fault.CONFIGURATION, driver.fault());
        return driver.lastError();
    }

    @Test
    void badParametersAreOneLineNamingTheParameter() {
        assertEquals("hardware 'iiwa14' parameter client_port=70000 is out of range (expected 0 to 65535)",
                initError(Map.of("client_port", "70000")));
        assertEquals("hardware 'iiwa14' parameter receive_multiplier='two' is not a whole number (expected 1 to 100)",
                initError(Map.of("receive_multiplier", "two")));
        assertEquals("hardware 'iiwa14' parameter control_mode '3' is not one FRI runs: 1 (joint position), 2"
                + " (joint impedance), 4 (joint torque), 5 (Cartesian position, FRI 2.x) or 8 (wrench)",
                initError(Map.of("control_mode", "3")));
        assertEquals("hardware 'iiwa14' parameter joint_damping value 3 = 1.5 is out of range (expected 0.0 to 1.0)",
                initError(Map.of("joint_damping", "[0.7, 0.7, 1.5, 0.7, 0.7, 0.7, 0.7]")));
        assertEquals("hardware 'iiwa14' parameter joint_stiffness has 6 values, expected one per joint (7)",
                initError(Map.of("joint_stiffness", "100 100 100 100 100 100")));
        assertEquals("hardware 'iiwa14' parameter fri_version: FRI version '3' is neither 1.x nor 2.x",
                initError(Map.of("fri_version", "3")));
    }

    @Test
    void kukaDriversParameterValuesAreTaken() {
        FriDriverSettings s = FriDriverSettings.from(FriRig.info(Map.of("client_ip", "127.0.0.1", "client_port",
                "30200", "controller_ip", "127.0.0.1", "control_mode", "2", "receive_multiplier", "1",
                "joint_stiffness", "[100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0]", "joint_damping",
                "[0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7]")), 7);
        assertEquals(30200, s.clientPort());
        assertEquals(FriControlMode.JOINT_IMPEDANCE_CONTROL, s.controlMode());
        assertEquals(0.7, s.jointDamping()[6]);
    }
}
