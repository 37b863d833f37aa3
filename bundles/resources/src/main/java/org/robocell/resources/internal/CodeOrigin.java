package org.robocell.resources.internal;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** Which bundle's code an object runs, for snapshots: {@code org.robocell.controller.jtc 0.2.0.202611241037}. */
public final class CodeOrigin {

    private CodeOrigin() {
    }

    /** The bundle and version that defined {@code instance}'s class, or null outside a framework. */
    public static String of(Object instance) {
        try {
            Bundle b = instance == null ? null : FrameworkUtil.getBundle(instance.getClass());
            return b == null ? null : b.getSymbolicName() + " " + b.getVersion();
        } catch (NoClassDefFoundError plainJava) {
            return null; // a plain-Java test without the OSGi API on its class path
        }
    }
}
