package org.robocell.web.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * A button's request, {@code POST /api/robots/<robot>/controllers} with a JSON body, carried out with the calls the
 * shell's {@code controller:*} commands make (so the answers, and the refusals, are the shell's):
 * <pre>
 * {"action":"load","name":"forward_position_controller"}            {"action":"load","name":"jog","type":"..."}
 * {"action":"configure"|"cleanup"|"unload","name":"..."}
 * {"action":"activate"|"deactivate","names":["..."],"strictness":"strict"}
 * {"action":"switch","activate":["..."],"deactivate":["..."],"strictness":"best-effort"}
 * </pre>
 */
final class ControllerAction {

    /** What an action came to: ok with the manager's line, or refused with it and its reason. */
    record Outcome(boolean ok, String message, Reason reason) {

        JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("ok", ok);
            o.addProperty(ok ? "message" : "error", message);
            o.addProperty("reason", reason.name());
            return o;
        }

        /** 200 when done; 404 for an unknown name, 400 for a malformed request, 409 for any other refusal. */
        int status() {
            if (ok) {
                return 200;
            }
            return switch (reason) {
                case UNKNOWN_NAME -> 404;
                case INVALID_NAME, INVALID_ARGUMENT -> 400;
                default -> 409;
            };
        }
    }

    private ControllerAction() {
    }

    static Outcome run(Robots.Robot robot, JsonObject body) {
        ControllerManager m = robot.manager();
        String action = text(body, "action");
        int cycles = body.has("timeoutCycles") ? body.get("timeoutCycles").getAsInt() : 0;
        return switch (action) {
            case "load" -> {
                String name = qualified(robot, text(body, "name"));
                yield body.has("type") ? done(m.load(name, text(body, "type"))) : done(m.load(name));
            }
            case "configure" -> done(m.configure(qualified(robot, text(body, "name"))));
            case "cleanup" -> done(m.cleanup(qualified(robot, text(body, "name"))));
            case "unload" -> done(m.unload(qualified(robot, text(body, "name"))));
            case "activate" -> switched(m.switchControllersAndWait(names(robot, body, "names", true), List.of(),
                    strictness(body), cycles));
            case "deactivate" -> switched(m.switchControllersAndWait(List.of(), names(robot, body, "names", true),
                    strictness(body), cycles));
            case "switch" -> {
                List<String> on = names(robot, body, "activate", false);
                List<String> off = names(robot, body, "deactivate", false);
                if (on.isEmpty() && off.isEmpty()) {
                    throw new IllegalArgumentException("switch: expected controllers in 'activate' or 'deactivate'");
                }
                yield switched(m.switchControllersAndWait(on, off, strictness(body), cycles));
            }
            default -> throw new IllegalArgumentException("action '" + action
                    + "': expected one of load, configure, cleanup, unload, activate, deactivate, switch");
        };
    }

    private static Outcome done(Result r) {
        return new Outcome(r.ok(), r.message(), r.reason());
    }

    /** The shell's {@code controller:switch} line: the message, then the cycle and what changed. */
    static Outcome switched(SwitchResult r) {
        if (!r.ok()) {
            return new Outcome(false, r.message(), r.reason());
        }
        StringBuilder sb = new StringBuilder(r.message());
        if (r.cycle() >= 0 && (!r.activated().isEmpty() || !r.deactivated().isEmpty())) {
            sb.append(" (cycle ").append(r.cycle());
            if (!r.deactivated().isEmpty()) {
                sb.append("; deactivated ").append(String.join(" ", r.deactivated()));
            }
            if (!r.activated().isEmpty()) {
                sb.append("; activated ").append(String.join(" ", r.activated()));
            }
            sb.append(')');
        }
        return new Outcome(true, sb.toString(), r.reason());
    }

    private static Strictness strictness(JsonObject body) {
        if (!body.has("strictness")) {
            return Strictness.STRICT;
        }
        String label = text(body, "strictness");
        Strictness s = Strictness.fromLabel(label);
        if (s == null) {
            throw new IllegalArgumentException("strictness '" + label + "' is not one of: strict, best-effort");
        }
        return s;
    }

    private static String text(JsonObject body, String key) {
        JsonElement e = body.get(key);
        if (e == null || !e.isJsonPrimitive() || e.getAsString().isBlank()) {
            throw new IllegalArgumentException("'" + key + "': expected a non-empty string");
        }
        return e.getAsString().trim();
    }

    private static List<String> names(Robots.Robot robot, JsonObject body, String key, boolean required) {
        JsonElement e = body.get(key);
        if (e == null && !required) {
            return List.of();
        }
        if (e == null || !e.isJsonArray() || (required && e.getAsJsonArray().isEmpty())) {
            throw new IllegalArgumentException("'" + key + "': expected a list of controller names");
        }
        List<String> out = new ArrayList<>();
        for (JsonElement n : (JsonArray) e) {
            if (!n.isJsonPrimitive() || n.getAsString().isBlank()) {
                throw new IllegalArgumentException("'" + key + "': expected controller names, got " + n);
            }
            out.add(qualified(robot, n.getAsString().trim()));
        }
        return out;
    }

    /** A short name in the robot's namespace, as the shell qualifies it ({@code kr6/<name>}). */
    static String qualified(Robots.Robot robot, String name) {
        ControllerManager m = robot.manager();
        String ns = robot.namespace();
        if (ns.isEmpty() || name.contains("/") || m.controller(name).isPresent()
                || m.declaredControllers().containsKey(name)) {
            return name;
        }
        return ns + "/" + name;
    }
}
