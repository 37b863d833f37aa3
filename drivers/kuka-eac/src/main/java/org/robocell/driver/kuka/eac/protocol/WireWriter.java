package org.robocell.driver.kuka.eac.protocol;

/** Writes protobuf wire format into a byte array without allocating. The caller sizes the array. */
final class WireWriter {

    private byte[] buf;
    private int pos;

    void reset(byte[] buf) {
        this.buf = buf;
        this.pos = 0;
    }

    int position() {
        return pos;
    }

    void tag(int field, int wireType) {
        varint((long) field << 3 | wireType);
    }

    void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    void fixed64(long v) {
        for (int i = 0; i < 8; i++) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
    }

    /** A double field, left out when +0.0 (proto3 writes no default values; -0.0 is written, as protobuf-java does). */
    void doubleField(int field, double v) {
        long bits = Double.doubleToRawLongBits(v);
        if (bits != 0) {
            tag(field, WireReader.FIXED64);
            fixed64(bits);
        }
    }

    static int doubleFieldSize(int field, double v) {
        return Double.doubleToRawLongBits(v) == 0 ? 0 : varintSize((long) field << 3) + 8;
    }

    /** A varint field, left out when 0 (proto3 writes no default values). */
    void varintField(int field, long v) {
        if (v != 0) {
            tag(field, WireReader.VARINT);
            varint(v);
        }
    }

    /** A {@code repeated double} field, packed, left out when {@code count} is 0. */
    void packedDoubles(int field, double[] values, int count) {
        if (count == 0) {
            return;
        }
        tag(field, WireReader.LENGTH_DELIMITED);
        varint(8L * count);
        for (int i = 0; i < count; i++) {
            fixed64(Double.doubleToRawLongBits(values[i]));
        }
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    /** Bytes of a packed double field of {@code count} values (0 when left out). */
    static int packedDoublesSize(int field, int count) {
        if (count == 0) {
            return 0;
        }
        return varintSize((long) field << 3) + varintSize(8L * count) + 8 * count;
    }

    static int varintFieldSize(int field, long v) {
        return v == 0 ? 0 : varintSize((long) field << 3) + varintSize(v);
    }

    /** Bytes of a length-delimited field around {@code body} bytes. */
    static int messageFieldSize(int field, int body) {
        return varintSize((long) field << 3) + varintSize(body) + body;
    }
}
