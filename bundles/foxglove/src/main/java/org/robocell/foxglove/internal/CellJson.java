package org.robocell.foxglove.internal;

import java.util.List;

import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.LoopStats;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** Loop statistics and controller states as the JSON of their topics (see {@link Schemas}). */
final class CellJson {

    private CellJson() {
    }

    static JsonObject loopStats(LoopStats s) {
        JsonObject o = new JsonObject();
        o.addProperty("robot", s.robot());
        o.addProperty("clock", String.valueOf(s.clock()));
        o.addProperty("rate", s.rate());
        o.addProperty("running", s.running());
        o.addProperty("cycles", s.cycles());
        o.addProperty("overruns", s.overruns());
        o.addProperty("controllerErrors", s.controllerErrors());
        o.addProperty("hardwareErrors", s.hardwareErrors());
        o.addProperty("clampedCommands", s.clampedCommands());
        o.addProperty("nonFiniteCommands", s.nonFiniteCommands());
        o.addProperty("switches", s.switches());
        o.add("period", percentiles(s.period()));
        o.add("execution", percentiles(s.execution()));
        o.add("lateness", percentiles(s.lateness()));
        o.add("robotWait", percentiles(s.robotWait()));
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
        o.add("mean", Json.number(q.mean()));
        return o;
    }

    static JsonObject controllers(List<ControllerSnapshot> controllers) {
        JsonArray list = new JsonArray(controllers.size());
        for (ControllerSnapshot c : controllers) {
            JsonObject o = new JsonObject();
            o.addProperty("name", c.name());
            o.addProperty("type", c.type());
            o.addProperty("state", String.valueOf(c.state()));
            o.addProperty("updateRate", c.updateRate());
            o.addProperty("updates", c.updates());
            o.addProperty("errors", c.errors());
            JsonArray claimed = new JsonArray();
            c.claimedInterfaces().forEach(claimed::add);
            o.add("claimed", claimed);
            o.addProperty("fault", String.valueOf(c.fault()));
            o.addProperty("lastError", c.lastError());
            list.add(o);
        }
        JsonObject root = new JsonObject();
        root.add("controllers", list);
        return root;
    }
}
