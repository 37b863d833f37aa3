package org.robocell.driver.kuka.fri.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.robocell.driver.kuka.fri.emulator.FriEmulatorConfig;
import org.robocell.driver.kuka.fri.emulator.FriRobotEmulator;
import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * Runs an emulated LBR iiwa 14 with an open FRI session while a configuration for {@value #PID} exists: the
 * runtime's stand-in for a Sunrise cabinet on the KONI network.
 */
@Designate(ocd = FriEmulatorComponent.Config.class)
@Component(configurationPid = FriEmulatorComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {}, immediate = true)
public final class FriEmulatorComponent {

    static final String PID = "org.robocell.driver.kuka.fri.emulator";
    private static final System.Logger LOG = System.getLogger("org.robocell.driver.kuka.fri");

    @ObjectClassDefinition(name = "KUKA FRI robot emulator",
            description = "A simulated Sunrise cabinet with an LBR iiwa 14 R820 sending FRI monitoring messages")
    @interface Config {
        @AttributeDefinition(name = "Client IP", description = "where the robot sends (IFriConfiguration client)")
        String client_ip() default "127.0.0.1";

        @AttributeDefinition(name = "Client port", description = "the client's FRI port")
        int client_port() default 30200;

        @AttributeDefinition(name = "FRI version", description = "1 (1.11-1.16) or 2 (2.5, 2.7)")
        String fri_version() default "1";

        @AttributeDefinition(name = "Send period (ms)", description = "1 to 100")
        int send_period_ms() default 5;

        @AttributeDefinition(name = "Receive multiplier", description = "the client answers every n-th message")
        int receive_multiplier() default 1;

        @AttributeDefinition(name = "Client command mode",
                description = "the overlay's: position, torque, wrench, cartesian_pose (2.x), or none (monitor only)")
        String command_mode() default "position";

        @AttributeDefinition(name = "Start joints (rad)", description = "A1..A7, comma separated")
        String start_joints() default "0,0.3,0,-1.2,0,1.0,0";
    }

    private final FriRobotEmulator emulator;

    /**
     * Starts the emulator. A setting it cannot use is one ERROR line naming the setting; the component then stays
     * without an emulator until its configuration changes, and nothing else is affected.
     */
    @Activate
    public FriEmulatorComponent(Config config) {
        FriRobotEmulator started = null;
        try {
            started = FriRobotEmulator.start(settings(config));
            LOG.log(Level.INFO, "FRI emulator (" + PID + "): LBR iiwa 14 at " + started.address() + " sending to "
                    + config.client_ip() + ":" + config.client_port() + " every " + config.send_period_ms() + " ms");
        } catch (IllegalArgumentException | IOException e) {
            LOG.log(Level.ERROR, "FRI emulator (" + PID + "): " + e.getMessage() + "; the emulator is not running"
                    + " until its configuration changes");
        }
        this.emulator = started;
    }

    static FriEmulatorConfig settings(Config config) {
        InetAddress client;
        try {
            client = InetAddress.getByName(config.client_ip().trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("client.ip '" + config.client_ip() + "' does not resolve");
        }
        if (config.client_port() < 1 || config.client_port() > 65535) {
            throw new IllegalArgumentException("client.port " + config.client_port() + " is not a port");
        }
        double[] start;
        try {
            start = Arrays.stream(config.start_joints().split(",")).map(String::trim)
                    .mapToDouble(Double::parseDouble).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("start.joints '" + config.start_joints()
                    + "' is not seven comma-separated numbers");
        }
        FriCommandMode mode = switch (config.command_mode().trim().toLowerCase(java.util.Locale.ROOT)) {
            case "position", "joint_position" -> FriCommandMode.POSITION;
            case "torque" -> FriCommandMode.TORQUE;
            case "wrench" -> FriCommandMode.WRENCH;
            case "cartesian_pose" -> FriCommandMode.CARTESIAN_POSE;
            case "none", "no_command_mode" -> FriCommandMode.NO_COMMAND_MODE;
            default -> throw new IllegalArgumentException("command.mode '" + config.command_mode()
                    + "' is not position, torque, wrench, cartesian_pose or none");
        };
        FriVersion version;
        try {
            version = FriVersion.parse(config.fri_version());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fri.version: " + e.getMessage());
        }
        InetAddress bind = client.isLoopbackAddress() ? client : new InetSocketAddress(0).getAddress();
        return FriEmulatorConfig.defaults(new InetSocketAddress(client, config.client_port())).withBindAddress(bind)
                .withVersion(version).withSendPeriodMs(config.send_period_ms())
                .withReceiveMultiplier(config.receive_multiplier()).withCommandMode(mode).withStartJoints(start);
    }

    @Deactivate
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }
}
