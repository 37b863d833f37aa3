package org.robocell.driver.franka.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.emulator.FrankaRobotEmulator;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * Runs an emulated FR3 on FCI while a configuration for {@value #PID} exists: the runtime's stand-in for a real
 * robot at its FCI address. Off unless configured.
 */
@Designate(ocd = FrankaEmulatorComponent.Config.class)
@Component(configurationPid = FrankaEmulatorComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {}, immediate = true)
public final class FrankaEmulatorComponent {

    static final String PID = "org.robocell.driver.franka.emulator";
    private static final System.Logger LOG = System.getLogger("org.robocell.driver.franka");

    @ObjectClassDefinition(name = "Franka FR3 FCI emulator",
            description = "A simulated FR3 answering libfranka (or RoboCell's driver) on the FCI ports")
    @interface Config {
        @AttributeDefinition(name = "Address", description = "the robot's address; libfranka clients connect to it")
        String bind_address() default "127.0.0.1";

        @AttributeDefinition(name = "Command port", description = "TCP; 1337 as on a robot (libfranka's is fixed)")
        int command_port() default FrankaEmulatorConfig.FCI_PORT;

        @AttributeDefinition(name = "Protocol version", options = {
                @Option(label = "7: libfranka 0.13.3-0.13.6", value = "7"),
                @Option(label = "10: libfranka 0.18 and later", value = "10") })
        String protocol_version() default "7";

        @AttributeDefinition(name = "Start joint positions (rad)", description = "joint1..joint7, comma separated;"
                + " empty: libfranka's ready pose")
        String start_q() default "";

        @AttributeDefinition(name = "Limit margin", description = "how far above the FR3's limits a motion may go"
                + " before the robot stops it, as a fraction")
        double limit_margin() default 0.05;

        @AttributeDefinition(name = "Lost commands limit", description = "commands a motion may lose in a row before"
                + " the robot stops it (communication_constraints_violation): 20 on an FR3; more only for a"
                + " demonstration on a machine that pauses")
        int lost_commands_limit() default FrankaEmulatorConfig.FR3_LOST_COMMANDS_LIMIT;
    }

    private final FrankaRobotEmulator emulator;
    /** the running emulator as a service, so a test or a tool in the runtime can push its flange; null when none */
    private final ServiceRegistration<FrankaRobotEmulator> registration;

    /**
     * Starts the emulator. A setting it cannot use (an unknown host, a version other than 7 or 10, start positions
     * that are not seven numbers within the FR3's range, a port taken) is one ERROR line naming the setting; the
     * component then stays without an emulator until its configuration changes.
     */
    @Activate
    public FrankaEmulatorComponent(Config config, BundleContext context) {
        FrankaRobotEmulator started = null;
        try {
            FrankaEmulatorConfig settings = settings(config);
            try {
                started = FrankaRobotEmulator.start(settings);
            } catch (IOException e) {
                throw new IllegalArgumentException("command.port=" + config.command_port() + " on "
                        + config.bind_address() + " cannot be opened: " + e.getMessage());
            }
            LOG.log(Level.INFO, "Franka FCI emulator: an FR3 (" + settings.version() + ") listens on "
                    + settings.bindAddress().getHostAddress() + ":" + started.commandPort());
        } catch (IllegalArgumentException e) {
            LOG.log(Level.ERROR, "Franka FCI emulator (" + PID + "): " + e.getMessage() + "; the emulator is not"
                    + " running until its configuration changes");
        }
        this.emulator = started;
        this.registration = started == null || context == null ? null : register(context, started);
    }

    private static ServiceRegistration<FrankaRobotEmulator> register(BundleContext context,
            FrankaRobotEmulator emulator) {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("command.port", emulator.commandPort());
        properties.put("bind.address", emulator.config().bindAddress().getHostAddress());
        return context.registerService(FrankaRobotEmulator.class, emulator, properties);
    }

    /** Outside a framework (unit tests): no service. */
    FrankaEmulatorComponent(Config config) {
        this(config, null);
    }

    /** The emulator's settings, or an IllegalArgumentException naming the bad one. */
    static FrankaEmulatorConfig settings(Config config) {
        ProtocolVersion version;
        try {
            version = ProtocolVersion.parse(config.protocol_version());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("protocol.version=\"" + config.protocol_version() + "\": "
                    + e.getMessage());
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(config.bind_address().trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bind.address=\"" + config.bind_address()
                    + "\" is not an address or a known host name");
        }
        FrankaEmulatorConfig c = FrankaEmulatorConfig.defaults(version).withBindAddress(address);
        try {
            c = c.withCommandPort(config.command_port()).withMargin(config.limit_margin());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("command.port / limit.margin: " + e.getMessage());
        }
        try {
            c = c.withLostCommandsLimit(config.lost_commands_limit());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("lost.commands.limit=" + config.lost_commands_limit() + ": "
                    + e.getMessage());
        }
        if (!config.start_q().isBlank()) {
            double[] q;
            try {
                q = Arrays.stream(config.start_q().split(",")).map(String::trim).mapToDouble(Double::parseDouble)
                        .toArray();
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("start.q=\"" + config.start_q() + "\" must be seven joint"
                        + " positions in rad, comma separated");
            }
            try {
                c = c.withStartQ(q);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("start.q=\"" + config.start_q() + "\": " + e.getMessage());
            }
        }
        return c;
    }

    /** The running emulator, or null when the configuration could not be used. */
    FrankaRobotEmulator emulator() {
        return emulator;
    }

    @Deactivate
    void stop() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // gone with the bundle already
            }
        }
        if (emulator != null) {
            emulator.close();
        }
    }
}
