package org.robocell.cell.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.text.Suggestions;
import org.robocell.description.RobotDescription;

/**
 * A robot's {@code hardware.plugins}: the plugin that drives a component instead of the one its description names,
 * so that a robot package's description runs unchanged on another driver (the mock, a simulation), as launch files
 * do with {@code use_mock_hardware:=true} where the package offers it.
 */
final class HardwarePlugins {

    /** Stands for every component. */
    static final String EVERY = "*";

    private HardwarePlugins() {
    }

    /**
     * @param entries {@code COMPONENT=plugin} or {@code *=plugin}
     * @throws IllegalArgumentException for an entry of another form, naming it
     */
    static Map<String, String> parse(List<String> entries, String robot) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String e : entries) {
            int eq = e.indexOf('=');
            String component = eq < 0 ? "" : e.substring(0, eq).trim();
            String plugin = eq < 0 ? "" : e.substring(eq + 1).trim();
            if (component.isEmpty() || plugin.isEmpty()) {
                throw new IllegalArgumentException("robot '" + robot + "': hardware.plugins entry '" + e + "' must be"
                        + " COMPONENT=package/Class or *=package/Class");
            }
            out.put(component, plugin);
        }
        return out;
    }

    /**
     * The description with the plugins replaced.
     *
     * @throws IllegalArgumentException naming a component the description does not have
     */
    static RobotDescription apply(RobotDescription d, Map<String, String> plugins, String robot) {
        if (plugins.isEmpty()) {
            return d;
        }
        Set<String> names = d.hardware().stream().map(HardwareInfo::name).collect(Collectors.toCollection(
                java.util.LinkedHashSet::new));
        for (String component : plugins.keySet()) {
            if (!component.equals(EVERY) && !names.contains(component)) {
                throw new IllegalArgumentException("robot '" + robot + "': hardware.plugins names the component '"
                        + component + "', which " + d.source() + " does not have" + Suggestions.didYouMean(component,
                                names) + "; its components: " + Suggestions.list(names));
            }
        }
        List<HardwareInfo> hardware = new ArrayList<>();
        for (HardwareInfo h : d.hardware()) {
            String plugin = plugins.getOrDefault(h.name(), plugins.getOrDefault(EVERY, h.plugin()));
            hardware.add(new HardwareInfo(h.name(), h.type(), plugin, h.parameters(), h.joints(), h.sensors(),
                    h.gpios(), h.rwRate(), h.group(), h.transmissions()));
        }
        return new RobotDescription(d.source(), d.robot(), hardware);
    }
}
