package org.robocell.driver.kuka.rsi.protocol;

/**
 * Decimal numbers to and from ASCII bytes without creating objects: the RSI hot path must not allocate, and
 * {@code Double.parseDouble} needs a String.
 */
final class AsciiNumbers {

    /** Exactly representable powers of ten (10^22 is the largest exact double power of ten). */
    private static final double[] EXACT_POW10 = new double[23];
    private static final long[] LONG_POW10 = new long[19];
    /** 2^53: mantissas below it convert to double exactly. */
    private static final long EXACT_MANTISSA = 1L << 53;
    /** Largest magnitude the writer prints; beyond it the fixed-point scaling would overflow a long. */
    static final double MAX_WRITABLE = 9.0e12;

    static {
        double d = 1.0;
        for (int i = 0; i < EXACT_POW10.length; i++) {
            EXACT_POW10[i] = d;
            d *= 10.0;
        }
        long l = 1L;
        for (int i = 0; i < LONG_POW10.length; i++) {
            LONG_POW10[i] = l;
            l *= 10L;
        }
    }

    private AsciiNumbers() {
    }

    /**
     * Parses {@code [-+]digits[.digits][(e|E)[-+]digits]}, surrounded by optional blanks, in {@code b[from, to)}.
     *
     * @return the value, or NaN when the text is not such a number or overflows a double (neither is ever a valid RSI
     *         value)
     */
    static double parse(byte[] b, int from, int to) {
        int i = from;
        while (i < to && isBlank(b[i])) {
            i++;
        }
        while (to > i && isBlank(b[to - 1])) {
            to--;
        }
        if (i >= to) {
            return Double.NaN;
        }
        boolean negative = false;
        if (b[i] == '-' || b[i] == '+') {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int exponent = 0;
        int significant = 0;
        while (i < to && isDigit(b[i])) {
            if (significant < 18) {
                mantissa = mantissa * 10 + (b[i] - '0');
                if (mantissa != 0) {
                    significant++;
                }
            } else {
                exponent++;
            }
            digits++;
            i++;
        }
        if (i < to && b[i] == '.') {
            i++;
            while (i < to && isDigit(b[i])) {
                if (significant < 18) {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    if (mantissa != 0) {
                        significant++;
                    }
                    exponent--;
                }
                digits++;
                i++;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < to && (b[i] == '-' || b[i] == '+')) {
                negativeExponent = b[i] == '-';
                i++;
            }
            int e = 0;
            int exponentDigits = 0;
            while (i < to && isDigit(b[i])) {
                if (e < 10_000) {
                    e = e * 10 + (b[i] - '0');
                }
                exponentDigits++;
                i++;
            }
            if (exponentDigits == 0) {
                return Double.NaN;
            }
            exponent += negativeExponent ? -e : e;
        }
        if (i != to) {
            return Double.NaN;
        }
        double value = scale(mantissa, exponent);
        if (Double.isInfinite(value)) {
            return Double.NaN; // "1e999" is text for a number no axis can have
        }
        return negative ? -value : value;
    }

    private static double scale(long mantissa, int exponent) {
        if (mantissa == 0) {
            return 0.0;
        }
        if (mantissa < EXACT_MANTISSA && exponent >= -22 && exponent <= 22) {
            // one correctly rounded operation on exact operands: the result is correctly rounded
            return exponent < 0 ? mantissa / EXACT_POW10[-exponent] : mantissa * EXACT_POW10[exponent];
        }
        return mantissa * Math.pow(10.0, exponent);
    }

    /**
     * Writes {@code value} in fixed-point notation with {@code decimals} digits after the point (none and no point
     * when 0), rounding half away from zero, as C's {@code %.6f} does for RSI. Negative zero prints as zero.
     *
     * @return the position after the last byte written
     */
    static int writeFixed(byte[] out, int pos, double value, int decimals) {
        long scale = LONG_POW10[decimals];
        long scaled = Math.round(Math.abs(value) * scale);
        if (value < 0 && scaled != 0) {
            out[pos++] = '-';
        }
        pos = writeUnsigned(out, pos, scaled / scale);
        if (decimals > 0) {
            out[pos++] = '.';
            long fraction = scaled % scale;
            for (int d = decimals - 1; d >= 0; d--) {
                out[pos++] = (byte) ('0' + (fraction / LONG_POW10[d]) % 10);
            }
        }
        return pos;
    }

    /** The most bytes {@link #writeFixed} writes for a value within {@link #MAX_WRITABLE}. */
    static int maxFixedLength(int decimals) {
        return 1 + 13 + (decimals > 0 ? 1 + decimals : 0);
    }

    static int maxDecimals() {
        return 6;
    }

    private static int writeUnsigned(byte[] out, int pos, long v) {
        if (v == 0) {
            out[pos++] = '0';
            return pos;
        }
        int digits = 1;
        while (digits < 19 && v >= LONG_POW10[digits]) {
            digits++;
        }
        for (int d = digits - 1; d >= 0; d--) {
            out[pos++] = (byte) ('0' + (v / LONG_POW10[d]) % 10);
        }
        return pos;
    }

    static boolean isBlank(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
