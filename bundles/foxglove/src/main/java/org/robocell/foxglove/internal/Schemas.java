package org.robocell.foxglove.internal;

import java.util.List;

import com.google.gson.JsonObject;

/**
 * The JSON schemas of the topics. The field names follow the ROS 2 message or Foxglove schema Foxglove Studio knows
 * ({@code sensor_msgs/JointState}, {@code foxglove.FrameTransforms}, {@code std_msgs/String}), so that its panels
 * read them as they read those.
 */
final class Schemas {

    private Schemas() {
    }

    private static final String TIME = "{\"type\":\"object\",\"properties\":{\"sec\":{\"type\":\"integer\"},"
            + "\"nsec\":{\"type\":\"integer\"}}}";
    private static final String NUMBERS = "{\"type\":\"array\",\"items\":{\"type\":[\"number\",\"null\"]}}";
    private static final String VECTOR = "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\"},"
            + "\"y\":{\"type\":\"number\"},\"z\":{\"type\":\"number\"}}}";

    static final TopicSpec TF = new TopicSpec("/tf", "foxglove.FrameTransforms",
            "{\"type\":\"object\",\"properties\":{\"transforms\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
                    + "\"properties\":{\"timestamp\":" + TIME + ",\"parent_frame_id\":{\"type\":\"string\"},"
                    + "\"child_frame_id\":{\"type\":\"string\"},\"translation\":" + VECTOR + ",\"rotation\":"
                    + "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"},"
                    + "\"z\":{\"type\":\"number\"},\"w\":{\"type\":\"number\"}}}}}}}}");

    /** {@code sensor_msgs/JointState} plus {@code publication}: which publication of the broadcaster this is. */
    static TopicSpec jointStates(String robot) {
        return new TopicSpec("/" + robot + "/joint_states", "sensor_msgs/JointState",
                "{\"type\":\"object\",\"properties\":{\"header\":{\"type\":\"object\",\"properties\":{\"stamp\":"
                        + TIME + ",\"frame_id\":{\"type\":\"string\"}}},\"name\":{\"type\":\"array\",\"items\":"
                        + "{\"type\":\"string\"}},\"position\":" + NUMBERS + ",\"velocity\":" + NUMBERS
                        + ",\"effort\":" + NUMBERS + ",\"publication\":{\"type\":\"integer\"}}}");
    }

    static TopicSpec robotDescription(String robot) {
        return new TopicSpec("/" + robot + "/robot_description", "std_msgs/String",
                "{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"string\"}}}");
    }

    static TopicSpec loopStats(String robot) {
        String percentiles = "{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\"},"
                + "\"p50\":{\"type\":\"integer\"},\"p99\":{\"type\":\"integer\"},\"p999\":{\"type\":\"integer\"},"
                + "\"max\":{\"type\":\"integer\"},\"mean\":{\"type\":\"number\"}}}";
        StringBuilder props = new StringBuilder("\"robot\":{\"type\":\"string\"},\"clock\":{\"type\":\"string\"},"
                + "\"rate\":{\"type\":\"integer\"},\"running\":{\"type\":\"boolean\"}");
        for (String counter : List.of("cycles", "overruns", "controllerErrors", "hardwareErrors", "clampedCommands",
                "nonFiniteCommands", "switches")) {
            props.append(",\"").append(counter).append("\":{\"type\":\"integer\"}");
        }
        for (String p : List.of("period", "execution", "lateness", "robotWait")) {
            props.append(",\"").append(p).append("\":").append(percentiles);
        }
        props.append(",\"lastError\":{\"type\":[\"string\",\"null\"]}");
        return new TopicSpec("/" + robot + "/loop_stats", "robocell.LoopStats",
                "{\"type\":\"object\",\"properties\":{" + props + "}}");
    }

    static TopicSpec controllers(String robot) {
        return new TopicSpec("/" + robot + "/controllers", "robocell.ControllerStates",
                "{\"type\":\"object\",\"properties\":{\"controllers\":{\"type\":\"array\",\"items\":{\"type\":"
                        + "\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"type\":{\"type\":\"string\"},"
                        + "\"state\":{\"type\":\"string\"},\"updateRate\":{\"type\":\"integer\"},"
                        + "\"updates\":{\"type\":\"integer\"},\"errors\":{\"type\":\"integer\"},"
                        + "\"claimed\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
                        + "\"fault\":{\"type\":\"string\"},\"lastError\":{\"type\":[\"string\",\"null\"]}}}}}}");
    }

    /** A channel of the registry: its fields nested at their slashes ({@code joint1/position}: joint1.position). */
    static TopicSpec stateChannel(String name, FieldTree fields) {
        JsonObject schema = new JsonObject();
        schema.addProperty("type", "object");
        JsonObject props = fields.schemaProperties();
        JsonObject publication = new JsonObject();
        publication.addProperty("type", "integer");
        props.add("publication", publication);
        schema.add("properties", props);
        return new TopicSpec("/" + name, "robocell.StateOutput", schema.toString());
    }
}
