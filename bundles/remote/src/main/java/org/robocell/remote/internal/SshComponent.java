package org.robocell.remote.internal;

import java.lang.System.Logger.Level;

import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.robocell.console.ShellRunner;

/**
 * Runs the SSH server while a configuration with {@code enabled=true} exists under PID {@value #PID}. Without a
 * configuration the component does not even activate: nothing listens. A changed configuration restarts the
 * server with the new settings.
 */
@Component(configurationPid = SshComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
@Designate(ocd = SshConfiguration.class)
public final class SshComponent {

    static final String PID = "org.robocell.remote.ssh";
    private static final System.Logger LOG = System.getLogger("org.robocell.remote");
    /** SSHD reports every session at INFO; RoboCell logs logins itself. Kept unless logging is configured. */
    private static final java.util.logging.Logger SSHD_LOG = java.util.logging.Logger.getLogger("org.apache.sshd");

    static {
        if (SSHD_LOG.getLevel() == null) {
            SSHD_LOG.setLevel(java.util.logging.Level.WARNING);
        }
    }

    private final RemoteSshServer server;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ShellRunner shell;

    @Activate
    public SshComponent(BundleContext context, SshConfiguration config, @Reference CommandProcessor processor) {
        if (!config.enabled()) {
            LOG.log(Level.INFO, "SSH server disabled ({0}: enabled=false)", PID);
            server = null;
            return;
        }
        RemoteSshServer s = null;
        try {
            s = new RemoteSshServer(SshSettings.of(config, context.getProperty("felix.fileinstall.dir")), processor,
                    () -> shell);
            s.start();
        } catch (IllegalArgumentException badSetting) {
            LOG.log(Level.ERROR, "SSH server not started: " + PID + ": " + badSetting.getMessage());
            if (s != null) {
                s.close();
            }
            s = null;
        } catch (Exception e) {
            LOG.log(Level.ERROR, "SSH server not started (" + PID + "): " + e.getMessage(), e);
            if (s != null) {
                s.close();
            }
            s = null;
        }
        server = s;
    }

    @Deactivate
    void deactivate() {
        if (server != null) {
            server.close();
        }
    }
}
