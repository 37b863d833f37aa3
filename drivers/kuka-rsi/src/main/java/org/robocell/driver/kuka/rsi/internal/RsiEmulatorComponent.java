package org.robocell.driver.kuka.rsi.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.lang.System.Logger.Level;
import java.util.Arrays;
import java.util.Map;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;

/**
 * Runs an emulated RSI robot while a configuration for {@value #PID} exists: the runtime's stand-in for a real
 * KR C4 on the RSI network.
 */
@Designate(ocd = RsiEmulatorComponent.Config.class)
@Component(configurationPid = RsiEmulatorComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {}, immediate = true)
public final class RsiEmulatorComponent {

    static final String PID = "org.robocell.driver.kuka.rsi.emulator";
    private static final System.Logger LOG = System.getLogger("org.robocell.driver.kuka.rsi");

    @ObjectClassDefinition(name = "KUKA RSI robot emulator",
            description = "A simulated KR C4 with a KR 6 R900 sixx sending RSI datagrams to a driver")
    @interface Config {
        @AttributeDefinition(name = "Driver host", description = "where the robot sends (the PC's IP_NUMBER)")
        String driver_host() default "127.0.0.1";

        @AttributeDefinition(name = "Driver port", description = "the PC's PORT")
        int driver_port() default 49152;

        @AttributeDefinition(name = "Bind address",
                description = "the controller's own address; empty: the driver host if it is loopback, else any")
        String bind_address() default "";

        @AttributeDefinition(name = "Cycle (ms)", description = "4 for IPO_FAST, 12 for IPO")
        double cycle_ms() default 4.0;

        @AttributeDefinition(name = "IPOC step", description = "IPOC increase per cycle (ms of controller time)")
        long ipoc_step() default 4;

        @AttributeDefinition(name = "Timeout", description = "late replies after which RSI stops")
        int timeout_count() default 100;

        @AttributeDefinition(name = "Wait for the driver",
                description = "do not count late replies before the first reply on time")
        boolean grace_until_first_reply() default true;

        @AttributeDefinition(name = "Correction mode", options = {
                @org.osgi.service.metatype.annotations.Option(label = "relative to the start axes", value = "relative"),
                @org.osgi.service.metatype.annotations.Option(label = "absolute axis values", value = "absolute") })
        String correction_mode() default "relative";

        @AttributeDefinition(name = "Start axes (deg)", description = "A1..A6, comma separated")
        String start_axes_deg() default "0,-90,90,0,90,0";

        @AttributeDefinition(name = "ETHERNET configuration", description = "the robot-side configuration of a"
                + " public ROS driver: kuka_drivers (SENTYPE KROSHU; RIst, AIPos, EIPos, Delay; Stop, AK, EK) or"
                + " kuka_experimental (SENTYPE ImFree; RIst, RSol, AIPos, ASPos, Delay; AK)", options = {
                        @org.osgi.service.metatype.annotations.Option(label = "kuka_drivers", value = "kuka_drivers"),
                        @org.osgi.service.metatype.annotations.Option(label = "kuka_experimental",
                                value = "kuka_experimental") })
        String configuration() default "kuka_drivers";

        @AttributeDefinition(name = "SENTYPE", description = "the Type the replies carry; empty: the configuration's")
        String sen_type() default "";

        @AttributeDefinition(name = "External axes", description = "how many external axes E1..En the PC commands"
                + " (EK), 0..6")
        int external_axes() default 0;

        @AttributeDefinition(name = "HOLDON", description = "true: a command missing from a reply keeps its last"
                + " value (HOLDON=\"1\"); false: it is 0")
        boolean hold_on() default true;

        @AttributeDefinition(name = "Inputs", description = "further channels the robot sends, comma separated"
                + " (DiL, Tech.T21:2)")
        String inputs() default "";

        @AttributeDefinition(name = "Outputs", description = "further channels the robot reads from each reply")
        String outputs() default "";

        @AttributeDefinition(name = "Cartesian correction", description = "the reply element of the PC's Cartesian"
                + " correction (RKorr: X Y Z mm, A B C deg, about the robot base), applied to the flange on top of"
                + " the axis command; empty: axis correction only")
        String cartesian_correction() default "";

        @AttributeDefinition(name = "Restart (ms)", description = "when RSI has ended (Stop, timeout), start it again"
                + " after this many ms from where the axes are, as a KRL program that loops over RSI_ON/RSI_MOVECORR"
                + " does; negative: never")
        long restart_ms() default -1;

        @AttributeDefinition(name = "Strings", description = "string channels the robot program sends in every"
                + " datagram, Name=text pairs, comma separated (EStr=Program 3 started)")
        String strings() default "";
    }

    private volatile RsiRobotEmulator emulator;
    private volatile boolean stopping;
    private final Thread restarter;
    private int sessions = 1;

    /**
     * Starts the emulator. A setting it cannot use (a host that does not resolve, start axes that are not six
     * numbers, a port taken) is one ERROR line naming the setting; the component then stays without an emulator
     * until its configuration changes, and nothing else is affected.
     */
    @Activate
    public RsiEmulatorComponent(Config config) {
        RsiRobotEmulator started = null;
        Thread restart = null;
        try {
            RsiEmulatorConfig c = settings(config);
            Map<String, String> texts = texts(config.strings());
            try {
                started = RsiRobotEmulator.start(c, texts);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("strings=" + Texts.quoted(config.strings()) + ": " + e.getMessage());
            }
            if (config.restart_ms() >= 0) {
                restart = new Thread(() -> restartLoop(c, texts, config.restart_ms()), "rsi-emulator-restart");
                restart.setDaemon(true);
            }
        } catch (IllegalArgumentException | IOException e) {
            LOG.log(Level.ERROR, "RSI emulator (" + PID + "): " + e.getMessage() + "; the emulator is not"
                    + " running until its configuration changes");
        }
        this.emulator = started;
        this.restarter = restart;
        if (restart != null) {
            restart.start();
        }
    }

    /** {@code Name=text} pairs, comma separated. */
    static Map<String, String> texts(String pairs) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String pair : list(pairs)) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("strings=" + Texts.quoted(pairs) + ": " + Texts.quoted(pair)
                        + " must be Name=text");
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1));
        }
        return out;
    }

    /** The emulator's settings from the configuration, or an IllegalArgumentException naming the bad one. */
    static RsiEmulatorConfig settings(Config config) {
        double[] start;
        try {
            start = Arrays.stream(config.start_axes_deg().split(",")).map(String::trim)
                    .mapToDouble(Double::parseDouble).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("start.axes.deg=" + Texts.quoted(config.start_axes_deg())
                    + " must be the six axes A1..A6 in degrees, comma separated");
        }
        RsiChannelMap map;
        try {
            map = RsiChannelMap.preset(config.configuration(), 6);
            if (!config.sen_type().isBlank()) {
                map = new RsiChannelMap(6, map.actualAxes(), map.actualPose(), map.delay(), map.ipoc(), map.inputs(),
                        config.sen_type().trim(), map.axisCommand(), map.stop(), map.outputs(),
                        map.externalAxisCount(), map.externalActualAxes(), map.externalAxisCommand(),
                        map.setpointPose(), map.setpointAxes());
            }
            if (config.external_axes() > 0) {
                map = map.withExternalAxes(config.external_axes(),
                        map.sendsExternalAxes() ? map.externalActualAxes() : "EIPos", map.externalAxisCommand());
            }
            map = map.withInputs(list(config.inputs())).withOutputs(list(config.outputs()))
                    .withCartesianCorrection(config.cartesian_correction());
            map.robotLayout();
            map.replyLayout();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration=" + Texts.quoted(config.configuration()) + ", sen.type, "
                    + "external.axes, inputs, outputs, cartesian.correction: " + e.getMessage());
        }
        RsiEmulatorConfig c = RsiEmulatorConfig.defaults(new InetSocketAddress(
                        address("driver.host", config.driver_host()), config.driver_port()))
                .withCycleNanos(Math.round(config.cycle_ms() * 1_000_000))
                .withIpoc(3_393_226L, config.ipoc_step())
                .withTimeoutCount(config.timeout_count())
                .withGraceUntilFirstReply(config.grace_until_first_reply())
                .withCorrectionMode(CorrectionMode.parse(config.correction_mode()))
                .withHoldOn(config.hold_on())
                .withChannelsAndExternalAxes(map);
        if (start.length == 6 && map.externalAxisCount() > 0) {
            start = Arrays.copyOf(start, 6 + map.externalAxisCount());
        }
        try {
            c = c.withStartAxesDegrees(start);
        } catch (IllegalArgumentException e) {
            String external = map.externalAxisCount() == 0 ? ""
                    : " then the external axes E1..E" + map.externalAxisCount();
            throw new IllegalArgumentException("start.axes.deg=" + Texts.quoted(config.start_axes_deg())
                    + " must be the six axes A1..A6" + external + " in degrees, comma separated (" + e.getMessage()
                    + ")");
        }
        if (!config.bind_address().isBlank()) {
            c = c.withBindAddress(address("bind.address", config.bind_address().trim()));
        }
        return c;
    }

    private static List<String> list(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static InetAddress address(String key, String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(key + "=" + Texts.quoted(host) + " is not an address or a known host name");
        }
    }

    /** The emulator of the current RSI session. */
    RsiRobotEmulator emulator() {
        return emulator;
    }

    /** RSI sessions started so far (1 + restarts). */
    synchronized int sessions() {
        return sessions;
    }

    private void restartLoop(RsiEmulatorConfig config, Map<String, String> texts, long restartMs) {
        try {
            while (!stopping) {
                RsiRobotEmulator current = emulator;
                current.awaitStopped(Long.MAX_VALUE, TimeUnit.DAYS);
                if (stopping || current.state() == RsiRobotEmulator.SessionState.CLOSED) {
                    return;
                }
                LOG.log(Level.INFO, "RSI emulator: {0}; RSI starts again in {1} ms", current.stopMessage(), restartMs);
                Thread.sleep(restartMs);
                synchronized (this) {
                    if (stopping) {
                        return;
                    }
                    emulator = RsiRobotEmulator.start(config.withStartAxesDegrees(current.axisDegrees()), texts);
                    sessions++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.log(Level.ERROR, "RSI emulator could not start again: " + e.getMessage(), e);
        }
    }

    @Deactivate
    void stop() {
        synchronized (this) {
            stopping = true;
        }
        if (restarter != null) {
            restarter.interrupt();
        }
        RsiRobotEmulator current = emulator;
        if (current != null) {
            current.close();
        }
    }
}
