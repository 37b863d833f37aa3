package org.robocell.web.internal;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Objects;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The HTTP server's own configuration (Felix HTTP's PID {@value #PID}), which the console writes while it is
 * enabled and deletes when it is not. The runtime starts Felix HTTP with HTTP off (framework property
 * {@code org.apache.felix.http.enable=false}), so no port is open unless the console is enabled. A configuration of
 * that PID the console did not write (a {@code deploy/org.apache.felix.http.cfg}) is left alone: the operator runs
 * the HTTP server then.
 */
final class JettyConfiguration {

    static final String PID = "org.apache.felix.http";
    /** Marks the configuration as the console's. */
    static final String OWNER = "robocell.web.owner";
    static final String ENABLE = "org.apache.felix.http.enable";
    static final String HOST = "org.apache.felix.http.host";
    static final String PORT = "org.osgi.service.http.port";
    static final String HTTPS = "org.apache.felix.https.enable";

    private final ConfigurationAdmin configAdmin;

    JettyConfiguration(ConfigurationAdmin configAdmin) {
        this.configAdmin = configAdmin;
    }

    /** What holds the PID now. */
    enum Holder { NOBODY, CONSOLE, OPERATOR }

    Holder holder() throws IOException {
        Configuration c = existing();
        if (c == null || c.getProperties() == null) {
            return Holder.NOBODY;
        }
        return c.getProperties().get(OWNER) != null ? Holder.CONSOLE : Holder.OPERATOR;
    }

    /** Whether the console's configuration already has Jetty listen on exactly this address. */
    boolean listensOn(String host, int port) throws IOException {
        Configuration c = existing();
        Dictionary<String, Object> p = c == null ? null : c.getProperties();
        return p != null && p.get(OWNER) != null && Objects.equals(String.valueOf(p.get(HOST)), host)
                && Objects.equals(String.valueOf(p.get(PORT)), String.valueOf(port));
    }

    /** Has Jetty listen on host:port (HTTP only), unless it does already. */
    void listen(String host, int port) throws IOException {
        if (listensOn(host, port)) {
            return;
        }
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(OWNER, "true");
        p.put(ENABLE, "true");
        p.put(HTTPS, "false");
        p.put(HOST, host);
        p.put(PORT, String.valueOf(port));
        configAdmin.getConfiguration(PID, "?").update(p);
    }

    /** Deletes the console's configuration (Jetty stops listening); an operator's is kept. */
    void release() throws IOException {
        Configuration c = existing();
        if (c != null && c.getProperties() != null && c.getProperties().get(OWNER) != null) {
            c.delete();
        }
    }

    private Configuration existing() throws IOException {
        try {
            Configuration[] found = configAdmin.listConfigurations("(service.pid=" + PID + ")");
            return found == null || found.length == 0 ? null : found[0];
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
