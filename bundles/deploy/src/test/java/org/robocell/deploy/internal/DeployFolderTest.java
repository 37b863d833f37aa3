package org.robocell.deploy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FileInstall's messages name deploy/ files by canonical path or by bundle location. */
class DeployFolderTest {

    @TempDir
    Path dir;

    @Test
    void theFileIsFoundByItsPathOrItsBundleLocation() throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("my deploy"));
        DeployFolder folder = new DeployFolder(deploy);
        Path jar = folder.dir().resolve("a b.jar");
        assertEquals(Optional.of(jar), folder.fileIn("Failed to install artifact: " + jar));
        assertEquals(Optional.of(jar), folder.fileIn("Error while starting bundle: " + folder.location(jar)));
        assertEquals(Optional.empty(), folder.fileIn("In main loop, we have serious trouble"));
        Files.writeString(jar, "x");
        assertEquals(Optional.of(jar), folder.fileIn("Failed to uninstall bundle: " + jar + " with id: 12. The bundle has"
                + " already been uninstalled"), "a message that goes on after the path");
        Path gone = folder.dir().resolve("gone.jar");
        assertEquals(Optional.of(gone), folder.fileIn("Failed to update bundle: " + gone + " with ID 12. The bundle has been"
                + " uninstalled"), "a file that is gone");
        assertEquals(Optional.empty(), folder.fileIn(null));
    }
}
