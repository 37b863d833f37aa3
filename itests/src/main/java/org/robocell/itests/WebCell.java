package org.robocell.itests;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Two FR3 robots on mock hardware at 1 kHz in their own namespaces (their controllers and channels are
 * {@code <robot>/...}), each with the joint state broadcaster and the trajectory controller active and the forward
 * position controller loaded; and the web console enabled on a free loopback port with a known token.
 */
final class WebCell implements AutoCloseable {

    static final String TOKEN = "itest-token-0123456789abcdef";
    static final String A = "left";
    static final String B = "right";

    final ControllerManager a;
    final ControllerManager b;
    final int port;
    private final ConfigurationAdmin configAdmin;
    private final BundleContext context;
    private final List<Configuration> configurations = new ArrayList<>();

    WebCell(BundleContext context, ConfigurationAdmin configAdmin) throws Exception {
        this.configAdmin = configAdmin;
        this.context = context;
        CellFixture cell = new CellFixture(context, configAdmin);
        for (String robot : List.of(A, B)) {
            configurations.add(cell.robot(robot, Map.of("namespace", robot,
                    "activate", "joint_state_broadcaster,joint_trajectory_controller",
                    "load", "forward_position_controller",
                    "controllers", controllersFile(robot).toString())));
        }
        a = cell.manager(A);
        b = cell.manager(B);
        for (ControllerManager m : List.of(a, b)) {
            CellFixture.await(() -> m.controller(m.robot() + "/joint_trajectory_controller")
                    .map(c -> c.state() == LifecycleState.ACTIVE).orElse(false), m.robot() + "'s trajectory controller active");
        }
        port = freePort();
        configure(Map.of("enabled", "true", "port", String.valueOf(port), "token", TOKEN));
        // Jetty listens before the whiteboard has taken the console's servlets: wait for the API's answer
        CellFixture.await(() -> answers(base() + "/api/cell"), "the web console's API answering on " + port);
    }

    /**
     * The default cell's controllers file for a robot in its own namespace: a controller's name carries the
     * namespace, and so do the reference interfaces a chainable controller exports, so the chained trajectory
     * controller names the admittance controller's references in full ({@code right/admittance_controller/joint1}).
     */
    private static Path controllersFile(String robot) throws IOException {
        String file = Files.readString(Path.of("../runtime/cell/controllers.yaml"));
        Path written = Files.createTempFile("web-cell-" + robot + "-", ".yaml");
        Files.writeString(written, file.replace("- admittance_controller/", "- " + robot + "/admittance_controller/"));
        written.toFile().deleteOnExit();
        return written;
    }

    /** Whether the URL answers 200 to the token. */
    static boolean answers(String url) {
        try {
            java.net.HttpURLConnection c = (java.net.HttpURLConnection) java.net.URI.create(url).toURL().openConnection();
            c.setRequestProperty("Authorization", "Bearer " + TOKEN);
            c.setConnectTimeout(1000);
            c.setReadTimeout(5000);
            try {
                return c.getResponseCode() == 200;
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** Replaces the console's configuration (PID org.robocell.web). */
    void configure(Map<String, String> values) throws IOException {
        Configuration web = configAdmin.getConfiguration("org.robocell.web", "?");
        web.update(new Hashtable<>(values));
        if (!configurations.contains(web)) {
            configurations.add(web);
        }
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    static boolean listening(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (Configuration c : configurations) {
            try {
                c.delete();
            } catch (IllegalStateException alreadyDeleted) {
                // deleted by the test itself
            }
        }
        // The next test creates org.robocell.web afresh. Felix SCR must have handled this deletion first: a
        // configuration deleted and created again before SCR sees the deletion starts over at the same change count,
        // and SCR, finding the PID still configured, keeps the old values and takes the new ones for an old update
        // (the same race in another DS: CppMicroServices issue 1191). The console would stay as the last test left it.
        CellFixture.await(this::consoleUnconfigured, "the web console back on its defaults");
    }

    /** Whether SCR runs the console without a configuration of its PID. */
    private boolean consoleUnconfigured() {
        ServiceReference<ServiceComponentRuntime> ref = context.getServiceReference(ServiceComponentRuntime.class);
        ServiceComponentRuntime scr = ref == null ? null : context.getService(ref);
        if (scr == null) {
            return false;
        }
        try {
            for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
                if (d.name.equals("org.robocell.web.internal.WebComponent")) {
                    return scr.getComponentConfigurationDTOs(d).stream()
                            .noneMatch(c -> c.properties.containsKey(Constants.SERVICE_PID));
                }
            }
            return false;
        } finally {
            context.ungetService(ref);
        }
    }
}
