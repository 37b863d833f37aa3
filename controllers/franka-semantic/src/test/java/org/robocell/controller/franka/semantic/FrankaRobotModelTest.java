package org.robocell.controller.franka.semantic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.InterfaceTable;

class FrankaRobotModelTest {

    @Test
    void namesTheDriversRobotModelInterfaces() {
        List<String> names = new FrankaRobotModel("fr3").interfaceNames();
        // franka_hardware/FrankaHardwareInterface exports 363: 49 + 7 + 7 + 3 frames x (16 + 42 + 42)
        assertEquals(363, names.size());
        assertTrue(names.contains("fr3/robot_model/mass_48"));
        assertTrue(names.contains("fr3/robot_model/coriolis_6"));
        assertTrue(names.contains("fr3/robot_model/gravity_0"));
        assertTrue(names.contains("fr3/robot_model/pose_kFlange_15"));
        assertTrue(names.contains("fr3/robot_model/zero_jacobian_kEndEffector_41"));
        assertTrue(names.contains("fr3/robot_model/body_jacobian_kStiffness_0"));
        assertEquals(63, new FrankaRobotModel("fr3", EnumSet.noneOf(FrankaModelFrame.class)).interfaceNames().size());
    }

    @Test
    void readsTheDynamicsAndEachFramesPoseAndJacobians() {
        FrankaRobotModel model = new FrankaRobotModel("fr3");
        InterfaceTable table = TableLoans.tableWith(model.interfaceNames());
        table.setState("fr3/robot_model/mass_8", 2.5);
        table.setState("fr3/robot_model/pose_kEndEffector_13", -0.125);
        table.setState("fr3/robot_model/zero_jacobian_kStiffness_41", 0.75);
        table.setState("fr3/robot_model/body_jacobian_kFlange_0", 0.0625);
        model.bind(TableLoans.of(table, model.interfaceNames()));

        double[] mass = new double[49];
        assertTrue(model.mass(mass));
        assertEquals(2.5, mass[8]);
        double[] column = new double[7];
        model.coriolis(column);
        assertEquals(table.stateValue("fr3/robot_model/coriolis_3"), column[3]);
        model.gravity(column);
        assertEquals(table.stateValue("fr3/robot_model/gravity_6"), column[6]);
        double[] pose = new double[16];
        model.pose(FrankaModelFrame.END_EFFECTOR, pose);
        assertEquals(-0.125, pose[13]);
        model.pose(FrankaModelFrame.FLANGE, pose);
        assertEquals(table.stateValue("fr3/robot_model/pose_kFlange_13"), pose[13]);
        double[] jacobian = new double[42];
        model.zeroJacobian(FrankaModelFrame.STIFFNESS, jacobian);
        assertEquals(0.75, jacobian[41]);
        model.bodyJacobian(FrankaModelFrame.FLANGE, jacobian);
        assertEquals(0.0625, jacobian[0]);
    }

    @Test
    void aModelTheDriverCouldNotComputeReadsAsNotFinite() {
        FrankaRobotModel model = new FrankaRobotModel("fr3");
        InterfaceTable table = TableLoans.tableWith(model.interfaceNames());
        model.bind(TableLoans.of(table, model.interfaceNames()));
        table.setState("fr3/robot_model/gravity_2", Double.NaN);
        assertFalse(model.gravity(new double[7]));
        assertTrue(model.coriolis(new double[7]));
    }

    @Test
    void aDriverWithoutTheModelRefusesTheBindingNamingTheFirstMissingInterface() {
        FrankaRobotModel model = new FrankaRobotModel("fr3");
        InterfaceTable table = TableLoans.tableWith(new FrankaRobotState("fr3").interfaceNames());
        MissingStateInterfaceException e = assertThrows(MissingStateInterfaceException.class,
                () -> model.bind(TableLoans.of(table, model.interfaceNames())));
        assertEquals("fr3/robot_model/mass_0", e.interfaceName());
        assertFalse(model.bound());
    }

    @Test
    void aFrameLeftOutIsAProgrammingError() {
        FrankaRobotModel model = new FrankaRobotModel("fr3", EnumSet.of(FrankaModelFrame.END_EFFECTOR));
        List<String> names = new ArrayList<>(model.interfaceNames());
        assertFalse(names.stream().anyMatch(n -> n.contains("kFlange")));
        model.bind(TableLoans.of(TableLoans.tableWith(names), names));
        assertTrue(model.pose(FrankaModelFrame.END_EFFECTOR, new double[16]));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> model.zeroJacobian(FrankaModelFrame.FLANGE, new double[42]));
        assertEquals("kFlange is not among the frames this fr3 robot model was built with", e.getMessage());
    }

    @Test
    void readingAllocatesNothing() {
        FrankaRobotModel model = new FrankaRobotModel("fr3");
        InterfaceTable table = TableLoans.tableWith(model.interfaceNames());
        TableLoans loans = TableLoans.of(table, model.interfaceNames());
        double[] mass = new double[49], column = new double[7], pose = new double[16], jacobian = new double[42];
        Runnable cycle = () -> {
            model.bind(loans);
            for (int i = 0; i < 100; i++) {
                model.mass(mass);
                model.coriolis(column);
                model.gravity(column);
                model.pose(FrankaModelFrame.STIFFNESS, pose);
                model.zeroJacobian(FrankaModelFrame.END_EFFECTOR, jacobian);
                model.bodyJacobian(FrankaModelFrame.FLANGE, jacobian);
            }
        };
        for (int i = 0; i < 200; i++) {
            cycle.run();
        }
        assertEquals(0, AllocationMeter.fewestBytes(cycle));
    }
}
