package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * {@code update} of the driver a running robot uses, in ways that cannot work: refused in one line before anything
 * stops. The driver bundle keeps its id, its state and its factory service, the robot its hardware, and no "driver
 * went away" is logged. An update that can work still works.
 */
class BundleUpdateTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @TempDir
    Path dir;

    private final List<Configuration> configurations = new ArrayList<>();
    private final List<Bundle> installed = new ArrayList<>();
    private final List<String> cellLog = Collections.synchronizedList(new ArrayList<>());
    private final Logger cellLogger = Logger.getLogger("org.robocell.cell");
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            cellLog.add(new java.util.logging.SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void watchTheCellLog() {
        cellLogger.addHandler(capture);
    }

    @AfterEach
    void cleanUp() throws Exception {
        cellLogger.removeHandler(capture);
        for (Configuration c : configurations) {
            c.delete();
        }
        for (Bundle b : installed) {
            if (b.getState() != Bundle.UNINSTALLED) {
                b.uninstall();
            }
        }
    }

    private String refusal(Shell shell, String line) {
        Exception e = assertThrows(Exception.class, () -> shell.run(line), line + " was not refused");
        assertEquals("error: " + e.getMessage(), e.toString(), "one line, as the shell prints it");
        return e.getMessage();
    }

    @Test
    void anUpdateThatCannotWorkIsRefusedBeforeTheDriverStopsAndTheRobotKeepsItsHardware() throws Exception {
        CellFixture cell = new CellFixture(context, configAdmin);
        configurations.add(cell.robot("update", Map.of()));
        ControllerManager m = cell.manager("update");
        CellFixture.await(() -> m.hardware("FR3System").map(h -> h.state() == LifecycleState.ACTIVE).orElse(false),
                "FR3System active");
        Bundle driver = Arrays.stream(context.getBundles()).filter(b -> "org.robocell.driver.mock".equals(b.getSymbolicName()))
                .findFirst().orElseThrow();
        long id = driver.getBundleId();
        long modified = driver.getLastModified();
        ServiceReference<?>[] factories = driver.getRegisteredServices();
        List<Object> factoryIds = new ArrayList<>();
        for (ServiceReference<?> r : factories) {
            factoryIds.add(r.getProperty("service.id"));
        }
        assertTrue(Arrays.stream(factories).anyMatch(r -> Arrays.asList((String[]) r.getProperty("objectClass"))
                .contains(HardwareFactory.class.getName())), "the mock driver registers its hardware factory");
        Shell shell = new Shell(processor);

        Path text = Files.writeString(dir.resolve("driver.jar"), "not a jar\n", StandardCharsets.UTF_8);
        assertEquals("cannot update bundle " + id + " (org.robocell.driver.mock): " + text.toUri().toURL()
                + " is not a jar (not a zip file)", refusal(shell, "update " + id + " " + text));
        Path other = Files.write(dir.resolve("other.jar"), TestJars.bundle("org.acme.other", "1.0.0", Map.of(),
                context.getBundle(), Map.of(), 0));
        assertEquals("cannot update bundle " + id + " (org.robocell.driver.mock): " + other.toUri().toURL()
                + " holds org.acme.other, another bundle; install it instead", refusal(shell, "update org.robocell.driver.mock " + other.toUri()));
        assertEquals("cannot update bundle " + id + " (org.robocell.driver.mock): cannot read file:/no/such/driver.jar (no such file)",
                refusal(shell, "update " + id + " file:/no/such/driver.jar"));
        assertEquals("cannot update bundle " + id + " (org.robocell.driver.mock): 'no such thing' is neither a URL nor a file",
                refusal(shell, "update " + id + " 'no such thing'"));
        assertEquals("no bundle 99999 (lb lists them)", refusal(shell, "felix:update 99999"));
        String location = driver.getLocation();
        try {
            new java.net.URL(location.replaceFirst("^reference:", ""));
        } catch (java.net.MalformedURLException notAUrl) {
            // the runtime's launcher installs built-in bundles as jar/x.jar (ScriptModeTest); a test framework may not
            assertEquals("cannot update bundle " + id + " (org.robocell.driver.mock): its location '" + location
                    + "' is not a URL; give the new jar: update " + id + " file:/path/x.jar", refusal(shell, "update " + id));
        }

        assertEquals(Bundle.ACTIVE, driver.getState());
        assertEquals(id, context.getBundle(id).getBundleId());
        assertEquals(modified, driver.getLastModified(), "the bundle was not updated");
        List<Object> after = new ArrayList<>();
        for (ServiceReference<?> r : driver.getRegisteredServices()) {
            after.add(r.getProperty("service.id"));
        }
        assertEquals(factoryIds, after, "the driver's services were never unregistered (it never stopped)");
        assertEquals(LifecycleState.ACTIVE, m.hardware("FR3System").orElseThrow().state());
        assertTrue(shell.run("hardware:list -r update").contains("FR3System"));
        synchronized (cellLog) {
            assertEquals(List.of(), cellLog.stream().filter(l -> l.contains("went away")).toList());
        }
    }

    @Test
    void anUpdateThatCanWorkReplacesTheBundleAndSaysSo() throws Exception {
        Path jar = dir.resolve("acme.jar");
        Files.write(jar, TestJars.bundle("org.robocell.itests.updated", "1.0.0", Map.of(), context.getBundle(), Map.of(), 0));
        Bundle b = context.installBundle(jar.toUri().toString());
        installed.add(b);
        b.start();
        Files.write(jar, TestJars.bundle("org.robocell.itests.updated", "2.0.0", Map.of(), context.getBundle(), Map.of(), 0));
        String answer = new Shell(processor).run("update " + b.getBundleId()).trim();
        assertEquals("bundle " + b.getBundleId() + " updated: org.robocell.itests.updated 1.0.0 -> 2.0.0 from " + jar.toUri().toURL(), answer);
        assertEquals("2.0.0", b.getVersion().toString());
        assertEquals(Bundle.ACTIVE, b.getState());
    }
}
