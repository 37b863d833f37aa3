package org.robocell.driver.franka.gripper.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.UnknownHostException;
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
import org.robocell.driver.franka.gripper.emulator.FrankaHandEmulator;
import org.robocell.driver.franka.gripper.emulator.HandEmulatorConfig;
import org.robocell.driver.franka.gripper.protocol.GripperCodec;

/**
 * Runs an emulated Franka Hand while a configuration for {@value #PID} exists: the runtime's stand-in for the Hand
 * at the robot's address. Off unless configured. The running emulator is registered as a
 * {@link FrankaHandEmulator} service (properties {@code command.port}, {@code bind.address}), so a test or a tool
 * can put an object between its fingers.
 */
@Designate(ocd = FrankaHandEmulatorComponent.Config.class)
@Component(configurationPid = FrankaHandEmulatorComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {}, immediate = true)
public final class FrankaHandEmulatorComponent {

    static final String PID = "org.robocell.driver.franka.gripper.emulator";
    private static final System.Logger LOG = System.getLogger("org.robocell.driver.franka.gripper");

    @ObjectClassDefinition(name = "Franka Hand emulator",
            description = "An emulated Franka Hand answering libfranka's Gripper (or RoboCell's driver)")
    @interface Config {
        @AttributeDefinition(name = "Address", description = "the robot's address; libfranka clients connect to it")
        String bind_address() default "127.0.0.1";

        @AttributeDefinition(name = "Command port", description = "TCP; 1338 as on the Hand (libfranka's is fixed)")
        int command_port() default GripperCodec.COMMAND_PORT;

        @AttributeDefinition(name = "Max width (m)", description = "what a homing measures: 0.08 for the FR3 hand")
        double max_width() default HandEmulatorConfig.FR3_HAND_MAX_WIDTH;

        @AttributeDefinition(name = "Max speed (m/s)", description = "a faster command runs at this speed")
        double max_speed() default 0.1;

        @AttributeDefinition(name = "Max force (N)", description = "a grasp asking more is refused (kFail)")
        double max_force() default 70;

        @AttributeDefinition(name = "Temperature (°C)")
        int temperature() default 30;

        @AttributeDefinition(name = "Object width (m)", description = "the object between the fingers; empty: none")
        String object_width() default "";

        @AttributeDefinition(name = "State period (ms)", description = "how often the UDP state goes out")
        int state_period_ms() default 10;
    }

    private final FrankaHandEmulator emulator;
    private final ServiceRegistration<FrankaHandEmulator> registration;

    /**
     * Starts the emulator. A setting it cannot use is one ERROR line naming the setting; the component then stays
     * without an emulator until its configuration changes.
     */
    @Activate
    public FrankaHandEmulatorComponent(Config config, BundleContext context) {
        FrankaHandEmulator started = null;
        try {
            HandEmulatorConfig settings = settings(config);
            try {
                started = FrankaHandEmulator.start(settings);
            } catch (IOException e) {
                throw new IllegalArgumentException("command.port=" + config.command_port() + " on "
                        + config.bind_address() + " cannot be opened: " + e.getMessage());
            }
            LOG.log(Level.INFO, "Franka Hand emulator: a Hand (max width " + settings.maxWidth() + " m) listens on "
                    + settings.bindAddress().getHostAddress() + ":" + started.commandPort());
        } catch (IllegalArgumentException e) {
            LOG.log(Level.ERROR, "Franka Hand emulator (" + PID + "): " + e.getMessage() + "; the emulator is not"
                    + " running until its configuration changes");
        }
        this.emulator = started;
        this.registration = started == null || context == null ? null : register(context, started);
    }

    /** Outside a framework (unit tests): no service. */
    FrankaHandEmulatorComponent(Config config) {
        this(config, null);
    }

    private static ServiceRegistration<FrankaHandEmulator> register(BundleContext context,
            FrankaHandEmulator emulator) {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("command.port", emulator.commandPort());
        properties.put("bind.address", emulator.config().bindAddress().getHostAddress());
        return context.registerService(FrankaHandEmulator.class, emulator, properties);
    }

    /** The emulator's settings, or an IllegalArgumentException naming the bad one. */
    static HandEmulatorConfig settings(Config config) {
        InetAddress address;
        try {
            address = InetAddress.getByName(config.bind_address().trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bind.address=\"" + config.bind_address()
                    + "\" is not an address or a known host name");
        }
        double object = Double.NaN;
        if (!config.object_width().isBlank()) {
            try {
                object = Double.parseDouble(config.object_width().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("object.width=\"" + config.object_width() + "\" is not a width"
                        + " in m (empty: no object)");
            }
        }
        return new HandEmulatorConfig(address, config.command_port(), config.max_width(), config.max_speed(),
                config.max_force(), config.temperature(), object, config.state_period_ms());
    }

    /** The running emulator, or null when the configuration could not be used. */
    FrankaHandEmulator emulator() {
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
