package org.robocell.console.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.gogo.runtime.CommandProxy;
import org.apache.felix.gogo.runtime.Reflective;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;

/**
 * The shell's commands as their own code describes them: the {@link Descriptor} of each method and parameter, the
 * option names and defaults of each {@link org.apache.felix.service.command.Parameter}, and an example from an
 * annotation named {@code Example} on the method (RoboCell's commands carry one). {@code help} and completion
 * read this, so a command's text is written once, beside its code.
 */
final class CommandCatalog {

    /** An option: its names ({@code -r, --robot}), what it means, its default, whether it is a flag. */
    record Option(List<String> names, String description, String absent, boolean flag) {

        /** The long name, or the first. */
        String longName() {
            return names.stream().filter(n -> n.startsWith("--")).findFirst().orElse(names.get(0));
        }
    }

    /** A positional argument. */
    record Argument(String description, boolean repeated) {
    }

    /** One way to call a command (a method). */
    record Signature(String description, List<Option> options, List<Argument> arguments, String example) {
    }

    /** A command, {@code scope:function}, with the signatures its methods give it. */
    record Command(String scope, String function, boolean robocell, List<Signature> signatures) {

        String name() {
            return scope + ":" + function;
        }

        /** The first method's description: the command's one line. */
        String summary() {
            return signatures.stream().map(Signature::description).filter(d -> d != null && !d.isEmpty()).findFirst()
                    .orElse("");
        }

        /** Every option of every signature, each once. */
        List<Option> options() {
            Map<String, Option> byName = new TreeMap<>();
            signatures.forEach(s -> s.options().forEach(o -> byName.putIfAbsent(o.longName(), o)));
            return new ArrayList<>(byName.values());
        }
    }

    private CommandCatalog() {
    }

    /** Every command the session knows, by {@code scope:function}. */
    static Map<String, Command> of(CommandSession session) {
        Map<String, Command> commands = new TreeMap<>();
        for (String name : Shell.getCommands(session)) {
            Object function = session.get(name);
            int colon = name.indexOf(':');
            if (!(function instanceof CommandProxy proxy) || colon < 0) {
                continue;
            }
            Object target = proxy.getTarget();
            try {
                if (target != null) {
                    commands.put(name, describe(name.substring(0, colon), name.substring(colon + 1), target.getClass()));
                }
            } finally {
                proxy.ungetTarget();
            }
        }
        return commands;
    }

    /** One command of a class: its public methods named after the function (Gogo's {@code _switch} for a keyword). */
    static Command describe(String scope, String function, Class<?> type) {
        String method = Reflective.KEYWORDS.contains(function) ? "_" + function : function;
        List<Method> methods = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.getName().equalsIgnoreCase(method) && m.getDeclaringClass() != Object.class) {
                methods.add(m);
            }
        }
        methods.sort(Comparator.comparingInt(Method::getParameterCount));
        List<Signature> signatures = new ArrayList<>();
        for (Method m : methods) {
            signatures.add(signature(m));
        }
        // RoboCell's own commands, not Felix's or Gogo's, and not the completion helpers
        boolean robocell = type.getName().startsWith("org.robocell.") && !scope.equals("robocell");
        return new Command(scope, function, robocell, signatures);
    }

    private static Signature signature(Method m) {
        List<Option> options = new ArrayList<>();
        List<Argument> arguments = new ArrayList<>();
        Parameter[] parameters = m.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            Parameter p = parameters[i];
            if (CommandSession.class.isAssignableFrom(p.getType())) {
                continue;
            }
            Descriptor d = p.getAnnotation(Descriptor.class);
            String description = d == null ? "" : d.value();
            org.apache.felix.service.command.Parameter option = p.getAnnotation(org.apache.felix.service.command.Parameter.class);
            if (option != null) {
                boolean flag = !org.apache.felix.service.command.Parameter.UNSPECIFIED.equals(option.presentValue());
                options.add(new Option(List.of(option.names()), description, option.absentValue(), flag));
            } else {
                arguments.add(new Argument(description, m.isVarArgs() && i == parameters.length - 1));
            }
        }
        Descriptor d = m.getAnnotation(Descriptor.class);
        return new Signature(d == null ? "" : d.value(), options, arguments, example(m));
    }

    /** The value of an annotation named {@code Example} on the method, or null (read by name: it is the commands'). */
    private static String example(Method m) {
        for (Annotation a : m.getAnnotations()) {
            if (a.annotationType().getSimpleName().equals("Example")) {
                try {
                    return (String) a.annotationType().getMethod("value").invoke(a);
                } catch (ReflectiveOperationException | ClassCastException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** Names of RoboCell's commands (the catalog's {@link Command#robocell()} ones). */
    static Set<String> robocellNames(Map<String, Command> catalog) {
        Set<String> names = new java.util.TreeSet<>();
        catalog.values().stream().filter(Command::robocell).forEach(c -> names.add(c.name()));
        return names;
    }
}
