package io.polyid;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A WDP catalog: the diagnostics of a set of codes, found by ID and expanded with fields,
 * written in its JSON forms, signed and verified with Ed25519. It never changes once made, so
 * any number of threads may use it at once. It holds native memory: {@link #close()} frees it
 * (a cleaner does it for a catalog that was dropped); a call after {@code close} fails with
 * {@code NULL_POINTER}.
 */
public final class Catalog implements AutoCloseable {
    /** One diagnostic for {@link #build}: {@code code} and {@code message} are required. */
    public record Entry(String code, String message, String description, List<String> hints,
            List<String> tags, String docsUrl) {
        /** Checks the required members and copies the lists (null lists are empty). */
        public Entry {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
            hints = List.copyOf(hints == null ? List.of() : hints);
            tags = List.copyOf(tags == null ? List.of() : tags);
        }

        /** An entry with only a code and a message (with {@code {{field}}} placeholders). */
        public Entry(String code, String message) {
            this(code, message, null, List.of(), List.of(), null);
        }
    }

    /** An expanded ID: the catalog's ID, the normalized code, the severity letter, the message. */
    public record Expansion(String id, String code, String severity, String message) {}

    /** Everything a catalog holds for an ID; {@code fields} are the message's placeholder names. */
    public record Info(String id, String code, String severity, String message,
            Optional<String> description, List<String> hints, List<String> tags,
            List<String> fields, Optional<String> docsUrl) {}

    /** The JSON forms of a catalog. */
    public enum Form {
        /** {@code {"version","generated","namespace"?,"namespace_hash"?,"diags":{ID:{"code",...}}}} */
        FULL,
        /** {@code {"v","ns"?,"nsh"?,"wd":{ID:{"c","s","m",...}}}} */
        COMPACT,
        /** {@code {ID:[code, message]}} */
        MINIMAL
    }

    /** An Ed25519 key pair for {@link #sign} and {@link #verify}. */
    public record KeyPair(byte[] secretKey, byte[] publicKey) {
        /** Copies both keys, so that the caller's arrays can change without touching the pair. */
        public KeyPair {
            secretKey = secretKey.clone();
            publicKey = publicKey.clone();
        }

        /** A copy of the 32-byte secret key (the seed): keep it secret. */
        @Override
        public byte[] secretKey() {
            return secretKey.clone();
        }

        /** A copy of the 32-byte public key. */
        @Override
        public byte[] publicKey() {
            return publicKey.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof KeyPair k && Arrays.equals(secretKey, k.secretKey)
                    && Arrays.equals(publicKey, k.publicKey);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(publicKey);
        }

        /** Names the public key only. */
        @Override
        public String toString() {
            return "KeyPair[publicKey=" + java.util.HexFormat.of().formatHex(publicKey) + "]";
        }
    }

    private static final class State implements Runnable {
        long handle;

        State(long handle) {
            this.handle = handle;
        }

        @Override
        public void run() {
            long h = handle;
            handle = 0;
            Native.catalogFree(h);
        }
    }

    // Calls hold the read lock, close the write lock: reads run together, never beside a free.
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final State state;
    private final Cleaner.Cleanable cleanable;

    private Catalog(long handle) {
        state = new State(handle);
        cleanable = NamedSequences.CLEANER.register(this, state);
    }

    /** Reads a catalog in any of its JSON forms and verifies every entry. */
    public static Catalog load(String json) {
        return new Catalog(Native.catalogLoad(Objects.requireNonNull(json, "json")));
    }

    /** A catalog of compact IDs (codes normalized, IDs computed). */
    public static Catalog build(List<Entry> entries) {
        return build(null, entries);
    }

    /** A catalog whose IDs are full IDs in {@code namespace}. */
    public static Catalog buildNamespaced(String namespace, List<Entry> entries) {
        return build(Objects.requireNonNull(namespace, "namespace"), entries);
    }

    private static Catalog build(String namespace, List<Entry> entries) {
        int n = entries.size();
        String[] codes = new String[n];
        String[] messages = new String[n];
        String[] descriptions = new String[n];
        String[] docs = new String[n];
        String[][] hints = new String[n][];
        String[][] tags = new String[n][];
        for (int i = 0; i < n; i++) {
            Entry e = Objects.requireNonNull(entries.get(i), "entry");
            codes[i] = e.code();
            messages[i] = e.message();
            descriptions[i] = e.description();
            docs[i] = e.docsUrl();
            hints[i] = e.hints().toArray(String[]::new);
            tags[i] = e.tags().toArray(String[]::new);
        }
        return new Catalog(Native.catalogBuild(namespace, codes, messages, descriptions, docs, hints, tags));
    }

    private long handle() {
        long h = state.handle;
        if (h == 0) {
            throw new PolyIdException("NULL_POINTER", "Catalog: used after close()");
        }
        return h;
    }

    /** The number of entries. */
    public int size() {
        return ids().size();
    }

    /** Every ID, sorted. */
    public List<String> ids() {
        lock.readLock().lock();
        try {
            return List.of(Native.catalogIds(handle()));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The namespace hash of a namespaced catalog. */
    public Optional<String> namespaceHash() {
        lock.readLock().lock();
        try {
            return Optional.ofNullable(Native.catalogNamespaceHash(handle()));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The entry of {@code id} ({@code NOT_FOUND} when the catalog has none). */
    public Info get(String id) {
        Objects.requireNonNull(id, "id");
        Object[] parts;
        lock.readLock().lock();
        try {
            parts = Native.catalogEntry(handle(), id);
        } finally {
            lock.readLock().unlock();
        }
        String[] head = (String[]) parts[0];
        return new Info(head[0], head[1], head[2], head[3], Optional.ofNullable(head[4]),
                List.of((String[]) parts[1]), List.of((String[]) parts[2]), List.of((String[]) parts[3]),
                Optional.ofNullable(head[5]));
    }

    /** The entry of {@code id} with its message's {@code {{name}}} placeholders filled from {@code fields}. */
    public Expansion expand(String id, Map<String, String> fields) {
        Objects.requireNonNull(id, "id");
        String[] names = new String[fields.size()];
        String[] values = new String[fields.size()];
        int i = 0;
        for (Map.Entry<String, String> f : fields.entrySet()) {
            names[i] = Objects.requireNonNull(f.getKey(), "field name");
            values[i++] = Objects.requireNonNull(f.getValue(), "field value");
        }
        lock.readLock().lock();
        try {
            return expansions(Native.catalogExpand(handle(), id, names, values)).get(0);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The entry of {@code id} with no fields. */
    public Expansion expand(String id) {
        return expand(id, Map.of());
    }

    /**
     * {@link #expand} with the fields as a JSON object: a string value is substituted as is,
     * any other value as its JSON text.
     */
    public Expansion expandJson(String id, String fieldsJson) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(fieldsJson, "fieldsJson");
        lock.readLock().lock();
        try {
            return expansions(Native.catalogExpandJson(handle(), id, fieldsJson)).get(0);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Expands a wire payload {@code {"<id>": {"f": {...}}, ...}}; the order is not specified. */
    public List<Expansion> expandPayload(String payload) {
        Objects.requireNonNull(payload, "payload");
        lock.readLock().lock();
        try {
            return expansions(Native.catalogExpandPayload(handle(), payload));
        } finally {
            lock.readLock().unlock();
        }
    }

    private static List<Expansion> expansions(String[] flat) {
        List<Expansion> out = new ArrayList<>(flat.length / 4);
        for (int i = 0; i + 3 < flat.length; i += 4) {
            out.add(new Expansion(flat[i], flat[i + 1], flat[i + 2], flat[i + 3]));
        }
        return List.copyOf(out);
    }

    /** The catalog in one of its JSON forms. */
    public String toJson(Form form) {
        int f = Objects.requireNonNull(form, "form").ordinal();
        lock.readLock().lock();
        try {
            return Native.catalogToJson(handle(), f);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The canonical text that a signature covers. */
    public String canonical() {
        lock.readLock().lock();
        try {
            return Native.catalogCanonical(handle());
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The Ed25519 signature (64 bytes) of the canonical text with a 32-byte secret key. */
    public byte[] sign(byte[] secretKey) {
        Objects.requireNonNull(secretKey, "secretKey");
        lock.readLock().lock();
        try {
            return Native.catalogSign(handle(), secretKey);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Checks an Ed25519 signature of the canonical text; throws {@code INVALID_SIGNATURE} otherwise. */
    public void verify(byte[] publicKey, byte[] signature) {
        Objects.requireNonNull(publicKey, "publicKey");
        Objects.requireNonNull(signature, "signature");
        lock.readLock().lock();
        try {
            Native.catalogVerify(handle(), publicKey, signature);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** A new key pair from the operating system's random generator. */
    public static KeyPair keypair() {
        byte[] both = Native.catalogKeypair();
        return new KeyPair(Arrays.copyOfRange(both, 0, 32), Arrays.copyOfRange(both, 32, 64));
    }

    /** The Ed25519 public key (32 bytes) of a 32-byte secret key. */
    public static byte[] publicKey(byte[] secretKey) {
        return Native.catalogPublicKey(Objects.requireNonNull(secretKey, "secretKey"));
    }

    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            cleanable.clean();
        } finally {
            lock.writeLock().unlock();
        }
    }
}
