package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * org.robocell.features in a real framework, with a feature folder of the test's own: nothing is installed until a
 * configuration calls for the feature; then its bundles are installed and started; a bundle that cannot resolve is
 * left installed and tried again when the configuration changes, without installing the others twice.
 */
class FeatureInstallTest {

    private static final String FEATURES = "org.robocell.features";
    private static final String CALLS_FOR_IT = "org.robocell.itest.feature.demo";
    private static final String PROVIDER = "org.robocell.itest.feature.provider";
    private static final String USER = "org.robocell.itest.feature.user";
    private static final String MISSING = "org.robocell.itest.feature.missing";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @TempDir
    Path dir;

    @InjectService(timeout = 10_000)
    ServiceComponentRuntime scr;

    @AfterEach
    void cleanUp() throws Exception {
        for (String pid : List.of(CALLS_FOR_IT, FEATURES)) {
            Configuration c = configAdmin.getConfiguration(pid, "?");
            c.delete();
        }
        for (Bundle b : context.getBundles()) {
            if (List.of(PROVIDER, USER, MISSING).contains(b.getSymbolicName())) {
                b.uninstall();
            }
        }
    }

    @Test
    void aFeatureIsInstalledWhenItsConfigurationAppearsAndABundleThatCannotResolveIsTriedAgainAtTheNextChange()
            throws Exception {
        Path feature = Files.createDirectories(dir.resolve("features/demo"));
        Files.writeString(feature.resolve("feature.properties"), "pids=" + CALLS_FOR_IT + "\n");
        Files.write(feature.resolve("provider.jar"), TestJars.bundle(PROVIDER, "1.0.0",
                Map.of("Export-Package", PROVIDER + ";version=1.0"), context.getBundle(), Map.of(), 0));
        Files.write(feature.resolve("user.jar"), TestJars.bundle(USER, "1.0.0",
                Map.of("Import-Package", PROVIDER + ";version=\"[1,2)\"," + MISSING + ";version=\"[1,2)\""),
                context.getBundle(), Map.of(), 0));
        update(FEATURES, "source", dir.toString());
        CellFixture.await(() -> featuresComponentReadsTheFolder(), "the features component on the test's folder");
        assertEquals(0, count(PROVIDER) + count(USER), "nothing is installed before a configuration calls for it");

        update(CALLS_FOR_IT, "enabled", "true");

        CellFixture.await(() -> state(USER) == Bundle.INSTALLED && state(PROVIDER) == Bundle.ACTIVE,
                "the provider started, the user installed and unresolved", this::states);

        Files.write(dir.resolve("missing.jar"), TestJars.bundle(MISSING, "1.0.0",
                Map.of("Export-Package", MISSING + ";version=1.0"), context.getBundle(), Map.of(), 0));
        context.installBundle(dir.resolve("missing.jar").toUri().toString());
        update(CALLS_FOR_IT, "enabled", "again");

        CellFixture.await(() -> state(USER) == Bundle.ACTIVE, "the user started at the next change", this::states);
        assertEquals(1, count(PROVIDER), "the provider is not installed twice");
        assertEquals(1, count(USER));
    }

    /** The component was activated again with the test's folder as its source (DS, after ConfigAdmin's update). */
    private boolean featuresComponentReadsTheFolder() {
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            if (!d.name.endsWith(".FeatureInstaller")) {
                continue;
            }
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                if (c.state == ComponentConfigurationDTO.ACTIVE && dir.toString().equals(c.properties.get("source"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private void update(String pid, String key, String value) throws Exception {
        Configuration c = configAdmin.getConfiguration(pid, "?");
        Dictionary<String, Object> p = new Hashtable<>();
        p.put(key, value);
        c.update(p);
    }

    private long count(String bsn) {
        return Arrays.stream(context.getBundles()).filter(b -> bsn.equals(b.getSymbolicName())).count();
    }

    private int state(String bsn) {
        return Arrays.stream(context.getBundles()).filter(b -> bsn.equals(b.getSymbolicName())).findFirst()
                .map(Bundle::getState).orElse(0);
    }

    private String states() {
        StringBuilder sb = new StringBuilder();
        for (Bundle b : context.getBundles()) {
            if (List.of(PROVIDER, USER, MISSING).contains(b.getSymbolicName())) {
                sb.append(b.getSymbolicName()).append('=').append(b.getState()).append(' ');
            }
        }
        return sb.toString();
    }
}
