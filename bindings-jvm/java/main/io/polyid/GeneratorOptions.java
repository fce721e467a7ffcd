package io.polyid;

/**
 * How a generator is built (docs/spec §6), the same options as every polyid runtime's: a
 * node, a seed (replays: the same seed and clock readings give the same IDs everywhere), the
 * most the IDs may run ahead of the clock, what to do when the clock is behind, a manual clock,
 * and an ID to resume after. Immutable: each method returns a new set.
 */
public final class GeneratorOptions {
    // The layout of Native.genNew's long[] (bindings-jvm/src/gen.rs).
    static final int MANUAL_CLOCK = 1;
    static final int NODE = 2;
    static final int SEED = 4;
    static final int MAX_LEAD = 8;
    static final int WAIT = 16;
    static final int RESUME = 32;

    private final long[] o;
    // The policy as named (onClockBehind), read when the generator is built so that the
    // options fail in their order (docs/spec §6.5); null: the WAIT flag says.
    private final String policy;

    private GeneratorOptions(long[] o, String policy) {
        this.o = o;
        this.policy = policy;
    }

    /** The defaults: the process node, the system clock, fresh random bits. */
    public static GeneratorOptions defaults() {
        return new GeneratorOptions(new long[] {0, 0, 0, 0, 0, 0, 0, Native.NONE}, null);
    }

    private GeneratorOptions with(int flag, int slot, long value) {
        long[] c = o.clone();
        c[0] |= flag;
        if (slot > 0) {
            c[slot] = value;
        }
        return new GeneratorOptions(c, flag == WAIT ? null : policy);
    }

    /** The generator's own node (0-959), instead of the process node (xid, TID). */
    public GeneratorOptions node(int node) {
        return with(NODE, 2, node);
    }

    /** A seed for the random bits (64 bits). */
    public GeneratorOptions seed(long seed) {
        return with(SEED, 3, seed);
    }

    /** The most milliseconds the IDs may run ahead of the clock. */
    public GeneratorOptions maxLeadMillis(long ms) {
        return with(MAX_LEAD, 4, ms);
    }

    /** Wait for the clock instead of failing with {@code CLOCK_BEHIND}. */
    public GeneratorOptions waitWhenClockBehind() {
        return with(WAIT, 0, 0);
    }

    /**
     * The policy by name, as every polyid runtime spells it: {@code "fail"} (the default) or
     * {@code "wait"}; any other is {@code INVALID_ARGUMENT} when a generator is built with
     * these options, after the node's and the lead's checks (docs/spec §6.5).
     */
    public GeneratorOptions onClockBehind(String policy) {
        long[] c = o.clone();
        c[0] &= ~WAIT;
        return new GeneratorOptions(c, java.util.Objects.requireNonNull(policy, "policy"));
    }

    /** A manual clock standing at {@code micros} (set it with {@code setClockMicros}). */
    public GeneratorOptions manualClock(long micros) {
        return with(MANUAL_CLOCK, 1, micros);
    }

    GeneratorOptions resume(long hi, long lo) {
        GeneratorOptions r = with(RESUME, 5, hi);
        r.o[6] = lo;
        return r;
    }

    GeneratorOptions extra(int value) {
        long[] c = o.clone();
        c[7] = value;
        return new GeneratorOptions(c, policy);
    }

    long[] array() {
        return o.clone();
    }

    String policy() {
        return policy;
    }
}
