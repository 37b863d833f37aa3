package org.robocell.deploy.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Configurations survive a restart ({@code state/}), but FileInstall 3.7.4 only deletes the configuration of a .cfg
 * file it saw go away while running. At start, a configuration made from a deploy/ file (FileInstall's property
 * {@value #FILENAME}) whose file is gone is deleted, with one line: the file is the source of truth.
 */
@Component(immediate = true, service = {})
public final class StaleDeployConfigurations {

    static final String FILENAME = "felix.fileinstall.filename";

    @Activate
    public StaleDeployConfigurations(BundleContext context, @Reference ConfigurationAdmin admin) {
        DeployFolder folder = DeployFolder.of(context.getProperty("felix.fileinstall.dir"));
        try {
            Configuration[] configurations = admin.listConfigurations("(" + FILENAME + "=*)");
            if (configurations == null) {
                return;
            }
            for (Configuration c : configurations) {
                Path file = fileOf(c);
                if (file != null && folder.contains(file) && !Files.exists(file)) {
                    String pid = c.getPid();
                    c.delete();
                    Reporter.LOG.log(Level.INFO, DeployFolder.display(file) + " is gone: its configuration " + pid + " is deleted");
                }
            }
        } catch (IOException | InvalidSyntaxException | IllegalStateException e) {
            Reporter.LOG.log(Level.WARNING, "configurations of deleted deploy/ files could not be checked: " + e.getMessage());
        }
    }

    private static Path fileOf(Configuration c) {
        Object name = c.getProperties() == null ? null : c.getProperties().get(FILENAME);
        if (!(name instanceof String s)) {
            return null;
        }
        try {
            return Path.of(URI.create(s));
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }
}
