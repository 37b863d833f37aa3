package org.robocell.cell.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.description.ControllersConfig;

/**
 * Creates the default cell when the framework property {@value #PROPERTY} names a folder (the runtime sets
 * {@code runtime/cell}) and no robot is configured yet: one robot from {@code fr3.urdf} (or the file named by
 * {@value #URDF_PROPERTY}) and {@code controllers.yaml} in that folder, with every declared controller activated.
 * The configuration is the named factory configuration {@code org.robocell.cell.robot~default}; edit or delete it
 * like any other (a {@code .cfg} file in deploy/ for the same factory PID makes this one unnecessary).
 */
@Component(immediate = true, service = {})
public final class DefaultCell {

    static final String PROPERTY = "robocell.cell.default";
    static final String URDF_PROPERTY = "robocell.cell.default.urdf";
    static final String NAME_PROPERTY = "robocell.cell.default.name";
    private static final System.Logger LOG = System.getLogger("org.robocell.cell");

    @Activate
    public DefaultCell(BundleContext context, @Reference ConfigurationAdmin configurationAdmin) {
        String folder = context.getProperty(PROPERTY);
        if (folder == null || folder.isBlank()) {
            return;
        }
        try {
            Configuration[] existing = configurationAdmin.listConfigurations(
                    "(service.factoryPid=" + RobotComponent.PID + ")");
            if (existing != null && existing.length > 0) {
                return;
            }
            Path base = Path.of(System.getProperty("user.dir", ".")).resolve(folder.trim());
            String urdfName = orDefault(context.getProperty(URDF_PROPERTY), "fr3.urdf");
            Path urdf = base.resolve(urdfName);
            Path controllers = base.resolve("controllers.yaml");
            if (!Files.isRegularFile(urdf)) {
                LOG.log(Level.WARNING, "default cell: no {0} (from {1}={2}, working directory {3}); no robot configured",
                        urdf, PROPERTY, folder, System.getProperty("user.dir"));
                return;
            }
            Dictionary<String, Object> props = new Hashtable<>();
            String name = orDefault(context.getProperty(NAME_PROPERTY), urdfName.replaceFirst("\\.urdf$", ""));
            props.put("name", name);
            props.put("urdf", urdf.toString());
            if (Files.isRegularFile(controllers)) {
                props.put("controllers", controllers.toString());
                props.put("activate", ControllersConfig.parse(controllers).controllers().keySet().toArray(new String[0]));
            }
            Configuration c = configurationAdmin.getFactoryConfiguration(RobotComponent.PID, "default", "?");
            if (c.getProperties() == null) {
                c.update(props);
                LOG.log(Level.INFO, "default cell: robot {0} from {1}", name, base);
            }
        } catch (IOException | InvalidSyntaxException | RuntimeException e) {
            LOG.log(Level.ERROR, "default cell could not be configured: " + e.getMessage(), e);
        }
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.trim();
    }
}
