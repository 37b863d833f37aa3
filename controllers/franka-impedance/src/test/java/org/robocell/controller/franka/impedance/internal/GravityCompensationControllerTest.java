package org.robocell.controller.franka.impedance.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;

class GravityCompensationControllerTest {

    @Test
    void commandsZeroOnEveryJointAndTheArmStaysWhereItIs() {
        Fr3TestPlant plant = new Fr3TestPlant();
        double[] before = plant.position();
        ControllerRig.Entry gc = plant.rig.load("gc", GravityCompensationController.TYPE,
                new GravityCompensationController(), Map.of());
        assertEquals(CallbackReturn.SUCCESS, gc.configure());
        assertEquals(CallbackReturn.SUCCESS, gc.activate());
        plant.cycles(5000);
        for (int j = 0; j < 7; j++) {
            assertEquals(0.0, plant.effort(j));
        }
        double[] after = plant.position();
        for (int i = 0; i < 3; i++) {
            assertEquals(before[i], after[i], 1e-3, "held within 1 mm for 5 s");
        }
    }

    @Test
    void claimsTheEffortCommandsOfFrankaRos2sJointNamesOrOfTheGivenJoints() {
        GravityCompensationController c = new GravityCompensationController();
        new Fr3TestPlant().rig.load("gc", GravityCompensationController.TYPE, c, Map.of("arm_id", "left"))
                .configure();
        assertEquals("left_joint1/effort", c.commandInterfaceConfiguration().names().get(0));
        assertEquals(7, c.commandInterfaceConfiguration().names().size());

        GravityCompensationController cell = new GravityCompensationController();
        new Fr3TestPlant().rig.load("gc", GravityCompensationController.TYPE, cell,
                Map.of("joints", List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7")))
                .configure();
        assertEquals("joint7/effort", cell.commandInterfaceConfiguration().names().get(6));
    }

    @Test
    void refusesBadParametersWithOneLineEach() {
        GravityCompensationController c = new GravityCompensationController();
        ParameterCheck six = c.checkParameters(new Parameters("t", Map.of("joints", List.of("a", "b", "c", "d", "e",
                "f"))));
        assertEquals("parameter 'joints' must name the arm's 7 joints, got 6 [a, b, c, d, e, f]", six.message());
        assertFalse(c.checkParameters(new Parameters("t", Map.of("arm_id", "a/b"))).ok());
        ParameterCheck unknown = c.checkParameters(new Parameters("t", Map.of("k_gains", List.of(1.0))));
        assertTrue(unknown.message().startsWith("unknown parameter 'k_gains'"), unknown.message());
        Fr3TestPlant plant = new Fr3TestPlant();
        ControllerRig.Entry e = plant.rig.load("gc", GravityCompensationController.TYPE, c,
                Map.of("joints", List.of("j1", "j1", "j3", "j4", "j5", "j6", "j7")));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertEquals("gc: parameter 'joints' must name 7 different joints, got [j1, j1, j3, j4, j5, j6, j7]",
                c.lastError());
    }

    @Test
    void updateAllocatesNothing() {
        Fr3TestPlant plant = new Fr3TestPlant();
        ControllerRig.Entry gc = plant.rig.load("gc", GravityCompensationController.TYPE,
                new GravityCompensationController(), Map.of());
        gc.configure();
        gc.activate();
        Runnable cycles = () -> plant.rig.steps(500);
        cycles.run();
        assertEquals(0, AllocationMeter.fewestBytes(cycles));
    }
}
