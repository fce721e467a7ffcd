package io.polyid;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A TID (docs/spec §3): signed microseconds since 1970 shifted left by 10 bits, or'ed with a
 * 10-bit clock id, written as 13 sortable base32 symbols ({@link #toString()}) or in the dashed
 * display form ({@link #display()}).
 */
public final class Tid implements Comparable<Tid> {
    private final long value;

    private Tid(long value) {
        this.value = value;
    }

    /** A TID of microseconds since 1970 and a clock id (0-1023). */
    public static Tid fromParts(long micros, int clockId) {
        return new Tid(Native.tidFromParts(micros, clockId));
    }

    /** A TID of an instant (microseconds, truncated toward the past) and a clock id. */
    public static Tid fromInstant(Instant t, int clockId) {
        long micros = Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L),
                t.getNano() / 1000);
        return fromParts(micros, clockId);
    }

    // A value the core produced (a generator's), so already a TID.
    static Tid trusted(long value) {
        return new Tid(value);
    }

    /** The TID of a 64-bit value ({@code micros << 10 | clockId}). */
    public static Tid fromLong(long value) {
        return new Tid(Native.tidFromLong(value));
    }

    /** Reads the 13-symbol text or the dashed display form. */
    public static Tid parse(String text) {
        return new Tid(Native.tidParse(Objects.requireNonNull(text, "text")));
    }

    /** Reads a TID as {@code profile} defines it (e.g. {@link Profile#ATPROTO}). */
    public static Tid parse(String text, Profile profile) {
        return new Tid(Native.tidParseAs(Objects.requireNonNull(text, "text"), profile.id()));
    }

    /** The next TID of the process-wide generator (its node from {@code POLYID_NODE}). */
    public static Tid generate() {
        return new Tid(Native.tidGenerate());
    }

    /** The microsecond range of the TIDs whose text starts with {@code prefix}. */
    public static Optional<Range> prefixRange(String prefix) {
        return Range.of(Native.tidPrefixRange(Objects.requireNonNull(prefix, "prefix")));
    }

    /** The 64-bit value. */
    public long value() {
        return value;
    }

    /** Microseconds since 1970. */
    public long micros() {
        return value >> 10;
    }

    /** The clock id (0-1023). */
    public int clockId() {
        return (int) (value & 1023);
    }

    /** The time. */
    public Instant instant() {
        long micros = micros();
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    /** The dashed display form, e.g. {@code 3kxn-lhr-3gxq-23}. */
    public String display() {
        return Native.tidString(value, true);
    }

    @Override
    public String toString() {
        return Native.tidString(value, false);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tid t && t.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public int compareTo(Tid o) {
        return Long.compare(value, o.value);
    }
}
