package io.polyid;

import java.time.Instant;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * An EUID (docs/spec §4): a 128-bit value (held as two {@code long} halves) with Unix
 * milliseconds, an optional extension (0-32767), random padding and 64 random bits,
 * written as 27 symbols ending in a check symbol. Value order is time order.
 */
public final class Euid implements Comparable<Euid> {
    private final long hi;
    private final long lo;

    private Euid(long hi, long lo) {
        this.hi = hi;
        this.lo = lo;
    }

    private static Euid of(long[] halves) {
        return new Euid(halves[0], halves[1]);
    }

    private static long[] halves() {
        return new long[2];
    }

    /**
     * An EUID of its parts: Unix milliseconds, an extension ({@code null}: none), the random
     * padding above the extension, and the low 64 random bits.
     */
    public static Euid fromParts(long unixMs, Integer extension, int padding, long random) {
        long[] h = halves();
        Native.euidFromParts(unixMs, extension == null ? Native.NONE : extension, padding, random, h);
        return of(h);
    }

    /** The EUID of its high and low 64 bits (every pair is one). */
    public static Euid fromHalves(long hi, long lo) {
        return new Euid(hi, lo);
    }

    /** The EUID of its 16 big-endian bytes. */
    public static Euid fromBytes(byte[] bytes) {
        long[] h = halves();
        Native.euidFromBytes(Objects.requireNonNull(bytes, "bytes"), h);
        return of(h);
    }

    /** Reads the 27-symbol text (the check symbol is checked). */
    public static Euid parse(String text) {
        long[] h = halves();
        Native.euidParse(Objects.requireNonNull(text, "text"), h);
        return of(h);
    }

    /** Reads an EUID as {@code profile} defines it (e.g. {@link Profile#EUID}). */
    public static Euid parse(String text, Profile profile) {
        long[] h = halves();
        Native.euidParseAs(Objects.requireNonNull(text, "text"), profile.id(), h);
        return of(h);
    }

    /** A new EUID for now, with no extension. */
    public static Euid generate() {
        long[] h = halves();
        Native.euidGenerate(Native.NONE, h);
        return of(h);
    }

    /** A new EUID for now with an extension (0-32767). */
    public static Euid generate(int extension) {
        long[] h = halves();
        Native.euidGenerate(extension, h);
        return of(h);
    }

    /** A new EUID for {@code unixMs} with fresh random bits. */
    public static Euid generateAt(long unixMs, Integer extension) {
        long[] h = halves();
        Native.euidGenerateAt(unixMs, extension == null ? Native.NONE : extension, h);
        return of(h);
    }

    /** The next EUID after this one: now, or this millisecond's next value. */
    public Euid next() {
        long[] h = halves();
        Native.euidNext(hi, lo, h);
        return of(h);
    }

    /** The high 64 bits. */
    public long hi() {
        return hi;
    }

    /** The low 64 bits (the random part). */
    public long lo() {
        return lo;
    }

    /** The 16 big-endian bytes. */
    public byte[] bytes() {
        byte[] out = new byte[16];
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) (hi >>> (56 - 8 * i));
            out[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return out;
    }

    // The high half's layout (docs/spec §4, as core/src/euid reads it): the milliseconds from
    // bit 19 up, the extension under its padding in bits 4-18, the extension's length L in
    // bits 0-3.
    private int extensionLength() {
        return (int) (hi & 0xf);
    }

    /** The Unix time in milliseconds. */
    public long unixMillis() {
        return hi >>> 19;
    }

    /** The time. */
    public Instant instant() {
        return Instant.ofEpochMilli(unixMillis());
    }

    /** The extension, empty when there is none. */
    public OptionalInt extension() {
        int len = extensionLength();
        return len == 0 ? OptionalInt.empty()
                : OptionalInt.of((int) ((hi >>> 4) & ((1L << len) - 1)));
    }

    /** The random padding bits above the extension. */
    public int padding() {
        return (int) (((hi >>> 4) & 0x7fff) >>> extensionLength());
    }

    /** The check value (0-126). */
    public int checkmod() {
        return Native.euidCheckmod(hi, lo);
    }

    /** The 27-symbol text, with the check symbol ({@code true}) or the "no check" one. */
    public String encode(boolean checkmod) {
        return Native.euidString(hi, lo, checkmod);
    }

    @Override
    public String toString() {
        return Native.euidString(hi, lo, true);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Euid e && e.hi == hi && e.lo == lo;
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(hi) + Long.hashCode(lo);
    }

    @Override
    public int compareTo(Euid o) {
        int c = Long.compareUnsigned(hi, o.hi);
        return c != 0 ? c : Long.compareUnsigned(lo, o.lo);
    }
}
