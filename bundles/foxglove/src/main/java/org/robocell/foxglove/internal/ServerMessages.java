package org.robocell.foxglove.internal;

import java.util.List;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** The JSON messages the server sends (ws-protocol docs/spec.md, "Sent by server"). */
final class ServerMessages {

    static final String SUBPROTOCOL = "foxglove.websocket.v1";

    /** Status levels of the "status" message. */
    enum Level {
        INFO, WARNING, ERROR
    }

    private static final Gson GSON = new Gson();

    private ServerMessages() {
    }

    static String serverInfo(String name, boolean parameters, String sessionId) {
        JsonObject o = op("serverInfo");
        o.addProperty("name", name);
        JsonArray caps = new JsonArray();
        if (parameters) {
            caps.add("parameters");
        }
        o.add("capabilities", caps);
        o.addProperty("sessionId", sessionId);
        return o.toString();
    }

    static String advertise(List<ChannelTable.Entry> channels) {
        JsonObject o = op("advertise");
        JsonArray list = new JsonArray();
        for (ChannelTable.Entry e : channels) {
            JsonObject c = new JsonObject();
            c.addProperty("id", e.id());
            c.addProperty("topic", e.spec().topic());
            c.addProperty("encoding", TopicSpec.ENCODING);
            c.addProperty("schemaName", e.spec().schemaName());
            c.addProperty("schema", e.spec().schema());
            c.addProperty("schemaEncoding", TopicSpec.SCHEMA_ENCODING);
            list.add(c);
        }
        o.add("channels", list);
        return o.toString();
    }

    static String unadvertise(List<Integer> channelIds) {
        JsonObject o = op("unadvertise");
        JsonArray ids = new JsonArray();
        channelIds.forEach(ids::add);
        o.add("channelIds", ids);
        return o.toString();
    }

    static String parameterValues(List<ParameterBridge.Parameter> parameters, String id) {
        JsonObject o = op("parameterValues");
        JsonArray list = new JsonArray();
        for (ParameterBridge.Parameter p : parameters) {
            JsonObject po = new JsonObject();
            po.addProperty("name", p.name());
            po.add("value", GSON.toJsonTree(p.value()));
            list.add(po);
        }
        o.add("parameters", list);
        if (id != null) {
            o.addProperty("id", id);
        }
        return o.toString();
    }

    static String status(Level level, String message) {
        JsonObject o = op("status");
        o.addProperty("level", level.ordinal());
        o.addProperty("message", message);
        return o.toString();
    }

    private static JsonObject op(String op) {
        JsonObject o = new JsonObject();
        o.addProperty("op", op);
        return o;
    }
}
