package io.polyid;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** A monotonic TID generator (docs/spec §6): each ID greater than the one before. */
public final class TidGenerator extends Generator {
    private TidGenerator(GeneratorOptions options) {
        super(TID, options);
    }

    /** A generator with the default options (the process node, the system clock). */
    public static TidGenerator create() {
        return new TidGenerator(GeneratorOptions.defaults());
    }

    /** A generator with {@code options}. */
    public static TidGenerator create(GeneratorOptions options) {
        return new TidGenerator(options);
    }

    /** A generator with an explicit clock id (0-1023) instead of a node. */
    public static TidGenerator create(GeneratorOptions options, int clockId) {
        return new TidGenerator(options.extra(clockId));
    }

    /** A generator whose first ID is greater than {@code last}. */
    public static TidGenerator resume(GeneratorOptions options, Integer clockId, Tid last) {
        GeneratorOptions o = options.resume(0, last.value());
        return new TidGenerator(clockId == null ? o : o.extra(clockId));
    }

    /** The next TID. */
    public synchronized Tid next() {
        return Tid.trusted(Native.genNext(handle()));
    }

    /** The next {@code count} TIDs (consecutive microseconds, one clock read). */
    public synchronized List<Tid> nextMany(int count) {
        long[] values = Native.genNextMany(handle(), count);
        List<Tid> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(Tid.trusted(v));
        }
        return out;
    }

    /** The generator's node, empty when it has none. */
    public OptionalInt node() {
        long n = info()[0];
        return n < 0 ? OptionalInt.empty() : OptionalInt.of((int) n);
    }

    /** The clock id in the TIDs. */
    public int clockId() {
        return (int) info()[1];
    }
}
