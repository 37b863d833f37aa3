package org.robocell.web.internal;

import java.util.List;
import java.util.Optional;

import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * The JSON answers of the API's GET requests, made from the snapshots the managers and the channel registry hand
 * out (answered off the loop).
 */
final class CellView {

    private final Robots robots;
    private final ChannelRegistry registry;

    CellView(Robots robots, ChannelRegistry registry) {
        this.robots = robots;
        this.registry = registry;
    }

    /** Every robot with its loop: rate, started, statistics, the joint state channel. */
    JsonObject cell() {
        JsonArray list = new JsonArray();
        for (Robots.Robot r : robots.all()) {
            ControllerManager m = r.manager();
            JsonObject o = new JsonObject();
            o.addProperty("name", r.name());
            o.addProperty("namespace", r.namespace());
            o.addProperty("rate", m.updateRate());
            o.addProperty("started", r.started());
            o.addProperty("waiting", r.waiting());
            o.addProperty("controllers", m.controllers().size());
            o.addProperty("jointStates", Robots.jointStatesChannel(m, registry).orElse(null));
            o.addProperty("model", robots.model(r.name()).isPresent());
            o.add("stats", stats(m.stats()));
            list.add(o);
        }
        JsonObject root = new JsonObject();
        root.add("robots", list);
        return root;
    }

    static JsonObject stats(LoopStats s) {
        JsonObject o = new JsonObject();
        o.addProperty("clock", String.valueOf(s.clock()));
        o.addProperty("rate", s.rate());
        o.addProperty("running", s.running());
        o.addProperty("cycles", s.cycles());
        o.addProperty("overruns", s.overruns());
        o.addProperty("controllerErrors", s.controllerErrors());
        o.addProperty("hardwareErrors", s.hardwareErrors());
        o.addProperty("switches", s.switches());
        o.add("period", percentiles(s.period()));
        o.add("execution", percentiles(s.execution()));
        o.add("lateness", percentiles(s.lateness()));
        o.addProperty("lastError", s.lastError());
        return o;
    }

    private static JsonObject percentiles(LoopStats.Percentiles p) {
        LoopStats.Percentiles q = p == null ? LoopStats.Percentiles.EMPTY : p;
        JsonObject o = new JsonObject();
        o.addProperty("count", q.count());
        o.addProperty("p50", q.p50());
        o.addProperty("p99", q.p99());
        o.addProperty("p999", q.p999());
        o.addProperty("max", q.max());
        return o;
    }

    /** A robot's controllers with state, claims and chain; what the controllers file declares; installed types. */
    JsonObject controllers(String robot) {
        ControllerManager m = robots.robot(robot).manager();
        JsonArray list = new JsonArray();
        for (ControllerSnapshot c : m.controllers()) {
            JsonObject o = new JsonObject();
            o.addProperty("name", c.name());
            o.addProperty("type", c.type());
            o.addProperty("state", c.state().label());
            o.addProperty("updateRate", c.updateRate());
            o.addProperty("chainable", c.chainable());
            o.addProperty("chained", c.chained());
            o.add("claimed", strings(c.claimedInterfaces()));
            o.add("required", strings(c.requiredCommandInterfaces()));
            o.addProperty("updates", c.updates());
            o.addProperty("errors", c.errors());
            o.addProperty("fault", String.valueOf(c.fault()));
            o.addProperty("lastError", c.lastError());
            list.add(o);
        }
        JsonObject declared = new JsonObject();
        m.declaredControllers().forEach(declared::addProperty);
        ChainGraph g = m.chains();
        JsonArray edges = new JsonArray();
        for (ChainGraph.Edge e : g.edges()) {
            JsonObject o = new JsonObject();
            o.addProperty("preceding", e.preceding());
            o.addProperty("following", e.following());
            o.addProperty("interface", e.interfaceName());
            o.addProperty("kind", e.kind().name().toLowerCase());
            edges.add(o);
        }
        JsonObject chains = new JsonObject();
        chains.add("edges", edges);
        chains.add("updateOrder", strings(g.updateOrder()));
        JsonObject root = new JsonObject();
        root.addProperty("robot", m.robot());
        root.add("controllers", list);
        root.add("declared", declared);
        root.add("chains", chains);
        root.add("types", strings(m.types()));
        return root;
    }

    /** A robot's hardware components and every interface of its slot table. */
    JsonObject hardware(String robot) {
        ControllerManager m = robots.robot(robot).manager();
        JsonArray components = new JsonArray();
        for (HardwareSnapshot h : m.hardware()) {
            JsonObject o = new JsonObject();
            o.addProperty("name", h.name());
            o.addProperty("type", String.valueOf(h.type()));
            o.addProperty("plugin", h.plugin());
            o.addProperty("pluginAvailable", h.pluginAvailable());
            o.addProperty("state", h.state().label());
            components.add(o);
        }
        JsonArray interfaces = new JsonArray();
        for (InterfaceSnapshot i : m.interfaces()) {
            JsonObject o = new JsonObject();
            o.addProperty("name", i.name());
            o.addProperty("kind", i.kind().name().toLowerCase());
            o.addProperty("owner", i.owner());
            o.addProperty("available", i.available());
            o.addProperty("claimedBy", i.claimedBy());
            o.add("value", number(i.value()));
            interfaces.add(o);
        }
        JsonObject root = new JsonObject();
        root.addProperty("robot", m.robot());
        root.add("components", components);
        root.add("interfaces", interfaces);
        return root;
    }

    /** Every state channel of the registry with its fields (what the live view can plot). */
    JsonObject channels() {
        JsonArray list = new JsonArray();
        for (String name : registry.names()) {
            Optional<Channel> c = registry.find(name);
            if (c.isPresent() && c.get() instanceof StateOutput out) {
                JsonObject o = new JsonObject();
                o.addProperty("name", name);
                o.add("fields", strings(out.fields()));
                list.add(o);
            }
        }
        JsonObject root = new JsonObject();
        root.add("channels", list);
        return root;
    }

    static JsonArray strings(List<String> items) {
        JsonArray a = new JsonArray(items.size());
        items.forEach(a::add);
        return a;
    }

    /** A number, or null for NaN and infinities (JSON has neither). */
    static JsonElement number(double v) {
        return Double.isFinite(v) ? new JsonPrimitive(v) : JsonNull.INSTANCE;
    }
}
