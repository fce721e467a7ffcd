package io.polyid;

import java.util.Objects;

/**
 * WDP structured codes and their compact IDs (docs/spec §1): {@code E.AUTH.TOKEN.001} ->
 * {@code V6a0B}, namespace hashes and full IDs ({@code 05o5h-V6a0B}). Every function takes an
 * optional {@link NamedSequences} table; without one, the standard sequence names apply.
 */
public final class Wdp {
    private Wdp() {}

    /** A parsed code: its severity and what it means, its fields, and its compact ID. */
    public record Code(char severity, String meaning, int priority, boolean blocking,
            String component, String primary, int sequence, String normalized,
            String compactId) {
        @Override
        public String toString() {
            return normalized;
        }
    }

    /** A full ID: the namespace hash and the compact ID, printed {@code nsh-compact}. */
    public record FullId(String namespaceHash, String compactId) {
        @Override
        public String toString() {
            return namespaceHash + "-" + compactId;
        }
    }

    private static long table(NamedSequences names) {
        return names == null ? 0 : names.handle();
    }

    /** The 5-character compact ID of a code. */
    public static String compactId(String code) {
        String id = compactIdOrNull(code);
        return id != null ? id : Native.compactId(code, 0); // the latter throws the precise error
    }

    /**
     * {@link #compactId(String)}, or {@code null} when the code is not a valid WDP code: for
     * callers that map an invalid row to null (a data engine's column), with no exception made
     * per invalid row.
     */
    public static String compactIdOrNull(String code) {
        long packed = Native.compactIdPacked(Objects.requireNonNull(code, "code"));
        if (packed < 0) {
            return null;
        }
        byte[] b = new byte[COMPACT_ID_LENGTH];
        Native.unpack(packed, b, 0);
        return Native.ascii(b, COMPACT_ID_LENGTH);
    }

    /** Length in bytes (ASCII) of a compact ID. */
    public static final int COMPACT_ID_LENGTH = 5;

    /**
     * {@link #compactId(String)} of a code given as UTF-8 bytes ({@code code[offset..offset+length]}),
     * its {@value #COMPACT_ID_LENGTH} ASCII bytes written to {@code out[outOffset..]}: for
     * callers that hold text as bytes (Spark's {@code UTF8String}, Arrow, Parquet), with no
     * {@code String} in between. Bytes that are not UTF-8 fail as the core's
     * {@code INVALID_UTF8}; a range outside either array throws
     * {@link IndexOutOfBoundsException}.
     */
    public static void compactIdUtf8(byte[] code, int offset, int length, byte[] out, int outOffset) {
        Objects.checkFromIndexSize(offset, length, Objects.requireNonNull(code, "code").length);
        Objects.checkFromIndexSize(outOffset, COMPACT_ID_LENGTH, Objects.requireNonNull(out, "out").length);
        long packed = Native.compactIdUtf8(code, offset, length, false);
        if (packed < 0) {
            Native.compactIdUtf8(code, offset, length, true); // throws the precise error
        }
        Native.unpack(packed, out, outOffset);
    }

    /**
     * {@link #compactIdUtf8}, returning {@code false} (and writing nothing) when the bytes are
     * not a valid WDP code instead of throwing; a range outside either array still throws
     * {@link IndexOutOfBoundsException}.
     */
    public static boolean tryCompactIdUtf8(byte[] code, int offset, int length, byte[] out, int outOffset) {
        Objects.checkFromIndexSize(offset, length, Objects.requireNonNull(code, "code").length);
        Objects.checkFromIndexSize(outOffset, COMPACT_ID_LENGTH, Objects.requireNonNull(out, "out").length);
        long packed = Native.compactIdUtf8(code, offset, length, false);
        if (packed < 0) {
            return false;
        }
        Native.unpack(packed, out, outOffset);
        return true;
    }

    /** The compact ID of a code whose sequence may be one of {@code names}. */
    public static String compactId(String code, NamedSequences names) {
        synchronized (lock(names)) {
            return Native.compactId(Objects.requireNonNull(code, "code"), table(names));
        }
    }

    /** The compact ID as {@code profile} computes it (e.g. {@link Profile#WADDLING}). */
    public static String compactId(String code, Profile profile) {
        return Native.compactIdAs(Objects.requireNonNull(code, "code"), profile.id(), 0);
    }

    /** The normalized code (uppercase, numeric sequence), e.g. {@code E.AUTH.TOKEN.001}. */
    public static String normalizeCode(String code) {
        return normalizeCode(code, null);
    }

    /** The normalized code, named sequences read from {@code names}. */
    public static String normalizeCode(String code, NamedSequences names) {
        synchronized (lock(names)) {
            return Native.normalizeCode(Objects.requireNonNull(code, "code"), table(names));
        }
    }

    /** Parses and validates a code. */
    public static Code parseCode(String code) {
        return parseCode(code, null);
    }

    /** Parses and validates a code, named sequences read from {@code names}. */
    public static Code parseCode(String code, NamedSequences names) {
        String[] f;
        synchronized (lock(names)) {
            f = Native.parseCode(Objects.requireNonNull(code, "code"), table(names));
        }
        return new Code(f[0].charAt(0), f[1], Integer.parseInt(f[2]), Boolean.parseBoolean(f[3]),
                f[4], f[5], Integer.parseInt(f[6]), f[7], f[8]);
    }

    /** The 5-character hash of a namespace ({@code [a-z][a-z0-9_]{0,15}}). */
    public static String namespaceHash(String namespace) {
        return Native.namespaceHash(Objects.requireNonNull(namespace, "namespace"));
    }

    /** The full ID {@code namespaceHash-compactId} of a code in a namespace. */
    public static String fullId(String namespace, String code) {
        return fullId(namespace, code, null);
    }

    /** The full ID, named sequences read from {@code names}. */
    public static String fullId(String namespace, String code, NamedSequences names) {
        synchronized (lock(names)) {
            return Native.fullId(Objects.requireNonNull(namespace, "namespace"),
                    Objects.requireNonNull(code, "code"), table(names));
        }
    }

    /** Reads a full ID's two halves. */
    public static FullId parseFullId(String id) {
        String[] f = Native.parseFullId(Objects.requireNonNull(id, "id"));
        return new FullId(f[0], f[1]);
    }

    private static final Object NO_LOCK = new Object();

    // A table is read under its own lock, so that a concurrent put or close never frees or
    // changes it during a call.
    private static Object lock(NamedSequences names) {
        return names == null ? NO_LOCK : names;
    }
}
