package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** A runtime started where its cell folder is not runs the default cell it carries. */
class EmbeddedCellTest {

    private final ConfigAdminFake cm = new ConfigAdminFake();

    @TempDir
    Path work;

    /** The cell bundle as the build makes it: runtime/cell's files under robocell-default-cell/. */
    private static Bundle cellBundle() throws IOException {
        List<URL> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(CellFolder.RUNTIME_CELL)) {
            for (Path f : files.sorted().toList()) {
                entries.add(f.toUri().toURL());
            }
        }
        return (Bundle) Proxy.newProxyInstance(EmbeddedCellTest.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (p, m, a) -> m.getName().equals("findEntries") && EmbeddedCell.FOLDER.equals(a[0])
                        ? Collections.enumeration(entries) : null);
    }

    private DefaultCell start(String folder) throws IOException {
        return start(Map.of(DefaultCell.PROPERTY, folder));
    }

    /** A start with these framework (or system) properties. */
    private DefaultCell start(Map<String, String> properties) throws IOException {
        Bundle bundle = cellBundle();
        BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getProperty" -> properties.get((String) a[0]);
                    case "getBundle" -> bundle;
                    default -> null;
                });
        return new DefaultCell(context, cm.admin(), work);
    }

    @Test
    void withoutTheCellFolderInTheWorkingDirectoryTheEmbeddedCellRunsBothRobotsFromItsUnpackedFiles() throws Exception {
        start("runtime/cell");
        assertEquals(List.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6",
                "org.robocell.driver.franka.emulator", "org.robocell.driver.kuka.rsi.emulator"), cm.requested);
        Path unpacked = work.resolve(DefaultCell.UNPACKED);
        Map<String, Object> fr3 = cm.properties("org.robocell.cell.robot~fr3");
        assertEquals(unpacked.resolve("fr3.urdf").toString(), fr3.get("urdf"));
        assertEquals(Files.readString(CellFolder.RUNTIME_CELL.resolve("fr3.urdf")),
                Files.readString(unpacked.resolve("fr3.urdf")), "the URDF as the runtime carries it");
        assertEquals(unpacked.resolve("kr6_controllers.yaml").toString(),
                cm.properties("org.robocell.cell.robot~kr6").get("controllers"));
    }

    @Test
    void aSecondStartFromTheEmbeddedCellFindsItsConfigurationsUnchanged() throws Exception {
        start("runtime/cell");
        assertEquals(4, cm.updated.size());
        start("runtime/cell");
        assertEquals(4, cm.updated.size(), "the unpacked files keep their paths, no robot restarts for nothing: "
                + cm.updated);
    }

    @Test
    void filesLeftInTheUnpackedFolderAreReplacedByTheEmbeddedOnes() throws Exception {
        Path unpacked = Files.createDirectories(work.resolve(DefaultCell.UNPACKED));
        Files.writeString(unpacked.resolve("fr3.urdf"), "<robot name='edited by hand'/>");
        Files.writeString(unpacked.resolve("org.robocell.cell.robot-ghost.cfg"), "name=ghost\nurdf=fr3.urdf\n");
        start("runtime/cell");
        assertEquals(Files.readString(CellFolder.RUNTIME_CELL.resolve("fr3.urdf")), Files.readString(unpacked.resolve("fr3.urdf")));
        assertFalse(Files.exists(unpacked.resolve("org.robocell.cell.robot-ghost.cfg")));
        assertFalse(cm.requested.contains("org.robocell.cell.robot~ghost"), cm.requested.toString());
    }

    @Test
    void theCellFolderWhenPresentWinsOverTheEmbeddedCell() throws Exception {
        Path mine = Files.createDirectories(work.resolve("runtime/cell"));
        Files.copy(CellFolder.RUNTIME_CELL.resolve("fr3.urdf"), mine.resolve("fr3.urdf"));
        Files.copy(CellFolder.RUNTIME_CELL.resolve("controllers.yaml"), mine.resolve("controllers.yaml"));
        Files.copy(CellFolder.RUNTIME_CELL.resolve("org.robocell.cell.robot-fr3.cfg"), mine.resolve("org.robocell.cell.robot-fr3.cfg"));
        start("runtime/cell");
        assertEquals(List.of("org.robocell.cell.robot~fr3"), cm.requested);
        assertEquals(mine.resolve("fr3.urdf").toString(), cm.properties("org.robocell.cell.robot~fr3").get("urdf"));
        assertFalse(Files.exists(work.resolve(DefaultCell.UNPACKED)), "nothing unpacked");
    }

    @Test
    void aBundleWithoutTheEmbeddedCellLeavesAMissingFolderAsBefore() throws Exception {
        new DefaultCell((BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class},
                (p, m, a) -> m.getName().equals("getProperty") ? Map.of(DefaultCell.PROPERTY, "runtime/cell").get((String) a[0])
                        : null), cm.admin(), work);
        assertEquals(List.of(), cm.requested);
        assertTrue(Files.notExists(work.resolve(DefaultCell.UNPACKED)));
    }

    @Test
    void aFolderNamedWithCellRunsWhereverItIsInsteadOfRuntimeCellOrTheEmbeddedCell() throws Exception {
        Path elsewhere = Files.createDirectories(work.resolve("cells/line-3"));
        Files.copy(CellFolder.RUNTIME_CELL.resolve("fr3.urdf"), elsewhere.resolve("fr3.urdf"));
        Files.copy(CellFolder.RUNTIME_CELL.resolve("controllers.yaml"), elsewhere.resolve("controllers.yaml"));
        Files.writeString(elsewhere.resolve("org.robocell.cell.robot-press.cfg"),
                "name=press\nurdf=fr3.urdf\ncontrollers=controllers.yaml\n");
        Files.createDirectories(work.resolve("runtime/cell"));
        start(Map.of(DefaultCell.PROPERTY, "runtime/cell", DefaultCell.FOLDER_PROPERTY, elsewhere.toString()));
        assertEquals(List.of("org.robocell.cell.robot~press"), cm.requested);
        assertEquals(elsewhere.resolve("fr3.urdf").toString(), cm.properties("org.robocell.cell.robot~press").get("urdf"));
        assertFalse(Files.exists(work.resolve(DefaultCell.UNPACKED)), "nothing unpacked");
    }

    @Test
    void aNamedFolderThatIsGoneRunsNoRobotRatherThanTheEmbeddedCell() throws Exception {
        start(Map.of(DefaultCell.PROPERTY, "runtime/cell", DefaultCell.FOLDER_PROPERTY, work.resolve("gone").toString()));
        assertEquals(List.of(), cm.requested, "the user asked for that cell: no other one moves a robot");
        assertFalse(Files.exists(work.resolve(DefaultCell.UNPACKED)));
    }
}
