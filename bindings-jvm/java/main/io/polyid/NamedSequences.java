package io.polyid;

import java.lang.ref.Cleaner;
import java.util.Objects;

/**
 * A table of named sequences: the standard names (e.g. {@code MISSING} = 1) plus your own,
 * for {@link Wdp}'s functions. It holds native memory: {@link #close()} frees it (a cleaner
 * does it for a table that was dropped); a call after {@code close} fails with
 * {@code NULL_POINTER}.
 */
public final class NamedSequences implements AutoCloseable {
    static final Cleaner CLEANER = Cleaner.create();

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
            Native.namesFree(h);
        }
    }

    /** A table with the standard names. */
    public NamedSequences() {
        state = new State(Native.namesNew());
        cleanable = CLEANER.register(this, state);
    }

    /** Adds {@code name} for the sequence {@code number} (1-999); returns this table. */
    public synchronized NamedSequences put(String name, int number) {
        Native.namesInsert(handle(), Objects.requireNonNull(name, "name"), number);
        return this;
    }

    // Callers hold this object's lock.
    long handle() {
        long h = state.handle;
        if (h == 0) {
            throw new PolyIdException("NULL_POINTER", "NamedSequences: used after close()");
        }
        return h;
    }

    @Override
    public synchronized void close() {
        cleanable.clean();
    }
}
