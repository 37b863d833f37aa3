package org.robocell.driver.sim.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.robocell.description.RobotDescription;
import org.robocell.driver.testkit.DriverContext;

/** The FR3 with a {@code robocell_sim/PhysicsSystem} block, as a user would write it. */
final class SimRobots {

    static final double[] READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};

    private SimRobots() {
    }

    static String fr3Urdf() {
        try (InputStream in = SimRobots.class.getResourceAsStream("/robots/fr3.urdf")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The FR3 URDF with a physics block: every joint with effort, velocity and position commands, at READY. */
    static RobotDescription fr3(String hardwareParams) {
        StringBuilder block = new StringBuilder("<ros2_control name=\"FR3Sim\" type=\"system\"><hardware><plugin>"
                + PhysicsSystemFactory.PLUGIN + "</plugin>" + hardwareParams + "</hardware>");
        for (int j = 0; j < 7; j++) {
            block.append("<joint name=\"joint").append(j + 1).append("\">")
                    .append("<command_interface name=\"effort\"/><command_interface name=\"velocity\"/>")
                    .append("<command_interface name=\"position\"/>")
                    .append("<state_interface name=\"position\"><param name=\"initial_value\">").append(READY[j])
                    .append("</param></state_interface><state_interface name=\"velocity\"/>")
                    .append("<state_interface name=\"effort\"/><state_interface name=\"acceleration\"/></joint>");
        }
        block.append("</ros2_control>");
        String urdf = fr3Urdf().replace("</robot>", block + "</robot>");
        return RobotDescription.parse(urdf, "fr3_sim.urdf");
    }

    /** A started component on its own context: initialised, configured, active. */
    record Started(DriverContext context, PhysicsSystem system) {
    }

    static Started start(RobotDescription d) {
        DriverContext ctx = new DriverContext(d.hardware().get(0));
        PhysicsSystem system = new PhysicsSystem(d.robot());
        if (system.onInit(ctx) != org.robocell.api.lifecycle.CallbackReturn.SUCCESS) {
            throw new IllegalStateException(system.lastError());
        }
        ctx.initialized();
        system.onConfigure(org.robocell.api.lifecycle.LifecycleState.UNCONFIGURED);
        system.onActivate(org.robocell.api.lifecycle.LifecycleState.INACTIVE);
        return new Started(ctx, system);
    }
}
