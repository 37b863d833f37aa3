package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.lifecycle.LifecycleState;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The web console's HTTP side in the real framework (Felix HTTP on Jetty 12, two FR3 robots on mock hardware):
 * off until configured, every API call needs the token, the buttons' requests make the manager's calls with its
 * answers, and the live stream carries the channel values. The browser itself: {@link WebConsoleBrowserTest}.
 */
class WebConsoleTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private HttpResponse<String> get(String url, String token) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20));
        if (token != null) {
            r.header("Authorization", "Bearer " + token);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String type, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Authorization", "Bearer " + WebCell.TOKEN).header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(HttpResponse<String> r) {
        return JsonParser.parseString(r.body()).getAsJsonObject();
    }

    @Test
    void withoutTheTokenNothingIsAnsweredAndAWrongLoginIsRefused() throws Exception {
        try (WebCell cell = new WebCell(context, configAdmin)) {
            assertEquals(401, get(cell.base() + "/api/cell", null).statusCode());
            assertEquals(401, get(cell.base() + "/api/cell", "wrong-token-0123456789").statusCode());
            assertEquals(401, get(cell.base() + "/api/stream?s=a:b", null).statusCode());
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(cell.base() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(302, page.statusCode(), "a page sends the browser to the login form");
            assertTrue(page.headers().firstValue("Location").orElse("").endsWith("/login"));
            HttpResponse<String> wrong = http.send(HttpRequest.newBuilder(URI.create(cell.base() + "/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("token=guess-0123456789abcdef")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(403, wrong.statusCode());
            assertFalse(wrong.headers().firstValue("Set-Cookie").isPresent());
            HttpResponse<String> right = http.send(HttpRequest.newBuilder(URI.create(cell.base() + "/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("token=" + WebCell.TOKEN)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(303, right.statusCode());
            String cookie = right.headers().firstValue("Set-Cookie").orElseThrow();
            assertTrue(cookie.contains("HttpOnly") && !cookie.contains(WebCell.TOKEN), cookie);
            HttpResponse<String> withCookie = http.send(HttpRequest.newBuilder(URI.create(cell.base() + "/api/cell"))
                    .header("Cookie", cookie.substring(0, cookie.indexOf(';'))).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, withCookie.statusCode(), withCookie.body());
        }
    }

    @Test
    void offUnlessEnabledAndDisablingClosesThePort() throws Exception {
        // (a test before may have just deleted the console's configuration: its HTTP configuration goes with it)
        CellFixture.await(() -> noHttpConfiguration(), "no HTTP server configuration while the console is not configured");
        try (WebCell cell = new WebCell(context, configAdmin)) {
            cell.configure(Map.of("enabled", "false", "port", String.valueOf(cell.port), "token", WebCell.TOKEN));
            CellFixture.await(() -> !WebCell.listening(cell.port), "the port closed once disabled");
            CellFixture.await(() -> noHttpConfiguration(), "the HTTP server configuration deleted once disabled");
        }
    }

    @Test
    void theCellListsBothRobotsWithTheirLoopsAndControllers() throws Exception {
        try (WebCell cell = new WebCell(context, configAdmin)) {
            JsonObject c = json(get(cell.base() + "/api/cell", WebCell.TOKEN));
            assertEquals(2, c.getAsJsonArray("robots").size(), c.toString());
            JsonObject left = c.getAsJsonArray("robots").get(0).getAsJsonObject();
            assertEquals(WebCell.A, left.get("name").getAsString());
            assertEquals(1000, left.get("rate").getAsInt());
            assertEquals("left/joint_state_broadcaster/joint_states", left.get("jointStates").getAsString());
            assertTrue(left.getAsJsonObject("stats").get("cycles").getAsLong() > 0);
            JsonObject ctrl = json(get(cell.base() + "/api/robots/left/controllers", WebCell.TOKEN));
            assertTrue(ctrl.toString().contains("\"name\":\"left/joint_trajectory_controller\""), ctrl.toString());
            assertTrue(ctrl.toString().contains("\"state\":\"active\""), ctrl.toString());
            assertTrue(get(cell.base() + "/api/robots/right/urdf", WebCell.TOKEN).body().contains("<joint name=\"joint1\""));
            JsonObject hw = json(get(cell.base() + "/api/robots/right/hardware", WebCell.TOKEN));
            assertTrue(hw.getAsJsonArray("interfaces").size() > 7, hw.toString());
            HttpResponse<String> unknown = get(cell.base() + "/api/robots/lefty/controllers", WebCell.TOKEN);
            assertEquals(404, unknown.statusCode());
            assertEquals("no robot 'lefty' (did you mean 'left'?)", json(unknown).get("error").getAsString());
        }
    }

    @Test
    void theButtonsRequestsMakeTheManagersCallsAndARefusalIsItsLine() throws Exception {
        try (WebCell cell = new WebCell(context, configAdmin)) {
            String url = cell.base() + "/api/robots/left/controllers";
            // the forward controller needs the joints the active trajectory controller holds: refused
            HttpResponse<String> refused = post(url, "application/json",
                    "{\"action\":\"activate\",\"names\":[\"forward_position_controller\"]}");
            assertEquals(409, refused.statusCode(), refused.body());
            SwitchResult shell = cell.a.switchControllersAndWait(List.of("left/forward_position_controller"), List.of(),
                    Strictness.STRICT, 0);
            assertEquals(shell.message(), json(refused).get("error").getAsString(), "the shell's line");
            HttpResponse<String> off = post(url, "application/json",
                    "{\"action\":\"deactivate\",\"names\":[\"joint_trajectory_controller\"]}");
            assertEquals(200, off.statusCode(), off.body());
            assertEquals(LifecycleState.INACTIVE, cell.a.controller("left/joint_trajectory_controller").orElseThrow().state());
            assertEquals(415, post(url, "text/plain", "{\"action\":\"activate\",\"names\":[\"x\"]}").statusCode(),
                    "a form from a foreign page cannot switch");
            HttpResponse<String> bad = post(url, "application/json", "{\"action\":\"explode\"}");
            assertEquals(400, bad.statusCode());
            assertTrue(json(bad).get("error").getAsString().startsWith("action 'explode': expected one of"));
            HttpResponse<String> on = post(url, "application/json",
                    "{\"action\":\"activate\",\"names\":[\"joint_trajectory_controller\"]}");
            assertEquals(200, on.statusCode(), on.body());
            assertEquals(LifecycleState.ACTIVE, cell.a.controller("left/joint_trajectory_controller").orElseThrow().state());
        }
    }

    @Test
    void theLiveStreamCarriesTheChannelValuesInBatches() throws Exception {
        try (WebCell cell = new WebCell(context, configAdmin)) {
            HttpResponse<java.io.InputStream> r = http.send(HttpRequest.newBuilder(URI.create(cell.base()
                    + "/api/stream?s=left/joint_state_broadcaster/joint_states:joint1/position"
                    + "&s=right/joint_state_broadcaster/joint_states:joint2/position"))
                    .header("Authorization", "Bearer " + WebCell.TOKEN).build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, r.statusCode());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
            int rows = 0;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                String line;
                boolean batch = false;
                while (rows < 50 && (line = in.readLine()) != null) {
                    if (line.equals("event: batch")) {
                        batch = true;
                    } else if (batch && line.startsWith("data: ")) {
                        JsonObject b = JsonParser.parseString(line.substring(6)).getAsJsonObject();
                        int n = b.getAsJsonArray("t").size();
                        assertEquals(2, b.getAsJsonArray("v").size());
                        assertEquals(n, b.getAsJsonArray("v").get(1).getAsJsonArray().size());
                        assertFalse(b.getAsJsonArray("v").get(0).getAsJsonArray().get(0).isJsonNull(), line);
                        rows += n;
                        batch = false;
                    }
                }
            }
            assertTrue(rows >= 50, "rows: " + rows);
        }
    }

    private boolean noHttpConfiguration() {
        try {
            return configAdmin.listConfigurations("(service.pid=org.apache.felix.http)") == null;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
