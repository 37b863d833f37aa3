package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The Foxglove WebSocket server in the real framework with a running FR3 (mock hardware, 1 kHz): ConfigAdmin
 * enables it, and the npm client of the protocol ({@code @foxglove/ws-protocol}, installed by the foxglove module's
 * {@code npm ci}) subscribes to joint states and TF, counts messages over 500 broadcaster publications at decimation
 * 10, sets a parameter of the inactive forward controller and reads it back, and gets the manager's refusal for a
 * parameter of the active trajectory controller (bundles/foxglove/src/test/node/protocol-check.mjs).
 */
class FoxgloveProtocolTest {

    private static final Path MODULE = Path.of("../bundles/foxglove").toAbsolutePath().normalize();
    private static final int DECIMATION = 10;
    private static final int CYCLES = 500;

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> configurations = new ArrayList<>();

    @AfterEach
    void removeConfigurations() throws IOException {
        for (Configuration c : configurations) {
            c.delete();
        }
    }

    @Test
    void theNpmFoxgloveClientGetsJointStatesAndTfAtTheDecimatedRateAndSetsAParameter() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(MODULE.resolve("node_modules/@foxglove/ws-protocol")),
                "the foxglove module's npm ci did not run (-Dfoxglove.npm.skip)");
        CellFixture cell = new CellFixture(context, configAdmin);
        configurations.add(cell.robot("fox", Map.of("activate", "joint_state_broadcaster,joint_trajectory_controller",
                "load", "forward_position_controller",
                "controllers", Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().toString())));
        ControllerManager fox = cell.manager("fox");
        CellFixture.await(() -> fox.controller("joint_trajectory_controller")
                .map(c -> c.state() == LifecycleState.ACTIVE).orElse(false), "the trajectory controller active");

        int port = freePort();
        Configuration server = configAdmin.getConfiguration("org.robocell.foxglove", "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("enabled", "true");
        props.put("port", String.valueOf(port));
        props.put("decimation", String.valueOf(DECIMATION));
        server.update(props);
        configurations.add(server);
        CellFixture.await(() -> listening(port), "the Foxglove server listening on " + port);

        String reversed = "[\"joint7\",\"joint6\",\"joint5\",\"joint4\",\"joint3\",\"joint2\",\"joint1\"]";
        Process node = new ProcessBuilder("node", MODULE.resolve("src/test/node/protocol-check.mjs").toString(),
                "ws://127.0.0.1:" + port, "fox", String.valueOf(DECIMATION), String.valueOf(CYCLES),
                "fox.forward_position_controller.joints", reversed, "fox.joint_trajectory_controller.joints")
                .redirectErrorStream(true).start();
        assertTrue(node.waitFor(90, TimeUnit.SECONDS), "the protocol check ended");
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, node.exitValue(), out);
        assertTrue(out.contains("\"tfFrames\":[") && out.contains("link6->link7"), out);
        assertEquals(List.of("joint7", "joint6", "joint5", "joint4", "joint3", "joint2", "joint1"),
                fox.controller("forward_position_controller").orElseThrow().parameters().getStringList("joints"),
                "the parameter set through Foxglove is the manager's");
    }

    private static boolean listening(int port) {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
