package org.robocell.slf4j.internal;

import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.slf4j.jul.JULServiceProvider;

/**
 * slf4j's java.util.logging provider, plus the runtime's defaults for the libraries that log through slf4j, set
 * once when slf4j starts (before the first record) and only where logging is not configured otherwise:
 * <ul>
 * <li>Jetty ({@code org.eclipse.jetty}) at WARNING: its INFO lines retell each start and stop of the HTTP server,
 * which the web console reports itself;</li>
 * <li>Felix HTTP's "Jetty not started (HTTP and HTTPS disabled)" dropped: HTTP is off unless the web console is
 * enabled, and that is not a problem.</li>
 * </ul>
 */
public final class JulProvider extends JULServiceProvider {

    static final String HTTP_OFF = "Jetty not started (HTTP and HTTPS disabled)";
    // strong references: java.util.logging keeps loggers only weakly, and would forget their settings
    private static final Logger JETTY = Logger.getLogger("org.eclipse.jetty");
    private static final Logger FELIX_HTTP = Logger.getLogger("org.apache.felix.http");

    @Override
    public void initialize() {
        super.initialize();
        quietDefaults();
    }

    static void quietDefaults() {
        if (JETTY.getLevel() == null) {
            JETTY.setLevel(Level.WARNING);
        }
        if (FELIX_HTTP.getFilter() == null) {
            FELIX_HTTP.setFilter(httpOffDropped());
        }
    }

    static Filter httpOffDropped() {
        return r -> !String.valueOf(r.getMessage()).startsWith(HTTP_OFF);
    }
}
