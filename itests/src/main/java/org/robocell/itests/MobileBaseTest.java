package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * A small mobile base on mock hardware (fixtures/diffbot: ros2_control_demos example 2's differential drive with
 * example 10's GPIOs and an IMU), driven from the shell: the diff drive controller turns cmd_vel into wheel
 * velocities and odometry and brakes when the commands stop, the GPIO controller sets outputs, the IMU broadcaster
 * publishes what the (mocked) sensor reports.
 */
class MobileBaseTest {

    private static final Path FIXTURE = Path.of("fixtures/diffbot").toAbsolutePath();
    private static final String[] STARTED = { "joint_state_broadcaster", "diffbot_base_controller", "gpio_controller",
            "imu_sensor_broadcaster", "imu_mock" };

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration robot;
    private Shell shell;

    @BeforeEach
    void startTheDiffbot() throws Exception {
        shell = new Shell(processor);
        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "diffbot", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", "diffbot");
        props.put("urdf", FIXTURE.resolve("diffbot.urdf").toString());
        props.put("controllers", FIXTURE.resolve("diffbot_controllers.yaml").toString());
        props.put("activate", String.join(",", STARTED));
        props.put("load", "sonar_broadcaster");
        robot.update(props);
        ControllerManager m = new CellFixture(context, configAdmin).manager("diffbot");
        for (String c : STARTED) {
            CellFixture.await(() -> m.controller(c).map(s -> s.state() == LifecycleState.ACTIVE).orElse(false),
                    c + " active");
        }
    }

    @AfterEach
    void stopTheRobot() throws Exception {
        robot.delete();
        new CellFixture(context, configAdmin).awaitGone("diffbot");
    }

    @Test
    void cmdVelDrivesTheBaseOnALeftArcAndItBrakesWhenTheCommandsStop() throws Exception {
        String sent = shell.run("channel:send diffbot_base_controller/cmd_vel 0.2 0.5");
        assertTrue(sent.contains("sent [0.2, 0.5] to diffbot_base_controller/cmd_vel"), sent);
        // the wheels turn apart: (v ∓ ω·s/2)/r with s = 0.1 m, r = 0.015 m, within the acceleration limits
        String odom = await("channel:echo -n 1 diffbot_base_controller/odom", "odom/base_link/yaw", v -> v > 0.05);
        assertTrue(field(odom, "odom/base_link/position.x") > 0.0, odom);
        assertTrue(field(odom, "odom/base_link/position.y") > 0.0, "a left turn: " + odom);
        // no command for cmd_vel_timeout (0.5 s): zero is commanded and the wheels stop
        await("channel:echo -n 1 -f wheel joint_states", "left_wheel_joint/velocity", v -> v == 0.0);
        await("channel:echo -n 1 -f wheel joint_states", "right_wheel_joint/velocity", v -> v == 0.0);
        String limited = shell.run("channel:echo -n 1 diffbot_base_controller/cmd_vel_out");
        assertEquals(0.0, field(limited, "linear.x"), limited);
        String tf = shell.run("channel:echo -n 1 diffbot_base_controller/tf");
        assertTrue(tf.contains("odom/base_link/translation.x"), tf);
    }

    @Test
    void theGpioControllerSetsOutputsAndPublishesTheGpioStates() throws Exception {
        String before = shell.run("channel:echo -n 1 gpio_controller/gpio_states");
        assertEquals(1.0, field(before, "flange_vacuum/vacuum"), "the vacuum's initial value: " + before);
        shell.run("channel:send gpio_controller 0.5 0");
        String after = await("channel:echo -n 1 gpio_controller/gpio_states", "flange_vacuum/vacuum", v -> v == 0.0);
        assertEquals(0.5, field(after, "flange_analog_IOs/analog_output1"), after);
        assertTrue(after.contains("flange_analog_IOs/analog_input1"), "every state of the GPIOs: " + after);
    }

    @Test
    void theImuBroadcasterPublishesWhatTheSensorReportsWithItsCovariance() throws Exception {
        shell.run("channel:send imu_mock 0 0 0.7071068 0.7071068 0 0 0.3 0 0 9.81");
        String imu = await("channel:echo -n 1 -f imu_link imu_sensor_broadcaster/imu", "imu_link/orientation.z",
                v -> Math.abs(v - 0.7071068) < 1e-6);
        assertEquals(0.3, field(imu, "imu_link/angular_velocity.z"), imu);
        assertEquals(9.81, field(imu, "imu_link/linear_acceleration.z"), imu);
        assertEquals(0.01, field(imu, "imu_link/orientation_covariance.4"), imu);
    }

    @Test
    void wrongUsesFailWithOneLineAndChangeNothing() throws Exception {
        Exception count = assertThrows(Exception.class,
                () -> shell.run("channel:send diffbot_base_controller/cmd_vel 0.1 0.2 0.3"));
        assertEquals("diffbot_base_controller/cmd_vel takes 2 values (linear.x, angular.z), got 3", count.getMessage());
        Exception sensor = assertThrows(Exception.class,
                () -> shell.run("controller:activate -r diffbot sonar_broadcaster"));
        assertTrue(sensor.getMessage().contains("sonar/range"), sensor.getMessage());
        Exception typo = assertThrows(Exception.class,
                () -> shell.run("controller:set -r diffbot diffbot_base_controller wheel_seperation=0.2"));
        assertTrue(typo.getMessage().contains("unknown parameter 'wheel_seperation' (did you mean"
                + " 'wheel_separation'?)"), typo.getMessage());
        String list = shell.run("controller:list -r diffbot");
        assertTrue(list.matches("(?s).*sonar_broadcaster\\s.*inactive.*"), list);
        assertTrue(list.matches("(?s).*diffbot_base_controller\\s.*active.*"), list);
    }

    /** Runs the command until the field satisfies the condition (bounded); returns that output. */
    private String await(String command, String name, DoublePredicate condition) throws Exception {
        String[] out = { "" };
        try {
            CellFixture.await(() -> {
                try {
                    out[0] = shell.run(command);
                } catch (Exception notYet) {
                    out[0] = String.valueOf(notYet.getMessage());
                    return false;
                }
                Matcher m = Pattern.compile(Pattern.quote(name) + ": (\\S+)").matcher(out[0]);
                return m.find() && condition.test(Double.parseDouble(m.group(1)));
            }, "'" + command + "' showing the expected " + name);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; last output:\n" + out[0], e);
        }
        return out[0];
    }

    private static double field(String echo, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + ": (\\S+)").matcher(echo);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in\n" + echo);
        }
        return Double.parseDouble(m.group(1));
    }
}
