package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ResourceManager;

/**
 * The chain graph of the configured controllers and their update order: a controller that uses a reference
 * interface of F precedes F; a controller that reads an exported state interface of E follows E, unless it also
 * uses E's references: then it precedes E and reads E's exported states as it reads hardware states, from the cycle
 * before (a motion primitive forwarder and the executor it commands, which reports its status back). The order is a
 * topological sort (Kahn's algorithm, ties broken by load order); a cycle is reported with the controllers on it.
 * Chain groups are the connected components of the graph.
 */
final class ChainResolver {

    final List<ManagedController> order;
    final List<ChainGraph.Edge> edges;
    final Map<ManagedController, Integer> group;
    /** The controllers on a cycle, first repeated at the end; empty when there is none. */
    final List<String> cycle;

    private ChainResolver(List<ManagedController> order, List<ChainGraph.Edge> edges,
            Map<ManagedController, Integer> group, List<String> cycle) {
        this.order = order;
        this.edges = edges;
        this.group = group;
        this.cycle = cycle;
    }

    static ChainResolver resolve(List<ManagedController> configured, ResourceManager rm) {
        Map<String, ManagedController> byName = new HashMap<>();
        for (ManagedController mc : configured) {
            byName.put(mc.name, mc);
        }
        List<ChainGraph.Edge> edges = new ArrayList<>();
        Map<ManagedController, Set<ManagedController>> next = new HashMap<>();
        for (ManagedController mc : configured) {
            next.put(mc, new LinkedHashSet<>());
        }
        for (ManagedController x : configured) {
            if (x.commandConfig.kind() == InterfaceConfiguration.Kind.INDIVIDUAL) {
                for (String n : x.commandConfig.names()) {
                    InterfaceEntry e = rm.commandEntry(n);
                    if (e != null && e.kind() == Kind.REFERENCE) {
                        ManagedController f = byName.get(e.owner());
                        if (f != null && f != x) {
                            edges.add(new ChainGraph.Edge(x.name, f.name, n, Kind.REFERENCE));
                            next.get(x).add(f);
                        }
                    }
                }
            }
            if (x.stateConfig.kind() == InterfaceConfiguration.Kind.INDIVIDUAL) {
                for (String n : x.stateConfig.names()) {
                    InterfaceEntry e = rm.stateEntry(n);
                    if (e != null && e.kind() == Kind.EXPORTED_STATE) {
                        ManagedController p = byName.get(e.owner());
                        if (p != null && p != x) {
                            edges.add(new ChainGraph.Edge(p.name, x.name, n, Kind.EXPORTED_STATE));
                            if (!next.get(x).contains(p)) {
                                next.get(p).add(x);
                            }
                        }
                    }
                }
            }
        }
        Map<ManagedController, Integer> inDegree = new HashMap<>();
        for (ManagedController mc : configured) {
            inDegree.put(mc, 0);
        }
        for (Set<ManagedController> targets : next.values()) {
            for (ManagedController t : targets) {
                inDegree.merge(t, 1, Integer::sum);
            }
        }
        PriorityQueue<ManagedController> ready = new PriorityQueue<>((a, b) -> Integer.compare(a.loadOrder, b.loadOrder));
        for (ManagedController mc : configured) {
            if (inDegree.get(mc) == 0) {
                ready.add(mc);
            }
        }
        List<ManagedController> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            ManagedController mc = ready.poll();
            order.add(mc);
            for (ManagedController t : next.get(mc)) {
                if (inDegree.merge(t, -1, Integer::sum) == 0) {
                    ready.add(t);
                }
            }
        }
        List<String> cycle = List.of();
        if (order.size() < configured.size()) {
            cycle = findCycle(configured, order, next);
        }
        // chain groups: connected components
        Map<ManagedController, ManagedController> parent = new HashMap<>();
        for (ManagedController mc : configured) {
            parent.put(mc, mc);
        }
        for (Map.Entry<ManagedController, Set<ManagedController>> e : next.entrySet()) {
            for (ManagedController t : e.getValue()) {
                parent.put(find(parent, e.getKey()), find(parent, t));
            }
        }
        Map<ManagedController, Integer> roots = new HashMap<>();
        Map<ManagedController, Integer> group = new HashMap<>();
        for (ManagedController mc : configured) {
            group.put(mc, roots.computeIfAbsent(find(parent, mc), r -> roots.size()));
        }
        return new ChainResolver(order, edges, group, cycle);
    }

    private static ManagedController find(Map<ManagedController, ManagedController> parent, ManagedController mc) {
        ManagedController p = parent.get(mc);
        while (p != mc) {
            mc = p;
            p = parent.get(mc);
        }
        return p;
    }

    private static List<String> findCycle(List<ManagedController> configured, List<ManagedController> sorted,
            Map<ManagedController, Set<ManagedController>> next) {
        Set<ManagedController> remaining = new LinkedHashSet<>(configured);
        remaining.removeAll(sorted);
        // every remaining node has a remaining predecessor or successor on a cycle; walk successors within it
        ManagedController start = remaining.iterator().next();
        List<ManagedController> path = new ArrayList<>();
        Map<ManagedController, Integer> seen = new HashMap<>();
        ManagedController cur = start;
        while (!seen.containsKey(cur)) {
            seen.put(cur, path.size());
            path.add(cur);
            ManagedController step = null;
            for (ManagedController t : next.get(cur)) {
                if (remaining.contains(t)) {
                    step = t;
                    break;
                }
            }
            if (step == null) {
                // a node fed by a cycle but not on it: restart from another remaining node
                remaining.remove(cur);
                if (remaining.isEmpty()) {
                    return List.of();
                }
                path.clear();
                seen.clear();
                cur = remaining.iterator().next();
                continue;
            }
            cur = step;
        }
        List<String> names = new ArrayList<>();
        for (int i = seen.get(cur); i < path.size(); i++) {
            names.add(path.get(i).name);
        }
        names.add(cur.name);
        return names;
    }
}
