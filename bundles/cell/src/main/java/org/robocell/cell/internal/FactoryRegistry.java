package org.robocell.cell.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.manager.ControllerSource;

/**
 * The driver and controller factories one robot can use now, as their services come and go.
 * <p>
 * Hardware factories are changed on the robot's worker thread only. Controller factories are tracked at their
 * service events (any thread) and read by whichever thread creates an instance: a type is served by the factory
 * registered last whose service is not withdrawn and whose bundle is not stopping, so that an instance never comes
 * from a bundle on its way out, and a newer version installed beside an older one serves new instances and reloads.
 */
final class FactoryRegistry implements ControllerSource {

    private final Map<Object, HardwareEntry> hardwareFactories = new LinkedHashMap<>();
    private final ConcurrentSkipListMap<Long, ControllerEntry> controllerFactories = new ConcurrentSkipListMap<>();
    private volatile Consumer<String> whenTypeMissing = t -> { };
    private volatile Set<String> plugins = Set.of();

    private record HardwareEntry(Set<String> plugins, HardwareFactory factory) {
    }

    /**
     * A tracked controller factory; {@code serving} answers false once its bundle is stopping (its services are about
     * to go), {@code withdrawn} is set when its service is unregistered, before the cell reacts to it;
     * {@code announced} once the worker has reacted to its arrival.
     */
    static final class ControllerEntry {
        final Set<String> types;
        final ControllerFactory factory;
        final BooleanSupplier serving;
        volatile boolean withdrawn;
        volatile boolean announced;

        ControllerEntry(Set<String> types, ControllerFactory factory, BooleanSupplier serving) {
            this.types = types;
            this.factory = factory;
            this.serving = serving;
        }

        boolean serves(String type) {
            return !withdrawn && types.contains(type) && serving.getAsBoolean();
        }
    }

    /** Worker thread. */
    void addHardwareFactory(Object key, Collection<String> pluginNames, HardwareFactory factory) {
        hardwareFactories.put(key, new HardwareEntry(Set.copyOf(pluginNames), factory));
        refreshPlugins();
    }

    /** Worker thread: the plugin names the removed factory served, or null when it was not known. */
    Set<String> removeHardwareFactory(Object key) {
        HardwareEntry gone = hardwareFactories.remove(key);
        refreshPlugins();
        return gone == null ? null : gone.plugins();
    }

    private void refreshPlugins() {
        Set<String> p = new TreeSet<>();
        hardwareFactories.values().forEach(e -> p.addAll(e.plugins()));
        plugins = Set.copyOf(p);
    }

    /** Whether a driver for the plugin is installed; any thread. */
    boolean pluginAvailable(String plugin) {
        return PluginNames.resolve(plugin, plugins) != null;
    }

    /** The plugin names the installed drivers serve; any thread. */
    Set<String> plugins() {
        return plugins;
    }

    HardwareFactory hardwareFactory(String plugin) {
        String name = PluginNames.resolve(plugin, plugins);
        for (HardwareEntry e : hardwareFactories.values()) {
            if (name != null && e.plugins().contains(name)) {
                return e.factory();
            }
        }
        return null;
    }

    /** The service key of the factory that serves the plugin, or null. */
    Object hardwareFactoryKey(String plugin) {
        String name = PluginNames.resolve(plugin, plugins);
        for (Map.Entry<Object, HardwareEntry> e : hardwareFactories.entrySet()) {
            if (name != null && e.getValue().plugins().contains(name)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** At the service event (any thread): instances of its types may come from it from now on. */
    void trackControllerFactory(long key, Collection<String> types, ControllerFactory factory, BooleanSupplier serving) {
        controllerFactories.putIfAbsent(key, new ControllerEntry(Set.copyOf(types), factory, serving));
    }

    /** At the service event (any thread): no instance comes from it from now on. */
    void withdrawControllerFactory(long key) {
        ControllerEntry e = controllerFactories.get(key);
        if (e != null) {
            e.withdrawn = true;
        }
    }

    /** Worker thread: the cell has reacted to its arrival. */
    void announce(long key) {
        ControllerEntry e = controllerFactories.get(key);
        if (e != null) {
            e.announced = true;
        }
    }

    /** Worker thread: forgets it; its entry, or null when it was not tracked. */
    ControllerEntry removeControllerFactory(long key) {
        withdrawControllerFactory(key);
        return controllerFactories.remove(key);
    }

    /** Whether a factory whose arrival the worker has seen still serves the type. */
    boolean announcedServes(String type) {
        return controllerFactories.values().stream().anyMatch(e -> e.announced && e.serves(type));
    }

    /** Told (on the loading thread) of each type a load asked for that no factory serves. */
    void whenTypeMissing(Consumer<String> action) {
        whenTypeMissing = action;
    }

    @Override
    public Controller create(String type) {
        for (ControllerEntry e : controllerFactories.descendingMap().values()) {
            if (e.serves(type)) {
                return e.factory.create(type);
            }
        }
        whenTypeMissing.accept(type);
        return null;
    }

    @Override
    public Collection<String> types() {
        Set<String> out = new TreeSet<>();
        for (ControllerEntry e : controllerFactories.values()) {
            for (String t : e.types) {
                if (e.serves(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }
}
