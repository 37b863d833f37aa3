package org.robocell.driver.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.description.RobotDescription;
import org.robocell.driver.testkit.DriverContext;

/** robocell_sim/PhysicsSystem as a user of a hardware plugin sees it, through its interfaces. */
class PhysicsSystemTest {

    private static final double DT = 0.001;

    private static List<String> interfaces(String kind) {
        List<String> names = new ArrayList<>();
        for (int j = 1; j <= 7; j++) {
            names.add("joint" + j + "/" + kind);
        }
        return names;
    }

    private static void run(SimRobots.Started s, int reads) {
        for (int k = 0; k < reads; k++) {
            assertEquals(ReturnType.OK, s.system().read(k * DT, DT));
            assertEquals(ReturnType.OK, s.system().write(k * DT, DT));
        }
    }

    private static double position(SimRobots.Started s, int joint) {
        return s.context().stateValue("joint" + joint + "/position");
    }

    private static void switchTo(SimRobots.Started s, String kind, String from) {
        List<String> start = interfaces(kind);
        List<String> stop = from == null ? List.of() : interfaces(from);
        assertEquals(ReturnType.OK, s.system().prepareCommandModeSwitch(start, stop));
        assertEquals(ReturnType.OK, s.system().performCommandModeSwitch(start, stop));
    }

    @Test
    void itStartsAtTheInitialValuesAndHoldsThereWhileNoControllerCommands() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(""));
        for (int j = 1; j <= 7; j++) {
            assertEquals(SimRobots.READY[j - 1], position(s, j), 0.0, "joint" + j + " before any read");
        }
        run(s, 2000);
        for (int j = 1; j <= 7; j++) {
            assertEquals(SimRobots.READY[j - 1], position(s, j), 1e-3, "joint" + j + " held");
        }
        assertTrue(Math.abs(s.context().stateValue("joint2/effort")) > 1, "holding takes torque against gravity");
    }

    @Test
    void switchedToEffortItKeepsTheHoldingTorqueUntilCommandedAndFallsOnZeroTorque() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(""));
        run(s, 500);
        switchTo(s, "effort", null);
        double shoulder = position(s, 2);
        run(s, 200);
        assertEquals(shoulder, position(s, 2), 2e-3, "nothing moves that was not commanded");
        for (String name : interfaces("effort")) {
            s.context().setCommand(name, 0.0);
        }
        run(s, 300);
        assertTrue(Math.abs(position(s, 2) - shoulder) > 0.05, "zero torque: the shoulder falls, at " + position(s, 2));
        assertEquals(0.0, s.context().stateValue("joint2/effort"), 0.0, "the effort state is the torque applied");
    }

    @Test
    void switchedFromEffortToPositionItHoldsTheMeasuredPositionThenFollowsTheCommand() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(""));
        switchTo(s, "effort", null);
        for (String name : interfaces("effort")) {
            s.context().setCommand(name, 0.0);
        }
        run(s, 150);
        switchTo(s, "position", "effort");
        double measured = position(s, 2);
        assertEquals(measured, s.context().commandValue("joint2/position"), 0.0, "the command starts at the measured position");
        run(s, 1500);
        assertEquals(measured, position(s, 2), 0.05, "caught where it was, not sent back to where it started");
        s.context().setCommand("joint1/position", 0.3);
        run(s, 3000);
        assertEquals(0.3, position(s, 1), 1e-3, "position mode follows the command");
        assertEquals(measured, position(s, 2), 1e-2);
    }

    @Test
    void inVelocityModeTheJointTurnsAtTheCommandedRate() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(""));
        switchTo(s, "velocity", null);
        s.context().setCommand("joint1/velocity", 0.3);
        run(s, 1500);
        assertEquals(0.3, s.context().stateValue("joint1/velocity"), 1e-2);
        assertTrue(position(s, 1) > 0.2, "joint1 at " + position(s, 1));
        assertEquals(SimRobots.READY[3], position(s, 4), 0.02, "joint4 held still at zero velocity");
    }

    @Test
    void aJointCannotTakeTwoCommandInterfacesAtOnce() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(""));
        assertEquals(ReturnType.ERROR, s.system().prepareCommandModeSwitch(
                List.of("joint3/effort", "joint3/position"), List.of()));
        assertTrue(s.system().lastError().contains("joint3"), s.system().lastError());
    }

    @Test
    void wrongParametersAreRefusedWithTheirNameAndTheComponentSaysWhy() {
        Map<String, String> cases = Map.of(
                "<param name=\"contact_planes\">0 0 0 0 0</param>", "contact_planes",
                "<param name=\"contact_planes\">0 0 0 0 0 0</param>", "normal",
                "<param name=\"contact_points\">link9</param>", "link9",
                "<param name=\"damping\">lots</param>", "'damping'",
                "<param name=\"time_step\">-1</param>", "timeStep",
                "<param name=\"position_bandwidth\">0</param>", "position_bandwidth");
        cases.forEach((param, named) -> {
            RobotDescription d = SimRobots.fr3(param);
            PhysicsSystem system = new PhysicsSystem(d.robot());
            assertEquals(CallbackReturn.ERROR, system.onInit(new DriverContext(d.hardware().get(0))), param);
            assertEquals(Fault.CONFIGURATION, system.fault());
            assertTrue(system.lastError().contains(named), param + " -> " + system.lastError());
            assertTrue(system.lastError().contains("FR3Sim"), system.lastError());
        });
    }

    /** The simulation answers at once: on the robot's clock it paces no loop. */
    @Test
    void itsReadAnswersAtOnceAndPacesNoLoop() {
        assertFalse(new PhysicsSystem(SimRobots.fr3("").robot()).readWaitsForRobot());
    }

    @Test
    void theFactoryFindsTheRobotByItsJointsAndRefusesWhenItCannotTell() {
        RobotDescription d = SimRobots.fr3("");
        PhysicsSystemFactory factory = new PhysicsSystemFactory();
        HardwareComponent none = factory.create(d.hardware().get(0));
        assertEquals(CallbackReturn.ERROR, none.onInit(new DriverContext(d.hardware().get(0))));
        assertTrue(none.lastError().contains("no robot"), none.lastError());

        factory.addRobot(d.robot(), Map.of(PhysicsSystemFactory.ROBOT_PROPERTY, "fr3"));
        HardwareComponent one = factory.create(d.hardware().get(0));
        assertEquals(CallbackReturn.SUCCESS, one.onInit(new DriverContext(d.hardware().get(0))));
        assertNull(one.lastError());

        factory.addRobot(SimRobots.fr3("").robot(), Map.of(PhysicsSystemFactory.ROBOT_PROPERTY, "twin"));
        HardwareComponent two = factory.create(d.hardware().get(0));
        assertEquals(CallbackReturn.ERROR, two.onInit(new DriverContext(d.hardware().get(0))));
        assertTrue(two.lastError().contains("robot"), two.lastError());

        RobotDescription named = SimRobots.fr3("<param name=\"robot\">twin</param>");
        assertEquals(CallbackReturn.SUCCESS, factory.create(named.hardware().get(0))
                .onInit(new DriverContext(named.hardware().get(0))));
    }

    @Test
    void contactPlanesFromTheParametersCarryTheArm() {
        SimRobots.Started s = SimRobots.start(SimRobots.fr3(
                "<param name=\"contact_planes\">0 0 0.3 0 0 1</param>"
                        + "<param name=\"contact_points\">link8; link7 0 0 0.05; link4</param>"
                        + "<param name=\"damping\">1.0</param><param name=\"friction\">0.2</param>"));
        switchTo(s, "effort", null);
        for (String name : interfaces("effort")) {
            s.context().setCommand(name, 0.0);
        }
        run(s, 3000);
        assertTrue(s.system().simulation().inContact(), "the arm lies on the table");
    }
}
