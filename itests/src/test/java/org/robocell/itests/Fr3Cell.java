package org.robocell.itests;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The default cell's FR3 alone in a working directory's {@code runtime/cell}: its URDF, controllers, robot
 * configuration and the emulated FR3 it drives over FCI, on a free port instead of 1337, so that runs beside each
 * other (another build, a runtime someone started) do not take each other's robot.
 */
final class Fr3Cell {

    static final Path RUNTIME_CELL = Path.of("../runtime/cell").toAbsolutePath().normalize();

    private Fr3Cell() {
    }

    /** Copies the FR3's files into {@code work/runtime/cell}; returns that folder. */
    static Path copyTo(Path work) throws IOException {
        Path cell = Files.createDirectories(work.resolve("runtime/cell"));
        for (String f : new String[] { "controllers.yaml", "org.robocell.cell.robot-fr3.cfg" }) {
            Files.copy(RUNTIME_CELL.resolve(f), cell.resolve(f));
        }
        int port = freePort();
        String emulator = Files.readString(RUNTIME_CELL.resolve("org.robocell.driver.franka.emulator.cfg"));
        Files.writeString(cell.resolve("org.robocell.driver.franka.emulator.cfg"),
                replaceOnce(emulator, "command.port=1337", "command.port=" + port));
        String urdf = Files.readString(RUNTIME_CELL.resolve("fr3.urdf"));
        Files.writeString(cell.resolve("fr3.urdf"), replaceOnce(urdf, "<param name=\"robot_ip\">127.0.0.1</param>",
                "<param name=\"robot_ip\">127.0.0.1</param>\n      <param name=\"command_port\">" + port + "</param>"));
        return cell;
    }

    private static String replaceOnce(String text, String what, String with) {
        if (!text.contains(what)) {
            throw new AssertionError("the default cell's file no longer contains '" + what + "'");
        }
        return text.replace(what, with);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return s.getLocalPort();
        }
    }
}
