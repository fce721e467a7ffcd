package io.polyid;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An xid (docs/spec §2): an unsigned 64-bit value whose top 42 bits are milliseconds since
 * the xid epoch and whose low 22 bits are random (or a generator's node and counter), written
 * as 11 uid11 symbols. Value order is time order and text order.
 */
public final class Xid implements Comparable<Xid> {
    /** The Unix millisecond of xid time 0 (docs/spec §2). */
    public static final long EPOCH_MS = 1_321_009_871_111L;
    private static final int RANDOM_BITS = 22;
    private static final long RANDOM_MASK = (1L << RANDOM_BITS) - 1;

    private final long value;

    private Xid(long value) {
        this.value = value;
    }

    /** The xid of a 64-bit value (every {@code long}'s bits are one). */
    public static Xid fromLong(long value) {
        return new Xid(value);
    }

    /** An xid of a Unix time in milliseconds and 22 random bits. */
    public static Xid fromParts(long unixMs, int random) {
        return new Xid(Native.xidFromParts(unixMs, random));
    }

    /** Reads the 11-symbol text. */
    public static Xid parse(String text) {
        return new Xid(Native.xidParse(Objects.requireNonNull(text, "text")));
    }

    /** The next xid of the process-wide generator (its node from {@code POLYID_NODE}). */
    public static Xid generate() {
        return new Xid(Native.xidGenerate());
    }

    /** An xid for {@code unixMs} with fresh random bits (not checked against other IDs). */
    public static Xid generateAt(long unixMs) {
        return new Xid(Native.xidGenerateAt(unixMs));
    }

    /** The Unix-millisecond range of the xids whose text starts with {@code prefix}. */
    public static Optional<Range> prefixTimeRange(String prefix) {
        return Range.of(Native.xidPrefixTimeRange(Objects.requireNonNull(prefix, "prefix")));
    }

    /** The 64-bit value (unsigned). */
    public long value() {
        return value;
    }

    /** The Unix time in milliseconds. */
    public long unixMillis() {
        return (value >>> RANDOM_BITS) + EPOCH_MS;
    }

    /** The 22 low bits. */
    public int random() {
        return (int) (value & RANDOM_MASK);
    }

    /** The time. */
    public Instant instant() {
        return Instant.ofEpochMilli(unixMillis());
    }

    @Override
    public String toString() {
        return Native.uid11String(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Xid x && x.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public int compareTo(Xid o) {
        return Long.compareUnsigned(value, o.value);
    }
}
