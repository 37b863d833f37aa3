package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * A joint state broadcaster's snapshot ({@code <joint>/position}, {@code <joint>/velocity}, {@code <joint>/effort})
 * as a {@code sensor_msgs/JointState}: joints in the order the channel first names them, NaN (null in JSON) where
 * an interface is missing.
 */
record JointStates(List<String> names, double[] position, double[] velocity, double[] effort) {

    static JointStates of(List<String> fields, double[] values) {
        Map<String, double[]> byJoint = new LinkedHashMap<>();
        for (int i = 0; i < fields.size() && i < values.length; i++) {
            String f = fields.get(i);
            int slash = f.lastIndexOf('/');
            if (slash <= 0) {
                continue;
            }
            int column = switch (f.substring(slash + 1)) {
                case "position" -> 0;
                case "velocity" -> 1;
                case "effort" -> 2;
                default -> -1;
            };
            if (column < 0) {
                continue;
            }
            byJoint.computeIfAbsent(f.substring(0, slash), k -> new double[] {Double.NaN, Double.NaN, Double.NaN})[column] = values[i];
        }
        int n = byJoint.size();
        double[] p = new double[n];
        double[] v = new double[n];
        double[] e = new double[n];
        int i = 0;
        for (double[] row : byJoint.values()) {
            p[i] = row[0];
            v[i] = row[1];
            e[i] = row[2];
            i++;
        }
        return new JointStates(new ArrayList<>(byJoint.keySet()), p, v, e);
    }

    Map<String, Double> positions() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            m.put(names.get(i), position[i]);
        }
        return m;
    }

    JsonObject toJson(long epochNanos, long publication) {
        JsonObject header = new JsonObject();
        header.add("stamp", Json.time(epochNanos));
        header.addProperty("frame_id", "");
        JsonObject o = new JsonObject();
        o.add("header", header);
        JsonArray n = new JsonArray(names.size());
        names.forEach(n::add);
        o.add("name", n);
        o.add("position", Json.numbers(position));
        o.add("velocity", Json.numbers(velocity));
        o.add("effort", Json.numbers(effort));
        o.addProperty("publication", publication);
        return o;
    }

    static JsonObject frameTransforms(List<JointTransforms.Transform> transforms, long epochNanos) {
        JsonArray list = new JsonArray(transforms.size());
        for (JointTransforms.Transform t : transforms) {
            JsonObject o = new JsonObject();
            o.add("timestamp", Json.time(epochNanos));
            o.addProperty("parent_frame_id", t.parent());
            o.addProperty("child_frame_id", t.child());
            o.add("translation", Json.vector(t.tx(), t.ty(), t.tz()));
            JsonObject r = Json.vector(t.qx(), t.qy(), t.qz());
            r.add("w", Json.number(t.qw()));
            o.add("rotation", r);
            list.add(o);
        }
        JsonObject root = new JsonObject();
        root.add("transforms", list);
        return root;
    }
}
