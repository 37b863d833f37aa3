package org.robocell.api.controller;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A controller's {@code ros__parameters}, flattened to dotted keys ({@code gains.joint1.p}). Values are strings,
 * booleans, longs, doubles or lists of those, as the YAML file wrote them. Typed getters fail with a message that
 * names the parameter, the source and what was expected.
 */
public final class Parameters {

    private final String source;
    private final Map<String, Object> values;

    /**
     * @param source where the values came from, for error messages (e.g. {@code controllers.yaml: jtc})
     * @param values flattened values; lists must hold scalars
     */
    public Parameters(String source, Map<String, ?> values) {
        this.source = source;
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public static Parameters empty(String source) {
        return new Parameters(source, Map.of());
    }

    public String source() {
        return source;
    }

    public Set<String> keys() {
        return values.keySet();
    }

    public Map<String, Object> asMap() {
        return values;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    /** A copy with {@code key} set to {@code value}. */
    public Parameters with(String key, Object value) {
        Map<String, Object> copy = new TreeMap<>(values);
        copy.put(key, value);
        return new Parameters(source, copy);
    }

    /** The parameters under {@code prefix.}, with the prefix removed. */
    public Parameters under(String prefix) {
        Map<String, Object> sub = new TreeMap<>();
        String p = prefix + ".";
        values.forEach((k, v) -> {
            if (k.startsWith(p)) {
                sub.put(k.substring(p.length()), v);
            }
        });
        return new Parameters(source + " " + prefix, sub);
    }

    public String getString(String key) {
        Object v = require(key);
        if (v instanceof List) {
            throw wrongType(key, v, "a string");
        }
        return String.valueOf(v);
    }

    public String getString(String key, String fallback) {
        return has(key) ? getString(key) : fallback;
    }

    public double getDouble(String key) {
        Object v = require(key);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            // read as YAML reads a number: "NaN", "Infinity", "0x1p3" or "1d" are text, not numbers (.nan is NaN)
            Double d = ParameterValues.number(s);
            if (d != null) {
                return d;
            }
        }
        throw wrongType(key, v, "a number");
    }

    public double getDouble(String key, double fallback) {
        return has(key) ? getDouble(key) : fallback;
    }

    public long getLong(String key) {
        Object v = require(key);
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
            return d.longValue();
        }
        if (v instanceof String s) {
            Object parsed;
            try {
                parsed = ParameterValues.parse(s);
            } catch (IllegalArgumentException e) {
                parsed = s;
            }
            if (parsed instanceof Long l) {
                return l;
            }
        }
        throw wrongType(key, v, "an integer");
    }

    public long getLong(String key, long fallback) {
        return has(key) ? getLong(key) : fallback;
    }

    public int getInt(String key, int fallback) {
        if (!has(key)) {
            return fallback;
        }
        long l = getLong(key);
        if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
            throw wrongType(key, l, "an integer in int range");
        }
        return (int) l;
    }

    public boolean getBoolean(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s);
        }
        throw wrongType(key, v, "true or false");
    }

    public boolean getBoolean(String key, boolean fallback) {
        return has(key) ? getBoolean(key) : fallback;
    }

    public List<String> getStringList(String key) {
        Object v = require(key);
        if (!(v instanceof List<?> list)) {
            throw wrongType(key, v, "a list of strings");
        }
        List<String> out = new ArrayList<>(list.size());
        for (Object o : list) {
            if (o instanceof List || o instanceof Map) {
                throw wrongType(key, v, "a list of strings");
            }
            out.add(String.valueOf(o));
        }
        return List.copyOf(out);
    }

    public List<String> getStringList(String key, List<String> fallback) {
        return has(key) ? getStringList(key) : fallback;
    }

    public double[] getDoubleArray(String key) {
        Object v = require(key);
        if (!(v instanceof List<?> list)) {
            throw wrongType(key, v, "a list of numbers");
        }
        double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = list.get(i);
            if (o instanceof Number n) {
                out[i] = n.doubleValue();
            } else {
                throw wrongType(key, v, "a list of numbers");
            }
        }
        return out;
    }

    public double[] getDoubleArray(String key, double[] fallback) {
        return has(key) ? getDoubleArray(key) : fallback;
    }

    private Object require(String key) {
        Object v = values.get(key);
        if (v == null) {
            throw new ParameterException(key, ParameterCheck.Reason.MISSING, source,
                    "parameter '" + key + "' is required but missing");
        }
        return v;
    }

    private ParameterException wrongType(String key, Object value, String expected) {
        return new ParameterException(key, ParameterCheck.Reason.INVALID, source, "parameter '" + key + "' must be "
                + expected + ", got " + (value instanceof String ? "'" + value + "'" : String.valueOf(value)));
    }

    @Override
    public String toString() {
        return source + " " + values;
    }
}
