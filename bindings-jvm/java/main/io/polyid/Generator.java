package io.polyid;

import java.lang.ref.Cleaner;

/**
 * What the generators share: the native generator handle, freed once by {@link #close()} or
 * by a cleaner when the generator was dropped. Calls are serialized with {@code close}, so a
 * call after it fails with {@code NULL_POINTER} instead of reaching freed memory; the core's
 * generator is itself safe to share between threads.
 */
abstract class Generator implements AutoCloseable {
    static final int XID = 0;
    static final int TID = 1;
    static final int EUID = 2;

    private final State state;
    private final Cleaner.Cleanable cleanable;

    private static final class State implements Runnable {
        long handle;

        State(long handle) {
            this.handle = handle;
        }

        @Override
        public synchronized void run() {
            long h = handle;
            handle = 0;
            Native.genFree(h);
        }
    }

    Generator(int family, GeneratorOptions options) {
        state = new State(Native.genNew(family, options.array(), options.policy()));
        cleanable = NamedSequences.CLEANER.register(this, state);
    }

    // Callers hold this object's lock.
    final long handle() {
        long h = state.handle;
        if (h == 0) {
            throw new PolyIdException("NULL_POINTER", "generator: used after close()");
        }
        return h;
    }

    /** Moves a manual clock ({@link GeneratorOptions#manualClock}) to {@code micros}. */
    public final synchronized void setClockMicros(long micros) {
        Native.genSetClock(handle(), micros);
    }

    /** How far ahead of the clock the last ID ran, in milliseconds. */
    public final synchronized long leadMillis() {
        return Native.genInfo(handle())[2];
    }

    /** The most the IDs may run ahead of the clock, in milliseconds. */
    public final synchronized long maxLeadMillis() {
        return Native.genInfo(handle())[3];
    }

    final synchronized long[] info() {
        return Native.genInfo(handle());
    }

    @Override
    public final synchronized void close() {
        cleanable.clean();
    }
}
