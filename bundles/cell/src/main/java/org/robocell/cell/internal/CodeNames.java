package org.robocell.cell.internal;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** Names the code a class comes from for people: its bundle and version, or its class outside a framework. */
final class CodeNames {

    private CodeNames() {
    }

    static String of(Class<?> type) {
        Bundle b = FrameworkUtil.getBundle(type);
        return b == null ? type.getName() : b.getSymbolicName() + " " + b.getVersion();
    }
}
