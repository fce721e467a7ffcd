package io.polyid;

import java.util.Objects;
import java.util.Optional;

/** A 64-bit value as 11 Base58 symbols (docs/spec §2); the value is unsigned. */
public final class Uid11 implements Comparable<Uid11> {
    private final long value;

    private Uid11(long value) {
        this.value = value;
    }

    /** The uid11 of an unsigned 64-bit value (every {@code long}'s bits are one). */
    public static Uid11 of(long value) {
        return new Uid11(value);
    }

    /** Reads the 11-symbol text. */
    public static Uid11 parse(String text) {
        return new Uid11(Native.uid11Decode(Objects.requireNonNull(text, "text")));
    }

    /** The 11-symbol text of an unsigned 64-bit value. */
    public static String encode(long value) {
        return Native.uid11String(value);
    }

    /** The unsigned values whose text starts with {@code prefix}; empty when none does. */
    public static Optional<Range> prefixRange(String prefix) {
        return Range.of(Native.uid11PrefixRange(Objects.requireNonNull(prefix, "prefix")));
    }

    /** The value's bits (unsigned: {@link Long#toUnsignedString(long)} prints it). */
    public long value() {
        return value;
    }

    @Override
    public String toString() {
        return Native.uid11String(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Uid11 u && u.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public int compareTo(Uid11 o) {
        return Long.compareUnsigned(value, o.value);
    }
}
