package org.robocell.api.cell;

import java.util.List;

/**
 * How the configured controllers of one loop are chained, and the order the loop updates them in.
 *
 * @param edges       one edge per interface a controller uses of another controller
 * @param updateOrder every configured (INACTIVE or ACTIVE) controller, preceding before following
 */
public record ChainGraph(List<Edge> edges, List<String> updateOrder) {

    public ChainGraph {
        edges = List.copyOf(edges);
        updateOrder = List.copyOf(updateOrder);
    }

    /**
     * {@code preceding} runs before {@code following}. For a REFERENCE edge the preceding controller writes the
     * following controller's reference interface; for an EXPORTED_STATE edge the following controller reads the
     * preceding controller's exported state interface.
     */
    public record Edge(String preceding, String following, String interfaceName, InterfaceSnapshot.Kind kind) {
    }
}
