package org.robocell.archetypes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an integrator does with the archetypes, with Maven as a separate process: {@code archetype:generate} a
 * driver and a controller project with RoboCell's coordinates, then {@code mvn verify} each (bnd makes the bundle,
 * the test kit runs its test). Nothing is installed into the user's repository and nothing is fetched from the
 * network: the Maven processes get a throwaway local repository holding this build's RoboCell artifacts, and the
 * user's repository as a read-only mirror of every other repository ({@code file://}, in offline mode).
 */
class ArchetypeBuildTest {

    private static final Path ROOT = Path.of(System.getProperty("robocell.root"));
    private static final String VERSION = System.getProperty("robocell.version");
    private static final Path WORK = Path.of(System.getProperty("work"));
    private static final Path REPO = WORK.resolve("repo");

    @BeforeAll
    static void stageThisBuildsArtifactsInAThrowawayRepository() throws IOException {
        deleteRecursively(WORK);
        Files.createDirectories(WORK);
        stage("robocell", ROOT.resolve("pom.xml"), null);
        stage("robocell-bom", ROOT.resolve("bom/pom.xml"), null);
        for (String[] m : new String[][] { { "org.robocell.api", "bundles/api" },
                { "org.robocell.controller.common", "controllers/common" },
                { "org.robocell.controller.testkit", "controllers/testkit" },
                { "org.robocell.driver.testkit", "drivers/testkit" },
                { "robocell-controller-archetype", "archetypes/controller" },
                { "robocell-driver-archetype", "archetypes/driver" } }) {
            Path module = ROOT.resolve(m[1]);
            stage(m[0], module.resolve("pom.xml"), module.resolve("target/" + m[0] + "-" + VERSION + ".jar"));
        }
        String mirror = Path.of(System.getProperty("maven.repository")).toUri().toString();
        Files.writeString(WORK.resolve("settings.xml"), """
                <settings>
                  <mirrors>
                    <mirror><id>user-repository</id><mirrorOf>*</mirrorOf><url>%s</url></mirror>
                  </mirrors>
                </settings>
                """.formatted(mirror), StandardCharsets.UTF_8);
    }

    /** As {@code mvn install} lays an artifact out, into the throwaway repository only. */
    private static void stage(String artifactId, Path pom, Path jar) throws IOException {
        Path dir = REPO.resolve("org/robocell/" + artifactId + "/" + VERSION);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifactId + "-" + VERSION + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            assertTrue(Files.isRegularFile(jar), jar + " was built");
            Files.copy(jar, dir.resolve(artifactId + "-" + VERSION + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void aControllerProjectGeneratedFromTheArchetypeBuildsABundleAndPassesItsTest() throws Exception {
        Path project = generateAndBuild("robocell-controller-archetype", "acme-speeds", "com.acme.speeds",
                "-DcontrollerType=acme_controllers/JointSpeedMonitor");
        Attributes manifest = manifest(project.resolve("target/acme-speeds-1.0.0.jar"));
        assertEquals("acme-speeds", manifest.getValue("Bundle-SymbolicName"));
        assertEquals("1.0.0", manifest.getValue("Bundle-Version"));
        assertTrue(manifest.getValue("Import-Package").contains("org.robocell.api.io;version=\"[1.3,2)\""),
                manifest.getValue("Import-Package"));
        assertTrue(manifest.getValue("Service-Component").contains("com.acme.speeds.JointSpeedMonitorFactory"),
                manifest.getValue("Service-Component"));
        assertTrue(Files.readString(project.resolve("target/surefire-reports/com.acme.speeds.JointSpeedMonitorTest.txt"))
                .contains("Tests run: 2, Failures: 0, Errors: 0"));
    }

    @Test
    void aDriverProjectGeneratedFromTheArchetypeBuildsABundleAndPassesItsTest() throws Exception {
        Path project = generateAndBuild("robocell-driver-archetype", "acme-arm", "com.acme.arm",
                "-Dplugin=acme_drivers/AcmeArm");
        Attributes manifest = manifest(project.resolve("target/acme-arm-1.0.0.jar"));
        assertEquals("acme-arm", manifest.getValue("Bundle-SymbolicName"));
        assertTrue(manifest.getValue("Import-Package").contains("org.robocell.api.hardware"), manifest.getValue("Import-Package"));
        assertTrue(manifest.getValue("Service-Component").contains("com.acme.arm.LoopbackSystemFactory"),
                manifest.getValue("Service-Component"));
        assertTrue(Files.readString(project.resolve("target/surefire-reports/com.acme.arm.LoopbackSystemTest.txt"))
                .contains("Tests run: 2, Failures: 0, Errors: 0"));
    }

    private static Path generateAndBuild(String archetype, String artifactId, String pkg, String extra) throws Exception {
        maven(WORK, "org.apache.maven.plugins:maven-archetype-plugin:3.3.1:generate", "-DinteractiveMode=false",
                "-DarchetypeGroupId=org.robocell", "-DarchetypeArtifactId=" + archetype, "-DarchetypeVersion=" + VERSION,
                "-DgroupId=com.acme", "-DartifactId=" + artifactId, "-Dversion=1.0.0", "-Dpackage=" + pkg,
                "-DrobocellVersion=" + VERSION, extra);
        Path project = WORK.resolve(artifactId);
        maven(project, "verify");
        return project;
    }

    private static void maven(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("maven.home"), "bin", "mvn").toString(),
                "-B", "-ntp", "-o", "-Daether.offline.protocols=file", "-s", WORK.resolve("settings.xml").toString(), "-Dmaven.repo.local=" + REPO));
        command.addAll(List.of(args));
        Path log = WORK.resolve("mvn-" + dir.getFileName() + "-" + args[0].replaceAll("[^a-z]", "") + ".log");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mvn " + String.join(" ", args) + " did not end; see " + log);
        }
        assertEquals(0, p.exitValue(), () -> "mvn " + String.join(" ", args) + " failed; " + log + ":\n" + tail(log));
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static Attributes manifest(Path jar) throws IOException {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.getManifest().getMainAttributes();
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
