package org.robocell.foxglove.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The Foxglove WebSocket server's configuration (PID {@value FoxgloveComponent#PID}). Off unless
 * {@code enabled=true}; a {@code deploy/org.robocell.foxglove.cfg} file is enough (FileInstall hands it to
 * ConfigAdmin).
 */
@ObjectClassDefinition(name = "RoboCell Foxglove server",
        description = "Foxglove WebSocket protocol (foxglove.websocket.v1): joint states, TF, robot description,"
                + " loop statistics, controller states, every channel; controller parameters.")
@interface FoxgloveConfiguration {

    @AttributeDefinition(description = "Start the Foxglove WebSocket server. Off by default.")
    boolean enabled() default false;

    @AttributeDefinition(description = "Address to listen on. Loopback unless configured otherwise; 0.0.0.0 for every interface.")
    String host() default "127.0.0.1";

    @AttributeDefinition(description = "TCP port (0: any free port).", min = "0", max = "65535")
    int port() default FoxgloveSettings.DEFAULT_PORT;

    @AttributeDefinition(description = "Publish every n-th publication of a channel (joint states and TF every n-th"
            + " broadcaster update): 10 gives 100 Hz from a 1 kHz loop.", min = "1")
    int decimation() default FoxgloveSettings.DEFAULT_DECIMATION;

    @AttributeDefinition(description = "Token a client must give in the URL (ws://host:8765/?token=...) to set"
            + " parameters when the server listens beyond loopback. Empty: no client beyond loopback may set any.")
    String token() default "";

    @AttributeDefinition(description = "Messages queued per client; a client that reads slower loses the oldest.", min = "1")
    int queue() default FoxgloveSettings.DEFAULT_QUEUE;
}
