package org.robocell.api.hardware;

/**
 * The data type of an interface. Every value travels as a double in the slot table; the type fixes the default
 * initial value (ros2_control: NaN for floating point, false for bool, the maximum for integers) and how a written
 * value is coerced.
 */
public enum DataType {
    DOUBLE("double", Double.NaN),
    FLOAT32("float32", Double.NaN),
    BOOL("bool", 0.0),
    UINT8("uint8", 255),
    INT8("int8", 127),
    UINT16("uint16", 65535),
    INT16("int16", 32767),
    UINT32("uint32", 4294967295.0),
    INT32("int32", 2147483647);

    private final String urdfName;
    private final double defaultValue;

    DataType(String urdfName, double defaultValue) {
        this.urdfName = urdfName;
        this.defaultValue = defaultValue;
    }

    public String urdfName() {
        return urdfName;
    }

    /** The value an interface of this type starts with when no {@code initial_value} is given. */
    public double defaultValue() {
        return defaultValue;
    }

    public boolean isFloatingPoint() {
        return this == DOUBLE || this == FLOAT32;
    }

    public static DataType fromUrdf(String name) {
        for (DataType t : values()) {
            if (t.urdfName.equals(name)) {
                return t;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return urdfName;
    }
}
