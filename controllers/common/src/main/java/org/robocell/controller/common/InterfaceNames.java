package org.robocell.controller.common;

/** Full interface names are {@code <prefix>/<interface>}; the prefix is a joint, sensor, gpio or controller path. */
public final class InterfaceNames {

    private InterfaceNames() {
    }

    public static String of(String prefix, String interfaceName) {
        return prefix + "/" + interfaceName;
    }

    /** Everything before the last slash: the joint of {@code joint1/position}. */
    public static String prefix(String fullName) {
        int slash = fullName.lastIndexOf('/');
        return slash < 0 ? "" : fullName.substring(0, slash);
    }

    /** Everything after the last slash: the interface of {@code joint1/position}. */
    public static String interfaceName(String fullName) {
        return fullName.substring(fullName.lastIndexOf('/') + 1);
    }
}
