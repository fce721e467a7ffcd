package io.polyid;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Every polyid failure: the stable {@link #code()} that every polyid runtime shares (e.g.
 * {@code INVALID_CHARACTER}, the same string as Python's {@code PolyIdError.code}), the core's
 * message (bounded: it never echoes unbounded input) and, where the error has them, the
 * offending character and its index, the found and expected lengths or check values, or the
 * number found out of its range and the range's bounds.
 */
public class PolyIdException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final long index;
    private final String character;
    private final boolean hasFoundExpected;
    private final long found;
    private final long expected;
    private final boolean hasRange;
    private final long min;
    private final long max;

    /** An error with a code and a message only (host-side checks, such as a too-wide integer). */
    public PolyIdException(String code, String message) {
        this(code, message, -1, null, false, 0, 0, false, 0, 0);
    }

    // The native library's constructor (bindings-jvm/src/jvm.rs, EXCEPTION_CTOR).
    PolyIdException(String code, String message, long index, String character,
            boolean hasFoundExpected, long found, long expected, boolean hasRange, long min, long max) {
        super(message);
        this.code = code;
        this.index = index;
        this.character = character;
        this.hasFoundExpected = hasFoundExpected;
        this.found = found;
        this.expected = expected;
        this.hasRange = hasRange;
        this.min = min;
        this.max = max;
    }

    /** The stable error code, e.g. {@code INVALID_LENGTH}. */
    public String code() {
        return code;
    }

    /** The index of the offending character, for errors that name one. */
    public OptionalInt index() {
        return index < 0 ? OptionalInt.empty() : OptionalInt.of((int) index);
    }

    /** The offending character, for errors that name one. */
    public Optional<String> character() {
        return Optional.ofNullable(character);
    }

    /**
     * The length or check value found, for length and check-symbol errors; for
     * {@code OUT_OF_RANGE}, the number given (saturated to a {@code long}, as C and Go give it;
     * the message holds it exactly).
     */
    public OptionalLong found() {
        return hasFoundExpected || hasRange ? OptionalLong.of(found) : OptionalLong.empty();
    }

    /** The length or check value expected, for length and check-symbol errors. */
    public OptionalLong expected() {
        return hasFoundExpected ? OptionalLong.of(expected) : OptionalLong.empty();
    }

    /** {@code OUT_OF_RANGE}: the smallest accepted value (saturated to a {@code long}). */
    public OptionalLong min() {
        return hasRange ? OptionalLong.of(min) : OptionalLong.empty();
    }

    /** {@code OUT_OF_RANGE}: the largest accepted value (saturated to a {@code long}). */
    public OptionalLong max() {
        return hasRange ? OptionalLong.of(max) : OptionalLong.empty();
    }
}
