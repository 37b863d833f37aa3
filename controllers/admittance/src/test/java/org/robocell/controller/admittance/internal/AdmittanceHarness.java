package org.robocell.controller.admittance.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.model.RobotModel;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;
import org.robocell.description.RobotDescription;
import org.robocell.kinematics.KinematicsService;
import org.robocell.kinematics.KinematicsSolver;
import org.robocell.kinematics.internal.EjmlKinematicsService;

/**
 * An admittance controller named {@code admittance} on the FR3 of the default cell ({@code runtime/cell/fr3.urdf}),
 * whose joints follow their position commands at the next read (as the mock does), at 1 kHz from the Franka ready
 * pose, with a force/torque sensor {@code ft_sensor} at the flange ({@code link8}) whose readings the test sets.
 */
final class AdmittanceHarness {

    static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");
    static final double[] READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
    static final double[] STIFFNESS = { 200, 200, 200, 20, 20, 20 };
    static final String TYPE = AdmittanceControllerFactory.TYPE;

    static final RobotModel FR3 = RobotDescription.parse(Path.of("../../runtime/cell/fr3.urdf")).robot();
    static final KinematicsService KINEMATICS = new EjmlKinematicsService();

    final ChannelDirectory channels = new ChannelDirectory();
    final InterfaceTable table = new InterfaceTable(512);
    final SimulatedRobot robot = new SimulatedRobot(table, JOINTS);
    final ControllerRig rig = new ControllerRig(table, robot, 1000).withRobot("fr3");
    final AdmittanceController controller;
    final Entry entry;
    /** FK of the flange for checks, independent of the controller's solver. */
    final KinematicsSolver fk = KINEMATICS.solver(FR3, "base", "link8", 0.0);

    AdmittanceHarness(Map<String, ?> overrides) {
        this(overrides, robot -> robot.equals("fr3") ? Optional.of(FR3) : Optional.empty());
    }

    AdmittanceHarness(Map<String, ?> overrides, java.util.function.Function<String, Optional<RobotModel>> models) {
        for (String axis : AdmittanceConfig.WRENCH_AXES) {
            table.addState("ft_sensor/" + axis, 0.0);
        }
        for (int j = 0; j < READY.length; j++) {
            robot.setPosition(j, READY[j]);
        }
        controller = new AdmittanceController(channels, KINEMATICS, models);
        entry = rig.load("admittance", TYPE, controller, parameters(overrides));
    }

    AdmittanceHarness() {
        this(Map.of());
    }

    /** A complete parameter set, as the seed's example (KR 6 there, the FR3 here), with {@code overrides}. */
    static Map<String, Object> parameters(Map<String, ?> overrides) {
        Map<String, Object> p = new HashMap<>();
        p.put("joints", JOINTS);
        p.put("command_interfaces", List.of("position"));
        p.put("state_interfaces", List.of("position", "velocity"));
        p.put("chainable_command_interfaces", List.of("position", "velocity"));
        p.put("kinematics.plugin_name", "kinematics_interface_kdl/KinematicsInterfaceKDL");
        p.put("kinematics.plugin_package", "kinematics_interface");
        p.put("kinematics.base", "base");
        p.put("kinematics.tip", "link8");
        p.put("kinematics.alpha", 0.0005);
        p.put("ft_sensor.name", "ft_sensor");
        p.put("ft_sensor.frame.id", "link8");
        p.put("ft_sensor.filter_coefficient", 0.05);
        p.put("control.frame.id", "link8");
        p.put("fixed_world_frame.frame.id", "base");
        p.put("gravity_compensation.frame.id", "link8");
        p.put("gravity_compensation.CoG.pos", List.of(0.0, 0.0, 0.0));
        p.put("gravity_compensation.CoG.force", 0.0);
        p.put("admittance.selected_axes", List.of(true, true, true, true, true, true));
        p.put("admittance.mass", List.of(2.0, 2.0, 2.0, 0.05, 0.05, 0.05));
        p.put("admittance.damping_ratio", List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0));
        p.put("admittance.stiffness", List.of(STIFFNESS[0], STIFFNESS[1], STIFFNESS[2], STIFFNESS[3], STIFFNESS[4],
                STIFFNESS[5]));
        p.put("admittance.joint_damping", 5.0);
        p.putAll(overrides);
        return p;
    }

    AdmittanceHarness active() {
        assertEquals(CallbackReturn.SUCCESS, entry.configure(), controller::lastError);
        assertEquals(CallbackReturn.SUCCESS, entry.activate(), controller::lastError);
        return this;
    }

    /** The sensor's reading, sensor frame: force.x … torque.z. */
    void sense(double... wrench) {
        for (int a = 0; a < 6; a++) {
            table.setState("ft_sensor/" + AdmittanceConfig.WRENCH_AXES.get(a), wrench[a]);
        }
    }

    double[] positions() {
        double[] q = new double[JOINTS.size()];
        for (int j = 0; j < q.length; j++) {
            q[j] = robot.position(j);
        }
        return q;
    }

    double[] positionCommands() {
        double[] q = new double[JOINTS.size()];
        for (int j = 0; j < q.length; j++) {
            q[j] = robot.positionCommand(j);
        }
        return q;
    }

    /** The flange pose (row-major 4x4, base frame) for joint positions q. */
    double[] flange(double[] q) {
        double[] t = new double[16];
        if (!fk.calculateLinkTransform(q, "link8", t)) {
            throw new IllegalStateException("FK failed");
        }
        return t;
    }

    /** Position of the flange for q minus for q0, base frame. */
    double[] displacement(double[] q0, double[] q) {
        double[] a = flange(q0);
        double[] b = flange(q);
        return new double[] { b[3] - a[3], b[7] - a[7], b[11] - a[11] };
    }

    /** The rotation angle between the flange orientations for q0 and q. */
    double rotation(double[] q0, double[] q) {
        double[] a = flange(q0);
        double[] b = flange(q);
        double trace = 0;
        for (int i = 0; i < 3; i++) {
            for (int k = 0; k < 3; k++) {
                trace += a[4 * k + i] * b[4 * k + i];
            }
        }
        return Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2)));
    }

    /** A sensor-frame vector expressed in the base frame for the flange pose t. */
    static double[] toBase(double[] t, double x, double y, double z) {
        return new double[] { t[0] * x + t[1] * y + t[2] * z, t[4] * x + t[5] * y + t[6] * z,
                t[8] * x + t[9] * y + t[10] * z };
    }

    CommandInput jointReferences() {
        return channels.find("admittance/joint_references", CommandInput.class).orElseThrow();
    }

    CommandInput wrenchReference() {
        return channels.find("admittance/wrench_reference", CommandInput.class).orElseThrow();
    }

    StateOutput state() {
        return channels.find("admittance/state", StateOutput.class).orElseThrow();
    }

    /** A field of the last published state. */
    double published(String field) {
        StateOutput.Snapshot s = state().snapshot();
        return s.values()[s.fields().indexOf(field)];
    }

    static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
