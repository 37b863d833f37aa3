package org.robocell.foxglove.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.google.gson.JsonObject;

/**
 * The fields of a state channel as a JSON object: {@code joint1/position} becomes {@code {"joint1":{"position":..}}},
 * so that Foxglove's message paths reach it as {@code joint1.position}. Names that cannot nest (a field that is
 * also the prefix of another, an empty segment, the reserved {@code publication}) keep the whole name as one key.
 */
final class FieldTree {

    static final String PUBLICATION = "publication";

    private final List<String> fields;
    private final boolean nested;

    FieldTree(List<String> fields) {
        this.fields = List.copyOf(fields);
        this.nested = nestable(this.fields);
    }

    private static boolean nestable(List<String> fields) {
        Set<String> leaves = new HashSet<>();
        Set<String> branches = new HashSet<>();
        for (String f : fields) {
            String[] parts = f.split("/", -1);
            if (parts[0].equals(PUBLICATION) || !leaves.add(f)) {
                return false;
            }
            StringBuilder prefix = new StringBuilder();
            for (int i = 0; i < parts.length; i++) {
                if (parts[i].isEmpty()) {
                    return false;
                }
                prefix.append(i == 0 ? "" : "/").append(parts[i]);
                if (i < parts.length - 1) {
                    branches.add(prefix.toString());
                }
            }
        }
        return leaves.stream().noneMatch(branches::contains);
    }

    List<String> fields() {
        return fields;
    }

    boolean nested() {
        return nested;
    }

    /** The values as a JSON object, field i holding values[i]. */
    JsonObject values(double[] values, long publication) {
        JsonObject root = new JsonObject();
        for (int i = 0; i < fields.size() && i < values.length; i++) {
            place(root, fields.get(i), Json.number(values[i]));
        }
        root.addProperty(PUBLICATION, publication);
        return root;
    }

    /** The {@code properties} of the JSON schema of {@link #values}. */
    JsonObject schemaProperties() {
        JsonObject root = new JsonObject();
        for (String f : fields) {
            JsonObject leaf = new JsonObject();
            leaf.addProperty("type", "number");
            placeSchema(root, f, leaf);
        }
        return root;
    }

    private void place(JsonObject root, String field, com.google.gson.JsonElement value) {
        if (!nested) {
            root.add(field, value);
            return;
        }
        String[] parts = field.split("/");
        JsonObject o = root;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonObject next = o.getAsJsonObject(parts[i]);
            if (next == null) {
                next = new JsonObject();
                o.add(parts[i], next);
            }
            o = next;
        }
        o.add(parts[parts.length - 1], value);
    }

    private void placeSchema(JsonObject root, String field, JsonObject leaf) {
        if (!nested) {
            root.add(field, leaf);
            return;
        }
        String[] parts = field.split("/");
        JsonObject props = root;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonObject node = props.getAsJsonObject(parts[i]);
            if (node == null) {
                node = new JsonObject();
                node.addProperty("type", "object");
                node.add("properties", new JsonObject());
                props.add(parts[i], node);
            }
            props = node.getAsJsonObject("properties");
        }
        props.add(parts[parts.length - 1], leaf);
    }
}
