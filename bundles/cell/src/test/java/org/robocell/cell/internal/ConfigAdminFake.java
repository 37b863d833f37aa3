package org.robocell.cell.internal;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * ConfigurationAdmin in memory, as a restart with durable configuration sees it: configurations by PID, filters
 * evaluated ({@code listConfigurations}), and a record of what was created, updated and deleted.
 */
final class ConfigAdminFake {

    final Map<String, Dictionary<String, Object>> stored = new LinkedHashMap<>();
    final List<String> requested = new ArrayList<>();
    final List<String> updated = new ArrayList<>();
    final List<String> deleted = new ArrayList<>();

    /** A configuration the user made (no default-cell source). */
    void userConfiguration(String pid, String factoryPid, Map<String, Object> props) {
        Dictionary<String, Object> d = new Hashtable<>(props);
        d.put("service.pid", pid);
        if (factoryPid != null) {
            d.put("service.factoryPid", factoryPid);
        }
        stored.put(pid, d);
    }

    ConfigurationAdmin admin() {
        return (ConfigurationAdmin) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ConfigurationAdmin.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getFactoryConfiguration" -> {
                        requested.add(a[0] + "~" + a[1]);
                        yield configuration(a[0] + "~" + a[1], (String) a[0]);
                    }
                    case "getConfiguration" -> {
                        requested.add((String) a[0]);
                        yield configuration((String) a[0], null);
                    }
                    case "listConfigurations" -> list((String) a[0]);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private Configuration[] list(String filter) throws Exception {
        Filter f = filter == null ? null : FrameworkUtil.createFilter(filter);
        List<Configuration> found = new ArrayList<>();
        for (Map.Entry<String, Dictionary<String, Object>> e : stored.entrySet()) {
            if (f == null || f.match(e.getValue())) {
                found.add(configuration(e.getKey(), (String) e.getValue().get("service.factoryPid")));
            }
        }
        return found.isEmpty() ? null : found.toArray(new Configuration[0]);
    }

    private Configuration configuration(String pid, String factoryPid) {
        return (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Configuration.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getPid" -> pid;
                    case "getProperties" -> copy(stored.get(pid));
                    case "update" -> {
                        if (a == null || a.length != 1) {
                            throw new UnsupportedOperationException("update()");
                        }
                        @SuppressWarnings("unchecked")
                        Dictionary<String, Object> d = copy((Dictionary<String, Object>) a[0]);
                        d.put("service.pid", pid);
                        if (factoryPid != null) {
                            d.put("service.factoryPid", factoryPid);
                        }
                        stored.put(pid, d);
                        updated.add(pid);
                        yield null;
                    }
                    case "delete" -> {
                        stored.remove(pid);
                        deleted.add(pid);
                        yield null;
                    }
                    case "hashCode" -> pid.hashCode();
                    case "equals" -> p == a[0];
                    case "toString" -> "Configuration[" + pid + "]";
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private static Dictionary<String, Object> copy(Dictionary<String, Object> d) {
        if (d == null) {
            return null;
        }
        Map<String, Object> m = new HashMap<>();
        for (Enumeration<String> k = d.keys(); k.hasMoreElements();) {
            String key = k.nextElement();
            m.put(key, d.get(key));
        }
        return new Hashtable<>(m);
    }

    /** The stored properties of a configuration, without ConfigAdmin's own. */
    Map<String, Object> properties(String pid) {
        Dictionary<String, Object> d = stored.get(pid);
        Map<String, Object> m = new HashMap<>();
        for (String k : Collections.list(d.keys())) {
            if (!k.startsWith("service.")) {
                m.put(k, d.get(k));
            }
        }
        return m;
    }
}
