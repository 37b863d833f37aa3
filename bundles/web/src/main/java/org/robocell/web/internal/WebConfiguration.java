package org.robocell.web.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The web console's configuration (PID {@value WebComponent#PID}). Off unless {@code enabled=true}; a
 * {@code deploy/org.robocell.web.cfg} file is enough (FileInstall hands it to ConfigAdmin).
 */
@ObjectClassDefinition(name = "RoboCell web console",
        description = "A web console for the cell: loops, controllers, hardware, live plots and the robots in 3D.")
@interface WebConfiguration {

    @AttributeDefinition(description = "Serve the web console. Off by default: no HTTP port is opened.")
    boolean enabled() default false;

    @AttributeDefinition(description = "Address to listen on. Loopback unless configured otherwise; 0.0.0.0 for every interface.")
    String host() default WebSettings.DEFAULT_HOST;

    @AttributeDefinition(description = "TCP port.", min = "1", max = "65535")
    int port() default WebSettings.DEFAULT_PORT;

    @AttributeDefinition(description = "The token that logs a browser in (at least 16 characters). Empty: a new"
            + " random token at every start, printed in one log line.")
    String token() default "";

    @AttributeDefinition(description = "How often the live view samples each channel a page plots, in Hz (100 to 1000).",
            min = "100", max = "1000")
    int sampleRate() default WebSettings.DEFAULT_SAMPLE_RATE;

    @AttributeDefinition(description = "Batches (50 ms each) queued per live-view client; a client that reads slower"
            + " loses the oldest.", min = "1")
    int queue() default WebSettings.DEFAULT_QUEUE;
}
