package org.robocell.controller.franka.semantic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.StateHandle;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.InterfaceTable;

class FrankaRobotStateTest {

    @Test
    void namesTheInterfacesTheDriverExportsUnderTheArmId() {
        List<String> names = new FrankaRobotState("fr3").interfaceNames();
        assertTrue(names.contains("fr3/q_0"));
        assertTrue(names.contains("fr3/q_6"));
        assertFalse(names.contains("fr3/q_7"));
        assertTrue(names.contains("fr3/O_T_EE_15"));
        assertTrue(names.contains("fr3/O_F_ext_hat_K_5"));
        assertTrue(names.contains("fr3/tau_ext_hat_filtered_6"));
        assertTrue(names.contains("fr3/elbow_1"));
        assertTrue(names.contains("fr3/robot_mode"), "a one-value field has no index");
        assertTrue(names.contains("fr3/m_total"));
        assertFalse(names.contains("fr3/robot_mode_0"));
        assertEquals(names.size(), names.stream().distinct().count());
        assertTrue(new FrankaRobotState("left").interfaceNames().contains("left/q_3"));
    }

    @Test
    void readsEachFieldFromItsOwnInterfaces() {
        FrankaRobotState state = new FrankaRobotState("fr3");
        InterfaceTable table = TableLoans.tableWith(state.interfaceNames());
        table.setState("fr3/q_2", 0.25);
        table.setState("fr3/O_T_EE_12", 0.4);
        table.setState("fr3/robot_mode", 2.0);
        table.setState("fr3/errors", (double) (1L << 40 | 1L));
        state.bind(TableLoans.of(table, state.interfaceNames()));

        double[] q = new double[7];
        assertTrue(state.q(q));
        assertEquals(0.25, q[2]);
        assertEquals(table.stateValue("fr3/q_6"), q[6]);
        double[] pose = new double[16];
        assertTrue(state.O_T_EE(pose));
        assertEquals(0.4, pose[12]);
        assertEquals(0.4, state.value(FrankaStateField.O_T_EE, 12));
        double[] wrench = new double[6];
        state.O_F_ext_hat_K(wrench);
        assertEquals(table.stateValue("fr3/O_F_ext_hat_K_3"), wrench[3]);
        double[] elbow = new double[2];
        state.elbow(elbow);
        assertEquals(table.stateValue("fr3/elbow_1"), elbow[1]);
        assertEquals(FrankaRobotMode.MOVE, state.robotMode());
        assertEquals(1L << 40 | 1L, state.errors());
        assertEquals(table.stateValue("fr3/time"), state.time());
    }

    @Test
    void saysWhenAValueIsNotFinite() {
        FrankaRobotState state = new FrankaRobotState("fr3");
        InterfaceTable table = TableLoans.tableWith(state.interfaceNames());
        state.bind(TableLoans.of(table, state.interfaceNames()));
        double[] dq = new double[7];
        assertTrue(state.dq(dq));
        table.setState("fr3/dq_4", Double.NaN);
        assertFalse(state.dq(dq));
        table.setState("fr3/dq_4", Double.NEGATIVE_INFINITY);
        assertFalse(state.dq(dq));
        table.setState("fr3/robot_mode", Double.NaN);
        assertEquals(FrankaRobotMode.OTHER, state.robotMode());
        table.setState("fr3/robot_mode", 17);
        assertEquals(FrankaRobotMode.OTHER, state.robotMode());
        table.setState("fr3/errors", Double.NaN);
        assertEquals(-1L, state.errors());
    }

    @Test
    void aMissingInterfaceRefusesTheBindingNamingIt() {
        FrankaRobotState state = new FrankaRobotState("fr3");
        List<String> without = new ArrayList<>(state.interfaceNames());
        without.remove("fr3/tau_J_3");
        InterfaceTable table = TableLoans.tableWith(without);
        MissingStateInterfaceException e = assertThrows(MissingStateInterfaceException.class,
                () -> state.bind(TableLoans.of(table, state.interfaceNames())));
        assertEquals("fr3/tau_J_3", e.interfaceName());
        assertEquals("the state interface 'fr3/tau_J_3' is not available", e.getMessage());
        assertFalse(state.bound());
        assertThrows(IllegalStateException.class, () -> state.q(new double[7]), "nothing half-bound");
    }

    @Test
    void anotherArmsInterfacesDoNotBind() {
        FrankaRobotState left = new FrankaRobotState("left");
        InterfaceTable table = TableLoans.tableWith(new FrankaRobotState("right").interfaceNames());
        assertThrows(MissingStateInterfaceException.class,
                () -> left.bind(TableLoans.of(table, table.stateNames())));
    }

    @Test
    void bindsLoansGivenInAnyOrder() {
        FrankaRobotState state = new FrankaRobotState("fr3", EnumSet.of(FrankaStateField.Q, FrankaStateField.DQ));
        InterfaceTable table = TableLoans.tableWith(state.interfaceNames());
        List<StateHandle> shuffled = new ArrayList<>(TableLoans.of(table, state.interfaceNames()).states());
        Collections.reverse(shuffled);
        state.bind(new TableLoans(shuffled));
        double[] q = new double[7];
        state.q(q);
        assertArrayEquals(new double[] { 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5 }, q);
    }

    @Test
    void readsOnlyTheFieldsItWasBuiltWith() {
        FrankaRobotState state = new FrankaRobotState("fr3", EnumSet.of(FrankaStateField.Q));
        assertEquals(7, state.interfaceNames().size());
        state.bind(TableLoans.of(TableLoans.tableWith(state.interfaceNames()), state.interfaceNames()));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> state.dq(new double[7]));
        assertEquals("dq is not among the fields this fr3 robot state was built with", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> state.q(new double[6]), "a short array is refused");
        assertThrows(IllegalArgumentException.class, () -> new FrankaRobotState(" "));
    }

    @Test
    void releaseForgetsTheHandles() {
        FrankaRobotState state = new FrankaRobotState("fr3");
        state.bind(TableLoans.of(TableLoans.tableWith(state.interfaceNames()), state.interfaceNames()));
        assertTrue(state.bound());
        state.release();
        assertFalse(state.bound());
        assertThrows(IllegalStateException.class, () -> state.q(new double[7]));
    }

    @Test
    void readingAndBindingAllocateNothing() {
        FrankaRobotState state = new FrankaRobotState("fr3");
        InterfaceTable table = TableLoans.tableWith(state.interfaceNames());
        TableLoans loans = TableLoans.of(table, state.interfaceNames());
        double[] q = new double[7], pose = new double[16], wrench = new double[6];
        Runnable cycle = () -> {
            state.bind(loans);
            for (int i = 0; i < 100; i++) {
                state.q(q);
                state.dq(q);
                state.tauJ(q);
                state.tauExtHatFiltered(q);
                state.O_T_EE(pose);
                state.O_F_ext_hat_K(wrench);
                state.robotMode();
                state.errors();
            }
        };
        for (int i = 0; i < 200; i++) {
            cycle.run();
        }
        assertEquals(0, AllocationMeter.fewestBytes(cycle));
    }
}
