package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime jar carries its optional parts (the SSH server, the web console, the Foxglove server, the iiQKA EAC
 * driver) without installing them: a start installs none that nothing calls for, and each one, alone, is installed
 * and serves once its configuration appears, at start or while the cell runs, or, for a driver, once a robot's URDF
 * names its plugin. The SSH server alone: {@link RemoteShutdownTest}.
 */
class FeaturesOnDemandTest {

    private static final List<String> FEATURE_BUNDLES = List.of("org.robocell.remote", "org.robocell.web",
            "org.robocell.foxglove", "bcprov", "org.apache.sshd", "org.apache.felix.http.jetty12", "com.google.gson",
            "org.robocell.driver.kuka.eac", "org.robocell.driver.kuka.fri", "org.robocell.driver.kuka.cartesian",
            "com.google.protobuf", "org.robocell.driver.franka.gripper", "org.robocell.driver.sim",
            "org.robocell.controller.pid", "org.robocell.controller.diffdrive", "org.robocell.controller.gpio",
            "org.robocell.controller.passthrough", "org.robocell.controller.fts", "org.robocell.controller.gripper",
            "org.robocell.controller.broadcasters", "org.robocell.controller.franka.dual",
            "org.robocell.controller.franka.examples", "org.robocell.controller.franka.broadcaster");
    private static final List<String> FEATURES = List.of("ssh", "web", "foxglove", "eac", "fri", "hand", "sim", "pid",
            "diffdrive", "gpio", "passthrough", "force-torque", "gripper-action", "sensor-broadcasters", "franka-dual",
            "franka-examples", "franka-state-broadcaster");
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    /** A cell folder without robots: these tests are about the runtime's features, not its robots. */
    private void noRobots() throws IOException {
        Files.createDirectories(work.resolve("runtime/cell"));
        Files.createDirectories(work.resolve("deploy"));
    }

    @Test
    void aStartInstallsNoFeatureWhoseConfigurationIsNotThere() throws Exception {
        noRobots();
        Files.writeString(work.resolve("lb.gosh"), "lb -s\n");

        RoboCellProcess.Run run = RoboCellProcess.run(work, "--script", "lb.gosh");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("|org.robocell.features ("), run.output());
        for (String bsn : FEATURE_BUNDLES) {
            assertFalse(run.output().contains("|" + bsn), bsn + " is installed without its configuration:\n" + run.output());
        }
    }

    @Test
    void theWebConsoleConfiguredBeforeTheStartIsInstalledAloneAndServesItsApi() throws Exception {
        noRobots();
        int port = freePort();
        String token = "features-on-demand-token";
        Files.writeString(work.resolve("deploy/org.robocell.web.cfg"),
                "enabled=true\nport=" + port + "\ntoken=" + token + "\n");
        Path log = work.resolve("robocell.log");
        Process p = RoboCellProcess.start(work, log, "--headless");
        try {
            awaitLine(p, log, "feature web: started for the configuration org.robocell.web");
            awaitLine(p, log, "Web console on http://127.0.0.1:" + port);
            // the console names its address when it configures the HTTP service; Jetty listens a moment later
            awaitLine(p, log, "at port(s) HTTP:" + port);
            HttpClient http = HttpClient.newHttpClient();
            URI api = URI.create("http://127.0.0.1:" + port + "/api/cell");
            HttpResponse<String> refused = http.send(HttpRequest.newBuilder(api).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> answered = http.send(HttpRequest.newBuilder(api)
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, refused.statusCode(), refused.body());
            assertEquals(200, answered.statusCode(), answered.body());
            assertTrue(answered.body().startsWith("{"), answered.body());
            assertOnlyFeatureStartedWithoutError(Files.readString(log, StandardCharsets.UTF_8), "web");
        } finally {
            stop(p);
        }
    }

    @Test
    void foxgloveConfiguredWhileTheCellRunsIsInstalledAloneAndGreetsAClient() throws Exception {
        noRobots();
        int port = freePort();
        Path log = work.resolve("robocell.log");
        Process p = RoboCellProcess.start(work, log, "--headless");
        try {
            awaitLine(p, log, "cell: runs from the folder");
            // written elsewhere and moved in whole, as FileInstall expects a file to arrive
            Path cfg = work.resolve("org.robocell.foxglove.cfg");
            Files.writeString(cfg, "enabled=true\nport=" + port + "\n");
            Files.move(cfg, work.resolve("deploy/org.robocell.foxglove.cfg"));
            awaitLine(p, log, "feature foxglove: started for the configuration org.robocell.foxglove");
            awaitLine(p, log, "Foxglove server on ws://127.0.0.1:" + port);

            CompletableFuture<String> first = new CompletableFuture<>();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols("foxglove.websocket.v1")
                    .buildAsync(URI.create("ws://127.0.0.1:" + port + "/"), new WebSocket.Listener() {
                        private final StringBuilder text = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                            text.append(data);
                            if (last) {
                                first.complete(text.toString());
                            }
                            socket.request(1);
                            return null;
                        }
                    }).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            String hello = first.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            ws.abort();
            assertEquals("foxglove.websocket.v1", ws.getSubprotocol());
            assertTrue(hello.contains("\"op\":\"serverInfo\""), hello);
            assertOnlyFeatureStartedWithoutError(Files.readString(log, StandardCharsets.UTF_8), "foxglove");
        } finally {
            stop(p);
        }
    }

    @Test
    void anIisyWhoseUrdfNamesTheEacDriverHasItInstalledAndComesUp() throws Exception {
        Path cell = Files.createDirectories(work.resolve("iisy"));
        try (var files = Files.list(Path.of("fixtures/iisy-eac"))) {
            for (Path f : files.toList()) {
                Files.copy(f, cell.resolve(f.getFileName()));
            }
        }
        Files.createDirectories(work.resolve("deploy"));
        Files.writeString(work.resolve("robots.gosh"), "robots\nlb -s\n");

        RoboCellProcess.Run run = RoboCellProcess.run(work, "--cell", "iisy", "--script", "robots.gosh");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("feature eac: started for the hardware plugin"
                + " kuka_eac::KukaEACHardwareInterface of robot iisy"), run.output());
        assertTrue(run.output().matches("(?s).*\\niisy +250 Hz +hardware +yes .*"), run.output());
        assertTrue(run.output().contains("|org.robocell.driver.kuka.eac ("), run.output());
        assertOnlyFeatureStartedWithoutError(run.output(), "eac");
    }

    /**
     * ros2_control's diffbot (a differential drive base, a GPIO, an IMU and a range sensor) declares controller types
     * the default cell does not use: each type's feature is installed, and the start controllers of those types come
     * up, with no other feature.
     */
    @Test
    void theDiffbotsControllerTypesAreInstalledAndItsStartControllersComeUp() throws Exception {
        Path fixture = Path.of("fixtures/diffbot").toAbsolutePath();
        Files.createDirectories(work.resolve("runtime/cell"));
        Files.createDirectories(work.resolve("deploy"));
        Files.writeString(work.resolve("deploy/org.robocell.cell.robot-diffbot.cfg"), "name=diffbot\n"
                + "urdf=" + fixture.resolve("diffbot.urdf") + "\n"
                + "controllers=" + fixture.resolve("diffbot_controllers.yaml") + "\n"
                + "activate=joint_state_broadcaster,diffbot_base_controller,gpio_controller,imu_sensor_broadcaster,"
                + "imu_mock\nload=sonar_broadcaster\n");
        Path log = work.resolve("robocell.log");
        Process p = RoboCellProcess.start(work, log, "--headless");
        try {
            awaitLine(p, log, "feature diffdrive: started for the controller type"
                    + " diff_drive_controller/DiffDriveController of robot diffbot (1 bundle installed");
            awaitLine(p, log, "feature gpio: started for the controller type gpio_controllers/GpioCommandController");
            awaitLine(p, log, "feature sensor-broadcasters: started for the controller type");
            awaitLine(p, log, "robot diffbot: activated diffbot_base_controller");
            awaitLine(p, log, "robot diffbot: activated gpio_controller");
            awaitLine(p, log, "robot diffbot: activated imu_sensor_broadcaster");
            String out = Files.readString(log, StandardCharsets.UTF_8);
            for (String f : FEATURES) {
                boolean asked = List.of("diffdrive", "gpio", "sensor-broadcasters").contains(f);
                assertEquals(asked, out.contains("feature " + f + ": started"), f + ":\n" + out);
            }
            assertFalse(out.contains("SEVERE") || out.contains("ERROR"), out);
        } finally {
            stop(p);
        }
    }

    /**
     * A script that ends at once stops the runtime while the diffbot's features are still being installed: whatever
     * was not installed by then is not an error (it once was a SEVERE line, "could not be installed: The framework has
     * been shutdown").
     */
    @Test
    void aRuntimeStoppingWhileFeaturesAreInstalledSaysNothingOfThem() throws Exception {
        Path fixture = Path.of("fixtures/diffbot").toAbsolutePath();
        Files.createDirectories(work.resolve("runtime/cell"));
        Files.createDirectories(work.resolve("deploy"));
        Files.writeString(work.resolve("deploy/org.robocell.cell.robot-diffbot.cfg"), "name=diffbot\n"
                + "urdf=" + fixture.resolve("diffbot.urdf") + "\n"
                + "controllers=" + fixture.resolve("diffbot_controllers.yaml") + "\n"
                + "activate=joint_state_broadcaster,diffbot_base_controller,gpio_controller,imu_sensor_broadcaster,"
                + "imu_mock\n");
        Files.writeString(work.resolve("robots.gosh"), "robots\n");

        RoboCellProcess.Run run = RoboCellProcess.run(work, "--script", "robots.gosh");

        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().matches("(?s).*\\ndiffbot +100 Hz .*"), run.output());
        assertFalse(run.output().contains("SEVERE") || run.output().contains("ERROR"), run.output());
    }

    /** The one feature asked for started, no other one, and nothing went wrong. */
    private static void assertOnlyFeatureStartedWithoutError(String out, String feature) {
        for (String other : FEATURES) {
            assertEquals(other.equals(feature), out.contains("feature " + other + ": started"), other + ":\n" + out);
        }
        assertFalse(out.contains("SEVERE") || out.contains("ERROR"), out);
    }

    private static void awaitLine(Process p, Path log, String line) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            String out = Files.readString(log, StandardCharsets.UTF_8);
            if (out.contains(line)) {
                return;
            }
            if (!p.isAlive()) {
                throw new AssertionError("robocell exited (" + p.exitValue() + ") before \"" + line + "\":\n" + out);
            }
            p.waitFor(50, TimeUnit.MILLISECONDS); // the log is a file: look again shortly, or see the exit at once
        }
        throw new AssertionError("no line \"" + line + "\" within " + WAIT.toSeconds() + " s:\n"
                + Files.readString(log, StandardCharsets.UTF_8));
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
