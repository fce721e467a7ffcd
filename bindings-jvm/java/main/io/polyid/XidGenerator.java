package io.polyid;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** A monotonic xid generator (docs/spec §6): each ID greater than the one before. */
public final class XidGenerator extends Generator {
    private XidGenerator(GeneratorOptions options) {
        super(XID, options);
    }

    /** A generator with the default options (the process node, the system clock). */
    public static XidGenerator create() {
        return new XidGenerator(GeneratorOptions.defaults());
    }

    /** A generator with {@code options}. */
    public static XidGenerator create(GeneratorOptions options) {
        return new XidGenerator(options);
    }

    /** A generator whose first ID is greater than {@code last}. */
    public static XidGenerator resume(GeneratorOptions options, Xid last) {
        return new XidGenerator(options.resume(0, last.value()));
    }

    /** The next xid. */
    public synchronized Xid next() {
        return Xid.fromLong(Native.genNext(handle()));
    }

    /** The next {@code count} xids (consecutive, one clock read). */
    public synchronized List<Xid> nextMany(int count) {
        long[] values = Native.genNextMany(handle(), count);
        List<Xid> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(Xid.fromLong(v));
        }
        return out;
    }

    /** The generator's node, empty when it has none. */
    public OptionalInt node() {
        long n = info()[0];
        return n < 0 ? OptionalInt.empty() : OptionalInt.of((int) n);
    }
}
