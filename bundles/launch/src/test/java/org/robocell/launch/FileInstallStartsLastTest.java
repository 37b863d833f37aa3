package org.robocell.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.startlevel.BundleStartLevel;

/** FileInstall, and only FileInstall, goes on the level org.robocell.deploy raises the framework to. */
class FileInstallStartsLastTest {

    private final Map<String, Integer> levels = new HashMap<>();

    /** A bundle whose start level setting is recorded under its symbolic name. */
    private Bundle bundle(String symbolicName) {
        BundleStartLevel startLevel = (BundleStartLevel) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleStartLevel.class}, (p, m, a) -> {
                    if (m.getName().equals("setStartLevel")) {
                        levels.put(symbolicName, (Integer) a[0]);
                    }
                    return null;
                });
        return (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getSymbolicName" -> symbolicName;
                    case "adapt" -> a[0] == BundleStartLevel.class ? startLevel : null;
                    default -> null;
                });
    }

    @Test
    void fileInstallIsPutOnTheDeployLevelWhenInstalledOrUpdatedOtherBundlesAreLeftAlone() {
        FileInstallStartsLast.placeFileInstall(new BundleEvent(BundleEvent.INSTALLED, bundle("org.apache.felix.fileinstall")));
        FileInstallStartsLast.placeFileInstall(new BundleEvent(BundleEvent.INSTALLED, bundle("org.robocell.cell")));
        FileInstallStartsLast.placeFileInstall(new BundleEvent(BundleEvent.STARTED, bundle("org.apache.felix.scr")));
        assertEquals(Map.of("org.apache.felix.fileinstall", 2), levels);

        levels.clear();
        FileInstallStartsLast.placeFileInstall(new BundleEvent(BundleEvent.UPDATED, bundle("org.apache.felix.fileinstall")));
        assertEquals(Map.of("org.apache.felix.fileinstall", 2), levels, "an update keeps it there");
    }

    @Test
    void theLevelIsTheOneFileInstallScansFromInTheRuntimesProperties() throws Exception {
        String base = java.nio.file.Files.readString(java.nio.file.Path.of("../../cnf/run/base.bndrun"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("felix\\.fileinstall\\.active\\.level=(\\d+)")
                .matcher(base);
        assertEquals(true, m.find(), "felix.fileinstall.active.level in cnf/run/base.bndrun");
        assertEquals(Integer.parseInt(m.group(1)), FileInstallStartsLast.LEVEL);
    }
}
