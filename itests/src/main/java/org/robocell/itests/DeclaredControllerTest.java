package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/** A controller declared by a .cfg file dropped into deploy/: created, changed and deleted with the file. */
class DeclaredControllerTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> configurations = new ArrayList<>();
    private Path cfg;

    @AfterEach
    void cleanUp() throws Exception {
        if (cfg != null) {
            Files.deleteIfExists(cfg);
        }
        for (Configuration c : configurations) {
            c.delete();
        }
    }

    private static void write(Path file, String text) throws Exception {
        Path tmp = Files.createTempFile("cfg", ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void aCfgFileInDeployDeclaresAControllerAndDeletingItUnloadsIt() throws Exception {
        CellFixture cell = new CellFixture(context, configAdmin);
        configurations.add(cell.robot("declared", Map.of()));
        ControllerManager m = cell.manager("declared");
        CellFixture.await(() -> m.hardware("FR3System").map(h -> h.state() == LifecycleState.ACTIVE).orElse(false),
                "FR3System active");
        Path deploy = Path.of(context.getProperty("felix.fileinstall.dir"));
        Files.createDirectories(deploy);
        cfg = deploy.resolve("org.robocell.controller-itest_fwd.cfg");
        String declaration = "robot=declared\nname=itest_fwd\ntype=forward_command_controller/ForwardCommandController\n"
                + "param.joints=[joint3, joint4]\nparam.interface_name=position\n";

        write(cfg, declaration + "state=configured\n");
        CellFixture.await(() -> m.controller("itest_fwd").map(c -> c.state() == LifecycleState.INACTIVE).orElse(false),
                "itest_fwd configured from the .cfg file");
        String info = new Shell(processor).run("controller:info -r declared itest_fwd");
        assertEquals(List.of("joint3/position", "joint4/position"),
                m.controller("itest_fwd").orElseThrow().requiredCommandInterfaces(), info);
        assertTrue(info.contains("joints: [joint3, joint4]"), info);

        write(cfg, declaration + "state=active\n");
        CellFixture.await(() -> m.controller("itest_fwd").map(c -> c.state() == LifecycleState.ACTIVE).orElse(false),
                "itest_fwd activated when the file asks for it");
        assertEquals(List.of("joint3/position", "joint4/position"), m.controller("itest_fwd").orElseThrow().claimedInterfaces());

        Files.delete(cfg);
        CellFixture.await(() -> m.controller("itest_fwd").isEmpty(), "itest_fwd unloaded with its file");
        assertTrue(m.interfaces().stream().filter(i -> i.name().equals("joint3/position") && i.kind().isCommand())
                .noneMatch(i -> i.claimed()), "joint3/position released");
    }
}
