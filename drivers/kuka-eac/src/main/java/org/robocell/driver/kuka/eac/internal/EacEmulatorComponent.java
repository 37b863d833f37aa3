package org.robocell.driver.kuka.eac.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.robocell.driver.kuka.eac.emulator.EacControllerEmulator;
import org.robocell.driver.kuka.eac.emulator.EacEmulatorConfig;

/**
 * Runs an emulated KR C5 micro with an LBR iisy 3 R760 while a configuration for {@value #PID} exists: the
 * runtime's stand-in for a real controller on the KONI network. Off unless configured.
 */
@Designate(ocd = EacEmulatorComponent.Config.class)
@Component(configurationPid = EacEmulatorComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {}, immediate = true)
public final class EacEmulatorComponent {

    static final String PID = "org.robocell.driver.kuka.eac.emulator";
    private static final System.Logger LOG = System.getLogger("org.robocell.driver.kuka.eac");

    @ObjectClassDefinition(name = "KUKA iiQKA EAC controller emulator",
            description = "A simulated KR C5 micro with an LBR iisy 3 R760 serving ExternalAPI.Control")
    @interface Config {
        @AttributeDefinition(name = "Address", description = "the controller's address (gRPC and real-time UDP)")
        String address() default "127.0.0.1";

        @AttributeDefinition(name = "gRPC port", description = "49335 on a real controller; 0 picks a free one")
        int grpc_port() default EacEmulatorConfig.GRPC_PORT;

        @AttributeDefinition(name = "Client port", description = "where motion states go on the client's address"
                + " (44444 on a real controller)")
        int client_port() default EacEmulatorConfig.CLIENT_PORT;

        @AttributeDefinition(name = "Cycle (ms)")
        double cycle_ms() default 4.0;

        @AttributeDefinition(name = "Reply window (ms)", description = "a control signal later than this after its"
                + " motion state is lost (2.5 on a real controller); longer than the cycle stretches the cycle")
        double reply_window_ms() default 2.5;

        @AttributeDefinition(name = "Start positions (deg)", description = "joint_1..joint_6, comma separated")
        String start_positions_deg() default "0,-90,0,0,0,0";

        @AttributeDefinition(name = "Monitoring group", description = "where motion states go while monitoring")
        String monitoring_address() default "239.255.123.250";

        @AttributeDefinition(name = "Monitoring port")
        int monitoring_port() default EacEmulatorConfig.MONITORING_PORT;
    }

    private final EacControllerEmulator emulator;

    /**
     * Starts the emulator. A setting it cannot use is one ERROR line naming the setting; the component then stays
     * without an emulator until its configuration changes, and nothing else is affected.
     */
    @Activate
    public EacEmulatorComponent(Config config) {
        EacControllerEmulator started = null;
        try {
            started = EacControllerEmulator.start(settings(config));
            LOG.log(Level.INFO, "EAC emulator: LBR iisy 3 R760 on {0}, gRPC port {1}", config.address(),
                    Integer.toString(started.grpcPort()));
        } catch (IllegalArgumentException | IOException e) {
            LOG.log(Level.ERROR, "EAC emulator (" + PID + "): " + e.getMessage() + "; the emulator is not running"
                    + " until its configuration changes");
        }
        this.emulator = started;
    }

    static EacEmulatorConfig settings(Config config) {
        double[] start;
        try {
            start = Arrays.stream(config.start_positions_deg().split(",")).map(String::trim)
                    .mapToDouble(Double::parseDouble).map(Math::toRadians).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("start.positions.deg='" + config.start_positions_deg()
                    + "' must be the six joint positions in degrees, comma separated");
        }
        if (config.cycle_ms() <= 0 || config.reply_window_ms() <= 0 || !Double.isFinite(config.cycle_ms())
                || !Double.isFinite(config.reply_window_ms())) {
            throw new IllegalArgumentException("cycle.ms=" + config.cycle_ms() + ", reply.window.ms="
                    + config.reply_window_ms() + ": both must be positive");
        }
        try {
            return new EacEmulatorConfig(address("address", config.address()), config.grpc_port(),
                    config.client_port(), Math.round(config.cycle_ms() * 1e6), Math.round(config.reply_window_ms() * 1e6),
                    start, false, address("monitoring.address", config.monitoring_address()),
                    config.monitoring_port());
        } catch (IllegalArgumentException e) {
            if (e.getMessage().startsWith("start")) {
                throw new IllegalArgumentException("start.positions.deg='" + config.start_positions_deg() + "': "
                        + e.getMessage());
            }
            throw e;
        }
    }

    private static InetAddress address(String key, String host) {
        try {
            return InetAddress.getByName(host.trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(key + "='" + host + "' is not an address or a known host name");
        }
    }

    EacControllerEmulator emulator() {
        return emulator;
    }

    @Deactivate
    void stop() {
        if (emulator != null) {
            emulator.close();
        }
    }
}
