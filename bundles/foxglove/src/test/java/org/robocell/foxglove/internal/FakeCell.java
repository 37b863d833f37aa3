package org.robocell.foxglove.internal;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.cell.Result;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * A stand-in for the cell's services in unit tests: a manager that keeps controller parameters and answers
 * {@code setParameters} as the cell does for a controller it does not have, and a channel registry.
 */
final class FakeCell {

    final Map<String, Map<String, Object>> parameters = new ConcurrentHashMap<>();
    final List<String> setCalls = new ArrayList<>();
    final Map<String, Channel> channels = new ConcurrentHashMap<>();

    ControllerManager manager(String robot) {
        return (ControllerManager) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ControllerManager.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "robot" -> robot;
                    case "controllers" -> controllers();
                    case "setParameters" -> set((String) args[0], (Map<?, ?>) args[1]);
                    case "stats" -> new LoopStats(robot, ClockKind.INTERNAL, 1000, true, 5, 0, null, null, null, 0, 0,
                            0, 0, 0, null);
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "FakeManager[" + robot + "]";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private synchronized List<ControllerSnapshot> controllers() {
        List<ControllerSnapshot> list = new ArrayList<>();
        parameters.forEach((name, params) -> list.add(new ControllerSnapshot(name, "test/Type", LifecycleState.ACTIVE,
                1000, List.of(), List.of(), List.of(), false, false, List.of(), List.of(), List.of(), 0, 0, null,
                new Parameters("test", params))));
        return list;
    }

    private synchronized Result set(String controller, Map<?, ?> values) {
        setCalls.add(controller + " " + values);
        Map<String, Object> p = parameters.get(controller);
        if (p == null) {
            return Result.failed("controller '" + controller + "' is not loaded");
        }
        Map<String, Object> next = new LinkedHashMap<>(p);
        values.forEach((k, v) -> next.put((String) k, v));
        parameters.put(controller, next);
        return Result.ok("parameters of '" + controller + "' set");
    }

    ChannelRegistry registry() {
        return new ChannelRegistry() {
            @Override
            public Registration register(String name, Channel channel) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Registration register(String name, Channel channel, String owner) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<Channel> find(String name) {
                return Optional.ofNullable(channels.get(name));
            }

            @Override
            public <C extends Channel> Optional<C> find(String name, Class<C> type) {
                return find(name).filter(type::isInstance).map(type::cast);
            }

            @Override
            public List<String> names() {
                return channels.keySet().stream().sorted().toList();
            }
        };
    }
}
