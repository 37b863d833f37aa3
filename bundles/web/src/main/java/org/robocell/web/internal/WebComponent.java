package org.robocell.web.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.servlet.context.ServletContextHelper;
import org.osgi.service.servlet.whiteboard.HttpWhiteboardConstants;
import org.osgi.service.servlet.whiteboard.annotations.RequireHttpWhiteboard;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.model.RobotModel;

import jakarta.servlet.Servlet;

/**
 * Serves the web console while PID {@value #PID} says {@code enabled=true}: it has Felix HTTP listen (see
 * {@link JettyConfiguration}) and registers the console's servlet context (the token gate) and servlets with the
 * Servlet Whiteboard. Disabled or unconfigured, it makes sure nothing listens for it. A bad setting is one log line
 * naming the key; the console then stays off and the cell runs on.
 */
@Component(configurationPid = WebComponent.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true,
        service = {})
@Designate(ocd = WebConfiguration.class)
@RequireHttpWhiteboard
public final class WebComponent {

    static final String PID = "org.robocell.web";
    static final String CONTEXT = "org.robocell.web";
    private static final System.Logger LOG = System.getLogger("org.robocell.web");

    private final BundleContext context;
    private final ChannelRegistry registry;
    private final JettyConfiguration jetty;
    private final Robots robots = new Robots();
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private LiveSampler sampler;
    private WebSettings settings;

    @Activate
    public WebComponent(WebConfiguration config, BundleContext context, @Reference ConfigurationAdmin configAdmin,
            @Reference ChannelRegistry registry) {
        this.context = context;
        this.registry = registry;
        this.jetty = new JettyConfiguration(configAdmin);
        apply(config);
    }

    @Modified
    synchronized void modified(WebConfiguration config) {
        unregister();
        apply(config);
    }

    @Deactivate
    synchronized void deactivate() {
        unregister();
        release();
    }

    /** The settings it serves with, null while off. */
    synchronized WebSettings settings() {
        return settings;
    }

    private synchronized void apply(WebConfiguration config) {
        if (!config.enabled()) {
            release();
            return;
        }
        try {
            WebSettings s = WebSettings.of(config);
            JettyConfiguration.Holder holder = jetty.holder();
            if (holder == JettyConfiguration.Holder.OPERATOR) {
                LOG.log(Level.WARNING, "web console: " + JettyConfiguration.PID + " is configured outside the console;"
                        + " serving on the HTTP server it describes, not on " + s.host() + ":" + s.port());
            } else if (!jetty.listensOn(s.host(), s.port())) {
                requireFree(s);
                jetty.listen(s.host(), s.port());
            }
            register(s);
            settings = s;
            LOG.log(Level.INFO, "Web console on http://" + s.browserHost() + ":" + s.port()
                    + (s.generated() ? "/login?token=" + s.token() : "/ (token: " + PID + " token)"));
        } catch (IllegalArgumentException oneLine) {
            LOG.log(Level.ERROR, "Web console not started: " + PID + ": " + oneLine.getMessage());
            unregister();
            release();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.ERROR, "Web console not started (" + PID + "): " + e, e);
            unregister();
            release();
        }
    }

    /** One clear line instead of Jetty's stack trace when the port is taken. */
    private static void requireFree(WebSettings s) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(s.host(), s.port()));
        } catch (IOException e) {
            throw new IllegalArgumentException("port: cannot listen on " + s.host() + ":" + s.port() + ": "
                    + e.getMessage());
        }
    }

    private void register(WebSettings s) {
        Session session = new Session(s.token());
        Hashtable<String, Object> ctx = new Hashtable<>();
        ctx.put(HttpWhiteboardConstants.HTTP_WHITEBOARD_CONTEXT_NAME, CONTEXT);
        ctx.put(HttpWhiteboardConstants.HTTP_WHITEBOARD_CONTEXT_PATH, "/");
        registrations.add(context.registerService(ServletContextHelper.class,
                new TokenGate(context.getBundle(), session), ctx));
        sampler = new LiveSampler(registry, s.sampleRate());
        sampler.start();
        CellView view = new CellView(robots, registry);
        servlet("login", new LoginServlet(session), false, TokenGate.LOGIN);
        servlet("api", new ApiServlet(robots, view), false, "/api/*");
        servlet("stream", new StreamServlet(sampler, s.queue()), true, "/api/stream");
        servlet("pages", new StaticServlet(context.getBundle()), false, "/");
    }

    private void servlet(String name, Servlet servlet, boolean async, String... patterns) {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(HttpWhiteboardConstants.HTTP_WHITEBOARD_SERVLET_NAME, CONTEXT + "." + name);
        p.put(HttpWhiteboardConstants.HTTP_WHITEBOARD_SERVLET_PATTERN, patterns);
        p.put(HttpWhiteboardConstants.HTTP_WHITEBOARD_SERVLET_ASYNC_SUPPORTED, async);
        p.put(HttpWhiteboardConstants.HTTP_WHITEBOARD_CONTEXT_SELECT,
                "(" + HttpWhiteboardConstants.HTTP_WHITEBOARD_CONTEXT_NAME + "=" + CONTEXT + ")");
        registrations.add(context.registerService(Servlet.class, servlet, p));
    }

    private void unregister() {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the bundle is stopping
            }
        }
        registrations.clear();
        if (sampler != null) {
            sampler.stop();
            sampler = null;
        }
        settings = null;
    }

    private void release() {
        try {
            jetty.release();
        } catch (IOException | IllegalStateException e) {
            LOG.log(Level.WARNING, "web console: could not remove " + JettyConfiguration.PID + ": " + e);
        }
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addManager(ControllerManager manager, Map<String, Object> props) {
        robots.add(manager, props);
    }

    void updatedManager(ControllerManager manager, Map<String, Object> props) {
        robots.add(manager, props);
    }

    void removeManager(ControllerManager manager) {
        robots.remove(manager);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addModel(RobotModel model, Map<String, Object> props) {
        robots.addModel(model, props);
    }

    void removeModel(RobotModel model, Map<String, Object> props) {
        robots.removeModel(model, props);
    }
}
