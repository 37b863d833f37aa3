package org.robocell.driver.kuka.eac.protocol;

/**
 * Reads protobuf wire format from a byte array without allocating: varints, fixed 64-bit values, length-delimited
 * fields, and skipping what a reader does not know. A read past the limit or a malformed varint sets
 * {@link #malformed()} and returns 0; the reader is then stuck at its limit, so a caller's loop ends.
 */
final class WireReader {

    static final int VARINT = 0;
    static final int FIXED64 = 1;
    static final int LENGTH_DELIMITED = 2;
    static final int FIXED32 = 5;

    private byte[] buf;
    private int pos;
    private int limit;
    private boolean malformed;

    void reset(byte[] buf, int offset, int length) {
        this.buf = buf;
        this.pos = offset;
        this.limit = offset + length;
        this.malformed = false;
    }

    boolean hasMore() {
        return pos < limit;
    }

    boolean malformed() {
        return malformed;
    }

    int position() {
        return pos;
    }

    int limit() {
        return limit;
    }

    /** Narrows the reader to a nested message; {@link #popLimit} restores the outer limit. */
    int pushLimit(int length) {
        int old = limit;
        if (length < 0 || length > limit - pos) {
            fail();
            return old;
        }
        limit = pos + length;
        return old;
    }

    void popLimit(int outer) {
        if (!malformed) {
            limit = outer;
        }
    }

    /** The next tag, 0 at the end (or when malformed). Field number 0 is malformed. */
    int readTag() {
        if (pos >= limit) {
            return 0;
        }
        long tag = readVarint();
        if (malformed || (tag >>> 3) == 0 || tag > 0xFFFF_FFFFL) {
            fail();
            return 0;
        }
        return (int) tag;
    }

    long readVarint() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= limit) {
                fail();
                return 0;
            }
            byte b = buf[pos++];
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        fail();
        return 0;
    }

    long readFixed64() {
        if (limit - pos < 8) {
            fail();
            return 0;
        }
        long v = (buf[pos] & 0xFFL) | (buf[pos + 1] & 0xFFL) << 8 | (buf[pos + 2] & 0xFFL) << 16
                | (buf[pos + 3] & 0xFFL) << 24 | (buf[pos + 4] & 0xFFL) << 32 | (buf[pos + 5] & 0xFFL) << 40
                | (buf[pos + 6] & 0xFFL) << 48 | (buf[pos + 7] & 0xFFL) << 56;
        pos += 8;
        return v;
    }

    double readDouble() {
        return Double.longBitsToDouble(readFixed64());
    }

    /** The length of a length-delimited field, checked against what is left. */
    int readLength() {
        long n = readVarint();
        if (malformed || n < 0 || n > limit - pos) {
            fail();
            return 0;
        }
        return (int) n;
    }

    /** Skips the value of a field of this wire type (groups, types 3 and 4, are malformed in proto3). */
    void skip(int wireType) {
        switch (wireType) {
            case VARINT -> readVarint();
            case FIXED64 -> advance(8);
            case LENGTH_DELIMITED -> advance(readLength());
            case FIXED32 -> advance(4);
            default -> fail();
        }
    }

    /**
     * Reads a {@code repeated double} field's value into {@code into} from {@code at} on, packed (the value is the
     * whole run) or not (one double); answers the count after it, or -1 when more than {@code into} holds arrive.
     */
    int readDoubles(int wireType, double[] into, int at) {
        if (wireType == FIXED64) {
            if (at >= into.length) {
                readFixed64();
                return -1;
            }
            into[at] = readDouble();
            return at + 1;
        }
        if (wireType != LENGTH_DELIMITED) {
            fail();
            return at;
        }
        int length = readLength();
        if (length % 8 != 0) {
            fail();
            return at;
        }
        int n = length / 8;
        if (at + n > into.length) {
            advance(length);
            return -1;
        }
        for (int i = 0; i < n; i++) {
            into[at + i] = readDouble();
        }
        return at + n;
    }

    private void advance(int n) {
        if (n < 0 || n > limit - pos) {
            fail();
            return;
        }
        pos += n;
    }

    private void fail() {
        malformed = true;
        pos = limit;
    }
}
