package io.polyid;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** A strictly monotonic EUID generator (docs/spec §6). EUIDs carry no node. */
public final class EuidGenerator extends Generator {
    private EuidGenerator(GeneratorOptions options) {
        super(EUID, options);
    }

    /** A generator with the default options and no extension. */
    public static EuidGenerator create() {
        return new EuidGenerator(GeneratorOptions.defaults());
    }

    /** A generator with {@code options} and an extension ({@code null}: none). */
    public static EuidGenerator create(GeneratorOptions options, Integer extension) {
        return new EuidGenerator(extension == null ? options : options.extra(extension));
    }

    /** A generator whose first ID is greater than {@code last}. */
    public static EuidGenerator resume(GeneratorOptions options, Integer extension, Euid last) {
        GeneratorOptions o = options.resume(last.hi(), last.lo());
        return new EuidGenerator(extension == null ? o : o.extra(extension));
    }

    /** The next EUID. */
    public synchronized Euid next() {
        long[] v = Native.genNextMany(handle(), 1);
        return Euid.fromHalves(v[0], v[1]);
    }

    /** The next {@code count} EUIDs. */
    public synchronized List<Euid> nextMany(int count) {
        long[] v = Native.genNextMany(handle(), count);
        List<Euid> out = new ArrayList<>(v.length / 2);
        for (int i = 0; i + 1 < v.length; i += 2) {
            out.add(Euid.fromHalves(v[i], v[i + 1]));
        }
        return out;
    }

    /** The extension in the EUIDs, empty when there is none. */
    public OptionalInt extension() {
        long e = info()[1];
        return e < 0 ? OptionalInt.empty() : OptionalInt.of((int) e);
    }
}
