package org.robocell.controller.gpio.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.InterfaceNames;

/**
 * The GPIO command controller's parameters, named as in ros2_controllers' {@code gpio_controllers}
 * ({@code src/gpio_command_controller_parameters.yaml}): {@code gpios} (at least one, unique), per GPIO
 * {@code command_interfaces.<gpio>.interfaces} and {@code state_interfaces.<gpio>.interfaces} (unique, default
 * empty). ros2_control_demos' list-of-maps form ({@code command_interfaces: {vacuum: [{interfaces: [..]}]}}) arrives
 * here flattened to the same keys.
 *
 * @param commandInterfaces  the full command interface names, GPIO by GPIO in {@code gpios} order
 * @param stateInterfaces    the full state interface names, GPIO by GPIO; empty when no GPIO names any, and then
 *                           every state interface of the configured GPIOs is published (as upstream takes them all
 *                           from the description)
 */
record GpioConfig(List<String> gpios, List<String> commandInterfaces, List<String> stateInterfaces) {

    static final ParameterNames NAMES = ParameterNames.of("gpios")
            .perEntry("gpios", "command_interfaces.{}.interfaces", "state_interfaces.{}.interfaces");

    /** @throws ParameterException naming the parameter */
    static GpioConfig read(Parameters p) {
        List<String> gpios = p.getStringList("gpios");
        if (gpios.isEmpty()) {
            throw new ParameterException("gpios", "parameter 'gpios' must name at least one GPIO");
        }
        if (new HashSet<>(gpios).size() != gpios.size()) {
            throw new ParameterException("gpios", "parameter 'gpios' names an entry twice: " + gpios);
        }
        List<String> commands = interfaces(p, gpios, "command_interfaces");
        List<String> states = interfaces(p, gpios, "state_interfaces");
        return new GpioConfig(gpios, commands, states);
    }

    private static List<String> interfaces(Parameters p, List<String> gpios, String group) {
        List<String> out = new ArrayList<>();
        for (String gpio : gpios) {
            String key = group + "." + gpio + ".interfaces";
            List<String> names = p.getStringList(key, List.of());
            if (new HashSet<>(names).size() != names.size()) {
                throw new ParameterException(key, "parameter '" + key + "' names an entry twice: " + names);
            }
            for (String n : names) {
                if (n.isBlank() || n.contains("/")) {
                    throw new ParameterException(key, "parameter '" + key + "' takes interface names of GPIO '"
                            + gpio + "' without the GPIO (e.g. [vacuum]), got '" + n + "'");
                }
                out.add(InterfaceNames.of(gpio, n));
            }
        }
        return List.copyOf(out);
    }

    /** Whether the state interfaces are every one of the configured GPIOs (none named). */
    boolean allStatesOfTheGpios() {
        return stateInterfaces.isEmpty();
    }
}
