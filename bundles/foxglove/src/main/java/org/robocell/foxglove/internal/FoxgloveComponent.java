package org.robocell.foxglove.internal;

import java.lang.System.Logger.Level;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.model.RobotModel;

/**
 * Runs the Foxglove WebSocket server while a configuration with {@code enabled=true} exists under PID
 * {@value #PID}. Without one the component does not even activate: nothing listens. A changed configuration
 * restarts the server with the new settings.
 */
@Component(configurationPid = FoxgloveComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
@Designate(ocd = FoxgloveConfiguration.class)
public final class FoxgloveComponent {

    static final String PID = "org.robocell.foxglove";
    private static final System.Logger LOG = System.getLogger("org.robocell.foxglove");

    private final Map<ControllerManager, TrackedRobot> robots = new ConcurrentHashMap<>();
    private final Map<String, RobotModel> models = new ConcurrentHashMap<>();
    private final FoxgloveServer server;
    private final Sampler sampler;

    @Activate
    public FoxgloveComponent(FoxgloveConfiguration config, @Reference ChannelRegistry registry) {
        if (!config.enabled()) {
            LOG.log(Level.INFO, "Foxglove server disabled ({0}: enabled=false)", PID);
            server = null;
            sampler = null;
            return;
        }
        FoxgloveServer s = null;
        Sampler sam = null;
        try {
            FoxgloveSettings settings = FoxgloveSettings.of(config);
            ChannelTable table = new ChannelTable();
            s = new FoxgloveServer(settings, table, new ParameterBridge(this::robots));
            s.startAndWait();
            sam = new Sampler(registry, this::robots, models::get, table, s, settings.decimation());
            sam.start();
            LOG.log(Level.INFO, "Foxglove server on ws://{0}:{1} (decimation {2}{3})", settings.host(),
                    String.valueOf(s.getPort()), String.valueOf(settings.decimation()),
                    settings.loopbackOnly() ? "" : settings.token().isEmpty() ? ", read-only beyond loopback: no token"
                            : ", parameters beyond loopback with the token");
        } catch (IllegalArgumentException | FoxgloveServer.ListenFailure oneLine) {
            LOG.log(Level.ERROR, "Foxglove server not started: " + PID + ": " + oneLine.getMessage());
            stop(s);
            s = null;
        } catch (Exception e) {
            LOG.log(Level.ERROR, "Foxglove server not started (" + PID + "): " + e.getMessage(), e);
            stop(s);
            s = null;
        }
        server = s;
        sampler = s == null ? null : sam;
    }

    /** The port the server listens on (the configured one, or the one chosen for port 0); -1 when not running. */
    int port() {
        return server == null ? -1 : server.getPort();
    }

    private Collection<TrackedRobot> robots() {
        return List.copyOf(robots.values());
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addManager(ControllerManager manager, Map<String, Object> props) {
        Object ns = props.get(ControllerManager.NAMESPACE);
        robots.put(manager, new TrackedRobot(manager, ns == null ? "" : ns.toString()));
    }

    void removeManager(ControllerManager manager) {
        robots.remove(manager);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addModel(RobotModel model, Map<String, Object> props) {
        Object robot = props.get(ControllerManager.ROBOT);
        if (robot != null) {
            models.put(robot.toString(), model);
        }
    }

    void removeModel(RobotModel model, Map<String, Object> props) {
        Object robot = props.get(ControllerManager.ROBOT);
        if (robot != null) {
            models.remove(robot.toString(), model);
        }
    }

    @Deactivate
    void deactivate() {
        if (sampler != null) {
            sampler.stop();
        }
        stop(server);
    }

    private static void stop(FoxgloveServer s) {
        if (s == null) {
            return;
        }
        try {
            s.stop(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
