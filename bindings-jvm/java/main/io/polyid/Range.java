package io.polyid;

/**
 * An inclusive range of two {@code long}s: what a prefix search covers. For uid11 the
 * bounds are unsigned 64-bit values (compare them with {@link Long#compareUnsigned}).
 */
public record Range(long min, long max) {
    static java.util.Optional<Range> of(long[] pair) {
        return pair == null ? java.util.Optional.empty()
                : java.util.Optional.of(new Range(pair[0], pair[1]));
    }
}
