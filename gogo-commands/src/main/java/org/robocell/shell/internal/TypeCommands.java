package org.robocell.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.console.Example;

/** What can be loaded: the controller types and hardware plugins that installed bundles provide. */
@Component(service = TypeCommands.class, property = {
        "osgi.command.scope=controller", "osgi.command.function=types" })
public final class TypeCommands {

    private final BundleContext context;

    @Activate
    public TypeCommands(BundleContext context) {
        this.context = context;
    }

    @Descriptor("list the controller types that installed bundles provide, with the providing bundle")
    @Example("controller:types")
    public String types() throws InvalidSyntaxException {
        // the factory registered last serves a type (a newer version installed beside the old one): listed first
        TreeMap<String, List<ServiceReference<ControllerFactory>>> byType = new TreeMap<>();
        for (ServiceReference<ControllerFactory> ref : context.getServiceReferences(ControllerFactory.class, null)) {
            for (String type : strings(ref.getProperty(ControllerFactory.TYPE))) {
                byType.computeIfAbsent(type, t -> new ArrayList<>()).add(ref);
            }
        }
        if (byType.isEmpty()) {
            return "no controller types: install a controller bundle (drop its jar into deploy/)";
        }
        Table table = Table.of("TYPE", "BUNDLE");
        byType.forEach((type, refs) -> {
            refs.sort((a, b) -> Long.compare(serviceId(b), serviceId(a)));
            StringBuilder sb = new StringBuilder(provider(refs.get(0)));
            if (refs.size() > 1) {
                sb.append(" (serves; also installed:");
                for (ServiceReference<ControllerFactory> older : refs.subList(1, refs.size())) {
                    sb.append(' ').append(provider(older));
                }
                sb.append(')');
            }
            table.row(type, sb.toString());
        });
        return table.render();
    }

    private static long serviceId(ServiceReference<?> ref) {
        return (Long) ref.getProperty(org.osgi.framework.Constants.SERVICE_ID);
    }

    static String provider(ServiceReference<?> ref) {
        return ref.getBundle() == null ? "(gone)"
                : ref.getBundle().getSymbolicName() + " " + ref.getBundle().getVersion();
    }

    static List<String> strings(Object property) {
        List<String> out = new ArrayList<>();
        if (property instanceof String s) {
            out.add(s);
        } else if (property instanceof String[] a) {
            out.addAll(List.of(a));
        } else if (property instanceof Iterable<?> it) {
            it.forEach(o -> out.add(String.valueOf(o)));
        }
        return out;
    }

    /** Hardware plugins: a separate command object so each scope stays in one class. */
    @Component(service = PluginCommands.class, property = {
            "osgi.command.scope=hardware", "osgi.command.function=plugins" })
    public static final class PluginCommands {
        private final BundleContext context;

        @Activate
        public PluginCommands(BundleContext context) {
            this.context = context;
        }

        @Descriptor("list the hardware plugins (URDF <plugin> strings) that installed driver bundles provide")
        @Example("hardware:plugins")
        public String plugins() throws InvalidSyntaxException {
            TreeMap<String, String> rows = new TreeMap<>();
            for (ServiceReference<HardwareFactory> ref : context.getServiceReferences(HardwareFactory.class, null)) {
                for (String plugin : strings(ref.getProperty(HardwareFactory.PLUGIN))) {
                    rows.put(plugin, provider(ref));
                }
            }
            if (rows.isEmpty()) {
                return "no hardware plugins: install a driver bundle (drop its jar into deploy/)";
            }
            return Table.of("PLUGIN", "BUNDLE").rows(rows).render();
        }
    }
}
