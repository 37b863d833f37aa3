package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/**
 * The JSON messages a client sends (ws-protocol docs/spec.md, "Sent by client") that this server serves. A
 * message it cannot read is refused with one line that names the field and what was expected.
 */
sealed interface ClientRequest {

    record Subscribe(List<Subscription> subscriptions) implements ClientRequest {
    }

    record Subscription(int id, int channelId) {
    }

    record Unsubscribe(List<Integer> subscriptionIds) implements ClientRequest {
    }

    record GetParameters(List<String> names, String id) implements ClientRequest {
    }

    record SetParameters(List<ParameterBridge.Parameter> parameters, String id) implements ClientRequest {
    }

    /** A request that could not be read, with why. */
    final class Invalid extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    static ClientRequest parse(String text) {
        JsonObject o;
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) {
                throw new Invalid("expected a JSON object with an 'op' field, got " + abbreviate(text));
            }
            o = e.getAsJsonObject();
        } catch (JsonParseException | IllegalStateException notJson) {
            throw new Invalid("expected a JSON object with an 'op' field, got " + abbreviate(text));
        }
        String op = string(o, "op", true);
        return switch (op) {
            case "subscribe" -> {
                List<Subscription> subs = new ArrayList<>();
                for (JsonElement s : array(o, "subscriptions")) {
                    JsonObject so = object(s, "subscriptions[]");
                    subs.add(new Subscription(u32(so, "id"), u32(so, "channelId")));
                }
                yield new Subscribe(subs);
            }
            case "unsubscribe" -> {
                List<Integer> ids = new ArrayList<>();
                for (JsonElement s : array(o, "subscriptionIds")) {
                    ids.add(u32(s, "subscriptionIds[]"));
                }
                yield new Unsubscribe(ids);
            }
            case "getParameters" -> {
                List<String> names = new ArrayList<>();
                for (JsonElement s : array(o, "parameterNames")) {
                    if (!s.isJsonPrimitive() || !s.getAsJsonPrimitive().isString()) {
                        throw new Invalid("getParameters: parameterNames[] must be strings, got " + s);
                    }
                    names.add(s.getAsString());
                }
                yield new GetParameters(names, string(o, "id", false));
            }
            case "setParameters" -> {
                List<ParameterBridge.Parameter> params = new ArrayList<>();
                for (JsonElement s : array(o, "parameters")) {
                    JsonObject p = object(s, "parameters[]");
                    String name = string(p, "name", true);
                    String type = string(p, "type", false);
                    params.add(new ParameterBridge.Parameter(name, value(name, p.get("value"), type)));
                }
                yield new SetParameters(params, string(o, "id", false));
            }
            default -> throw new Invalid("op '" + op + "' is not served here; this server serves subscribe, unsubscribe,"
                    + " getParameters and setParameters");
        };
    }

    /** A JSON parameter value as a controller parameter value: whole numbers as Long unless typed float64. */
    private static Object value(String name, JsonElement v, String type) {
        if (v == null || v.isJsonNull()) {
            return null;
        }
        if ("byte_array".equals(type)) {
            throw new Invalid("parameter '" + name + "': byte_array values are not controller parameters");
        }
        boolean float64 = "float64".equals(type) || "float64_array".equals(type);
        if (v.isJsonArray()) {
            List<Object> list = new ArrayList<>();
            for (JsonElement e : v.getAsJsonArray()) {
                if (e.isJsonArray() || e.isJsonObject() || e.isJsonNull()) {
                    throw new Invalid("parameter '" + name + "': a list holds numbers, booleans or strings, got " + e);
                }
                list.add(primitive(e.getAsJsonPrimitive(), float64));
            }
            return List.copyOf(list);
        }
        if (v.isJsonObject()) {
            throw new Invalid("parameter '" + name + "': an object is not a parameter value; set each key on its own");
        }
        return primitive(v.getAsJsonPrimitive(), float64);
    }

    private static Object primitive(JsonPrimitive p, boolean float64) {
        if (p.isBoolean()) {
            return p.getAsBoolean();
        }
        if (p.isString()) {
            return p.getAsString();
        }
        String text = p.getAsString();
        if (!float64 && text.matches("-?\\d{1,18}")) {
            return Long.parseLong(text);
        }
        return p.getAsDouble();
    }

    private static JsonArray array(JsonObject o, String field) {
        JsonElement e = o.get(field);
        if (e == null || !e.isJsonArray()) {
            throw new Invalid(string(o, "op", true) + ": field '" + field + "' must be an array, got " + e);
        }
        return e.getAsJsonArray();
    }

    private static JsonObject object(JsonElement e, String what) {
        if (!e.isJsonObject()) {
            throw new Invalid(what + " must be an object, got " + e);
        }
        return e.getAsJsonObject();
    }

    private static String string(JsonObject o, String field, boolean required) {
        JsonElement e = o.get(field);
        if (e == null || e.isJsonNull()) {
            if (required) {
                throw new Invalid("field '" + field + "' is missing; expected a string");
            }
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw new Invalid("field '" + field + "' must be a string, got " + e);
        }
        return e.getAsString();
    }

    private static int u32(JsonObject o, String field) {
        JsonElement e = o.get(field);
        if (e == null) {
            throw new Invalid("field '" + field + "' is missing; expected a whole number 0..4294967295");
        }
        return u32(e, field);
    }

    private static int u32(JsonElement e, String field) {
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber()) {
            String text = e.getAsString();
            if (text.matches("\\d{1,10}")) {
                long v = Long.parseLong(text);
                if (v <= 0xFFFF_FFFFL) {
                    return (int) v;
                }
            }
        }
        throw new Invalid("field '" + field + "' must be a whole number 0..4294967295, got " + e);
    }

    private static String abbreviate(String text) {
        String t = text == null ? "nothing" : text.strip();
        return t.length() > 60 ? t.substring(0, 57) + "..." : t;
    }
}
