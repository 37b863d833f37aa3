package org.robocell.cell.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The default cell's FR3 (runtime/cell: fr3.urdf, controllers.yaml) with its arm on the mock driver instead of the
 * Franka driver its URDF names: the cell's tests run the loop, the lifecycle and the controllers on a stepped or
 * internal clock, which an FCI robot, owning the cycle, does not allow. One copy per test JVM.
 */
final class Fr3OnMock {

    static final Path RUNTIME_CELL = Path.of("../../runtime/cell");
    static final String FRANKA = "<plugin>franka_hardware/FrankaHardwareInterface</plugin>";
    static final String MOCK = "<plugin>mock_components/GenericSystem</plugin>";

    private static Path folder;

    private Fr3OnMock() {
    }

    /** A folder with fr3.urdf on the mock and the cell's controllers.yaml. */
    static synchronized Path folder() {
        if (folder == null) {
            try {
                Path dir = Files.createTempDirectory("fr3-on-mock");
                rewrite(RUNTIME_CELL.resolve("fr3.urdf"), dir.resolve("fr3.urdf"));
                Files.copy(RUNTIME_CELL.resolve("controllers.yaml"), dir.resolve("controllers.yaml"));
                dir.toFile().deleteOnExit();
                dir.resolve("fr3.urdf").toFile().deleteOnExit();
                dir.resolve("controllers.yaml").toFile().deleteOnExit();
                folder = dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return folder;
    }

    /** Writes {@code from} to {@code to} with the FR3's arm on the mock driver. */
    static void rewrite(Path from, Path to) throws IOException {
        String urdf = Files.readString(from);
        if (!urdf.contains(FRANKA)) {
            throw new IllegalStateException("the default cell's FR3 no longer names the Franka driver; update this test");
        }
        Files.writeString(to, urdf.replace(FRANKA, MOCK));
    }
}
