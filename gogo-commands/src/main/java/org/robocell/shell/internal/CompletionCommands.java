package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;

/**
 * Candidates for tab completion: the console's profile names these functions in its {@code complete}
 * definitions, so completion always offers what the cell has right now.
 */
@Component(service = CompletionCommands.class, property = { "osgi.command.scope=robocell",
        "osgi.command.function=controllernames", "osgi.command.function=loadablenames",
        "osgi.command.function=typenames", "osgi.command.function=componentnames",
        "osgi.command.function=interfacenames", "osgi.command.function=robotnames" })
public final class CompletionCommands {

    private final Robots robots;

    @Activate
    public CompletionCommands(@Reference Robots robots) {
        this.robots = robots;
    }

    @Descriptor("names of the loaded controllers (for completion)")
    public List<String> controllernames() {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : robots.all()) {
            for (ControllerSnapshot c : m.controllers()) {
                names.add(c.name());
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("names of the declared controllers that are not loaded (for completion)")
    public List<String> loadablenames() {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : robots.all()) {
            for (String n : m.declaredControllers().keySet()) {
                if (m.controller(n).isEmpty()) {
                    names.add(n);
                }
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("controller type strings (for completion)")
    public List<String> typenames() {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : robots.all()) {
            names.addAll(m.types());
        }
        return new ArrayList<>(names);
    }

    @Descriptor("hardware component names (for completion)")
    public List<String> componentnames() {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : robots.all()) {
            for (HardwareSnapshot h : m.hardware()) {
                names.add(h.name());
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("interface names (for completion)")
    public List<String> interfacenames() {
        TreeSet<String> names = new TreeSet<>();
        for (ControllerManager m : robots.all()) {
            for (InterfaceSnapshot i : m.interfaces()) {
                names.add(i.name());
            }
        }
        return new ArrayList<>(names);
    }

    @Descriptor("robot names (for completion)")
    public List<String> robotnames() {
        return robots.all().stream().map(ControllerManager::robot).toList();
    }
}
