package org.robocell.foxglove.internal;

import java.util.Objects;

/**
 * What a server channel is advertised as (ws-protocol docs/spec.md, "Advertise"): its topic, and a JSON schema of
 * its JSON messages. A changed schema is a new channel (unadvertised and advertised again).
 */
record TopicSpec(String topic, String schemaName, String schema) {

    static final String ENCODING = "json";
    static final String SCHEMA_ENCODING = "jsonschema";

    TopicSpec {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(schemaName, "schemaName");
        Objects.requireNonNull(schema, "schema");
    }
}
