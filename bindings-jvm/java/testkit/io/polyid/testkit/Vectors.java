package io.polyid.testkit;

import io.polyid.Catalog;
import io.polyid.Euid;
import io.polyid.EuidGenerator;
import io.polyid.ExtUuid;
import io.polyid.GeneratorOptions;
import io.polyid.NamedSequences;
import io.polyid.PolyIdException;
import io.polyid.Range;
import io.polyid.Tid;
import io.polyid.TidGenerator;
import io.polyid.Uid11;
import io.polyid.Wdp;
import io.polyid.Xid;
import io.polyid.XidGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The shared vectors (tests/vectors/*.json) as calls of the public API, for the JUnit tests
 * and the matrix adapter: every case's op becomes the API's call, its result the vectors'
 * JSON shape, compared with the case's output or error code and details. Nothing here
 * computes an ID.
 */
public final class Vectors {
    private Vectors() {}

    /** One case of a vectors file. */
    public record Case(String family, String name, String op, Map<String, Object> input,
            Object output, boolean hasOutput, String error, Map<String, Object> detail) {
        public String id() {
            return family + "/" + name;
        }
    }

    /** A case's verdict: {@code pass}, {@code fail} (with what was expected and got) or {@code skip}. */
    public record Result(Case c, String status, Object expected, Object got, String reason,
            String message) {
        Result(Case c, String status, Object expected, Object got, String reason) {
            this(c, status, expected, got, reason, null);
        }
    }

    /** A case the runner cannot express (a malformed vector), reported as a failure. */
    static final class BadVector extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadVector(String what) {
            super(what);
        }
    }

    /** The vectors directory: {@code POLYID_VECTORS}, else tests/vectors above the working directory. */
    public static Path dir() {
        String env = System.getenv("POLYID_VECTORS");
        if (env != null && !env.isEmpty()) {
            return Path.of(env);
        }
        Path p = Path.of("").toAbsolutePath();
        while (p != null) {
            Path v = p.resolve("tests/vectors");
            if (Files.isDirectory(v)) {
                return v;
            }
            p = p.getParent();
        }
        throw new IllegalStateException("tests/vectors not found; set POLYID_VECTORS");
    }

    /** Every case of every {@code *.json} file of {@code dir}, files in name order. */
    @SuppressWarnings("unchecked")
    public static List<Case> load(Path dir) throws IOException {
        List<Case> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        for (Path f : files) {
            Map<String, Object> doc = (Map<String, Object>) Json.parse(
                    Files.readString(f, StandardCharsets.UTF_8));
            String family = (String) doc.get("family");
            for (Object o : (List<Object>) doc.get("cases")) {
                Map<String, Object> c = (Map<String, Object>) o;
                out.add(new Case(family, (String) c.get("name"), (String) c.get("op"),
                        (Map<String, Object>) c.getOrDefault("input", Map.of()), c.get("output"),
                        c.containsKey("output"), (String) c.get("error"),
                        (Map<String, Object>) c.get("detail")));
            }
        }
        return out;
    }

    /** Runs one case and judges it. */
    public static Result check(Case c) {
        Object expected = c.hasOutput() ? c.output() : errorShape(c.error(), c.detail());
        try {
            Object got = run(c.op(), c.input());
            if (c.hasOutput() && Json.canonical(got).equals(Json.canonical(c.output()))) {
                return new Result(c, "pass", null, null, null);
            }
            return new Result(c, "fail", expected, got, null);
        } catch (PolyIdException e) {
            if (c.error() != null && c.error().equals(e.code()) && detailMatches(c.detail(), e)) {
                return new Result(c, "pass", null, null, null,
                        e instanceof Unreached ? null : e.getMessage());
            }
            return new Result(c, "fail", expected, errorShape(e), null);
        } catch (Unsupported e) {
            throw e;
        } catch (BadVector e) {
            return new Result(c, "fail", expected, Map.of("bad_vector", e.getMessage()), null);
        } catch (RuntimeException e) {
            return new Result(c, "fail", expected, Map.of("exception", e.toString()), null);
        }
    }

    private static Map<String, Object> errorShape(String code, Map<String, Object> detail) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", code);
        if (detail != null) {
            m.put("detail", detail);
        }
        return m;
    }

    private static Map<String, Object> errorShape(PolyIdException e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", e.code());
        m.put("message", e.getMessage());
        Map<String, Object> d = new LinkedHashMap<>();
        e.index().ifPresent(i -> d.put("index", i));
        e.character().ifPresent(ch -> d.put("character", ch));
        e.found().ifPresent(f -> d.put("found", f));
        e.expected().ifPresent(x -> d.put("expected", x));
        if (!d.isEmpty()) {
            m.put("detail", d);
        }
        return m;
    }

    private static boolean detailMatches(Map<String, Object> detail, PolyIdException e) {
        if (detail == null) {
            return true;
        }
        for (Map.Entry<String, Object> kv : detail.entrySet()) {
            Object want = kv.getValue();
            boolean ok = switch (kv.getKey()) {
                case "index" -> e.index().isPresent()
                        && num(want).longValueExact() == e.index().getAsInt();
                case "character" -> e.character().isPresent() && e.character().get().equals(want);
                case "found" -> e.found().isPresent() && num(want).longValueExact() == e.found().getAsLong();
                case "expected" -> e.expected().isPresent()
                        && num(want).longValueExact() == e.expected().getAsLong();
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    // ---- inputs ------------------------------------------------------------------------

    private static BigDecimal num(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof String s) {
            try {
                return new BigDecimal(s);
            } catch (NumberFormatException e) {
                throw new BadVector("not a number: " + s);
            }
        }
        throw new BadVector("not a number: " + v);
    }

    private static BigInteger integer(Map<String, Object> in, String key) {
        if (!in.containsKey(key)) {
            throw new BadVector("missing " + key);
        }
        try {
            return num(in.get(key)).toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new BadVector(key + " is not an integer");
        }
    }

    /**
     * An error this runner answers itself for an input polyid cannot be given: its code is the
     * vectors' rule, its message is not polyid's (the matrix does not compare it).
     */
    static final class Unreached extends PolyIdException {
        private static final long serialVersionUID = 1L;

        Unreached(String code, String message) {
            super(code, message);
        }
    }

    /** The vectors' rule: an integer outside the parameter's host type is OUT_OF_RANGE. */
    private static PolyIdException tooWide(String key, BigInteger v) {
        return new Unreached("OUT_OF_RANGE", key + ": " + v + " does not fit the parameter");
    }

    private static long i64(Map<String, Object> in, String key) {
        BigInteger v = integer(in, key);
        if (v.bitLength() > 63) {
            throw tooWide(key, v);
        }
        return v.longValue();
    }

    private static long u64(Map<String, Object> in, String key) {
        BigInteger v = integer(in, key);
        if (v.signum() < 0 || v.bitLength() > 64) {
            throw tooWide(key, v);
        }
        return v.longValue();
    }

    private static int i32(Map<String, Object> in, String key) {
        BigInteger v = integer(in, key);
        if (v.bitLength() > 31) {
            throw tooWide(key, v);
        }
        return v.intValue();
    }

    private static String str(Map<String, Object> in, String key) {
        Object v = in.get(key);
        if (!(v instanceof String s)) {
            throw new BadVector(key + " is not a string");
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static NamedSequences names(Map<String, Object> in) {
        if (!in.containsKey("named_sequences")) {
            return null;
        }
        NamedSequences t = new NamedSequences();
        Map<String, Object> m = (Map<String, Object>) in.get("named_sequences");
        for (String k : new java.util.TreeSet<>(m.keySet())) {
            t.put(k, i32(m, k));
        }
        return t;
    }

    // ---- outputs -----------------------------------------------------------------------

    /** The vectors' xid object. */
    public static Map<String, Object> xid(Xid x) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", x.toString());
        m.put("value", Long.toUnsignedString(x.value()));
        m.put("unix_ms", x.unixMillis());
        m.put("random", x.random());
        return m;
    }

    /** The vectors' TID object. */
    public static Map<String, Object> tid(Tid t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", t.toString());
        m.put("display", t.display());
        m.put("value", Long.toString(t.value()));
        m.put("micros", Long.toString(t.micros()));
        m.put("clock_id", t.clockId());
        return m;
    }

    /** The vectors' EUID object. */
    public static Map<String, Object> euid(Euid e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", new BigInteger(1, e.bytes()).toString());
        m.put("hex", HexFormat.of().formatHex(e.bytes()));
        m.put("text", e.toString());
        m.put("text_nocheck", e.encode(false));
        m.put("unix_ms", e.unixMillis());
        m.put("extension", e.extension().isPresent() ? (Object) e.extension().getAsInt() : null);
        return m;
    }

    private static Object range(Optional<Range> r, boolean asStrings, boolean unsigned) {
        if (r.isEmpty()) {
            return null;
        }
        Range x = r.get();
        if (!asStrings) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("min_unix_ms", x.min());
            m.put("max_unix_ms", x.max());
            return m;
        }
        return unsigned ? List.of(Long.toUnsignedString(x.min()), Long.toUnsignedString(x.max()))
                : List.of(Long.toString(x.min()), Long.toString(x.max()));
    }

    private static Object fieldValue(Object v) {
        if (v instanceof BigInteger b) {
            return b.toString();
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object o : l) {
                out.add(fieldValue(o));
            }
            return out;
        }
        return v;
    }

    /** Runs one operation through the public API; a PolyIdException is the case's error. */
    public static Object run(String op, Map<String, Object> in) {
        switch (op) {
            case "compact_id": {
                try (NamedSequences n = names(in)) {
                    return Wdp.compactId(str(in, "code"), n);
                }
            }
            case "normalize_code": {
                try (NamedSequences n = names(in)) {
                    return Wdp.normalizeCode(str(in, "code"), n);
                }
            }
            case "parse_code": {
                Wdp.Code c;
                try (NamedSequences n = names(in)) {
                    c = Wdp.parseCode(str(in, "code"), n);
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("severity", String.valueOf(c.severity()));
                m.put("meaning", c.meaning());
                m.put("priority", c.priority());
                m.put("blocking", c.blocking());
                m.put("component", c.component());
                m.put("primary", c.primary());
                m.put("sequence", c.sequence());
                m.put("normalized", c.normalized());
                m.put("compact_id", c.compactId());
                return m;
            }
            case "namespace_hash":
                return Wdp.namespaceHash(str(in, "namespace"));
            case "full_id": {
                try (NamedSequences n = names(in)) {
                    return Wdp.fullId(str(in, "namespace"), str(in, "code"), n);
                }
            }
            case "parse_full_id": {
                Wdp.FullId f = Wdp.parseFullId(str(in, "id"));
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("namespace_hash", f.namespaceHash());
                m.put("compact_id", f.compactId());
                return m;
            }
            case "uid11_encode":
                return Uid11.of(u64(in, "value")).toString();
            case "uid11_decode":
                return Long.toUnsignedString(Uid11.parse(str(in, "text")).value());
            case "uid11_prefix_range":
                return range(Uid11.prefixRange(str(in, "prefix")), true, true);
            case "xid_from_parts":
                return xid(Xid.fromParts(i64(in, "unix_ms"), i32(in, "random")));
            case "xid_parse":
                return xid(Xid.parse(str(in, "text")));
            case "xid_prefix_range":
                return range(Xid.prefixTimeRange(str(in, "prefix")), false, false);
            case "tid_from_parts":
                return tid(Tid.fromParts(i64(in, "micros"), i32(in, "clock_id")));
            case "tid_parse":
                return tid(Tid.parse(str(in, "text")));
            case "tid_prefix_range":
                return range(Tid.prefixRange(str(in, "prefix")), true, false);
            case "euid_from_parts": {
                Integer ext = in.get("extension") == null ? null : i32(in, "extension");
                return euid(Euid.fromParts(i64(in, "unix_ms"), ext, i32(in, "padding"),
                        u64(in, "random")));
            }
            case "euid_encode": {
                BigInteger v = integer(in, "value");
                if (v.signum() < 0 || v.bitLength() > 128) {
                    throw tooWide("value", v);
                }
                Euid e = Euid.fromHalves(v.shiftRight(64).longValue(), v.longValue());
                return e.encode(Boolean.TRUE.equals(in.get("checkmod")));
            }
            case "euid_parse":
                return euid(Euid.parse(str(in, "text")));
            case "euid_from_bytes": {
                byte[] bytes;
                try {
                    bytes = HexFormat.of().parseHex(str(in, "hex"));
                } catch (IllegalArgumentException e) {
                    throw new BadVector("hex is not hex");
                }
                return euid(Euid.fromBytes(bytes));
            }
            case "extuuid_encode": {
                String uuid = ExtUuid.encode(str(in, "text"));
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("uuid", uuid);
                m.put("text", ExtUuid.decode(uuid));
                return m;
            }
            case "extuuid_decode": {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("text", ExtUuid.decode(str(in, "uuid")));
                return m;
            }
            case "extuuid_inspect": {
                ExtUuid.Inspection x = ExtUuid.inspect(str(in, "input"));
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("kind", x.kind());
                m.put("uuid", x.uuid());
                m.put("text", x.text());
                x.fields().forEach((k, v) -> m.put(k, fieldValue(v)));
                return m;
            }
            case "xid_sequence":
            case "tid_sequence":
            case "euid_sequence":
                return sequence(op, in);
            default:
                if (op.startsWith("catalog_")) {
                    return catalog(op, in);
                }
                throw new BadVector("unknown op " + op);
        }
    }

    /** The catalog ops: a catalog built from entries or loaded from JSON, then the op's call. */
    @SuppressWarnings("unchecked")
    static Object catalog(String op, Map<String, Object> in) {
        if (op.equals("catalog_build")) {
            if (!(in.get("entries") instanceof List<?> raw)) {
                throw new BadVector("entries is not a list");
            }
            List<Catalog.Entry> entries = new ArrayList<>();
            for (Object o : raw) {
                Map<String, Object> e = (Map<String, Object>) o;
                entries.add(new Catalog.Entry(str(e, "code"), str(e, "message"),
                        (String) e.get("description"), (List<String>) e.get("hints"),
                        (List<String>) e.get("tags"), (String) e.get("docs_url")));
            }
            try (Catalog c = in.containsKey("namespace") ? Catalog.buildNamespaced(str(in, "namespace"), entries)
                    : Catalog.build(entries)) {
                return Map.of("ids", c.ids());
            }
        }
        try (Catalog c = Catalog.load(str(in, "json"))) {
            switch (op) {
                case "catalog_load": {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("count", c.size());
                    m.put("ids", c.ids());
                    c.namespaceHash().ifPresent(h -> m.put("namespace_hash", h));
                    return m;
                }
                case "catalog_expand": {
                    String fields = in.containsKey("fields") ? Json.write(in.get("fields")) : "{}";
                    return expansion(c.expandJson(str(in, "id"), fields));
                }
                case "catalog_expand_payload": {
                    // The vectors compare the list sorted by code (the payload order is not compared).
                    return c.expandPayload(str(in, "payload")).stream()
                            .sorted(java.util.Comparator.comparing(Catalog.Expansion::code))
                            .map(Vectors::expansion).toList();
                }
                case "catalog_canonical":
                    return c.canonical();
                case "catalog_sign": {
                    byte[] secret = hex(in, "secret_key");
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("signature", HexFormat.of().formatHex(c.sign(secret)));
                    m.put("public_key", HexFormat.of().formatHex(Catalog.publicKey(secret)));
                    return m;
                }
                case "catalog_verify":
                    c.verify(hex(in, "public_key"), hex(in, "signature"));
                    return true;
                default:
                    throw new BadVector("unknown op " + op);
            }
        }
    }

    private static Map<String, Object> expansion(Catalog.Expansion x) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("code", x.code());
        m.put("severity", x.severity());
        m.put("message", x.message());
        return m;
    }

    /**
     * A hex key or signature. Text that is not hex is a malformed key or signature, which the
     * core would reject as INVALID_SIGNATURE; the bytes cannot reach it.
     */
    private static byte[] hex(Map<String, Object> in, String key) {
        try {
            return HexFormat.of().parseHex(str(in, key));
        } catch (IllegalArgumentException e) {
            throw new Unreached("INVALID_SIGNATURE", key + ": not hex");
        }
    }

    /** An op the JVM API has no function for: the case is reported as skipped. */
    public static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unsupported(String why) {
            super(why);
        }
    }

    /** Runs one case, a skip for an op the API lacks. */
    public static Result checkOrSkip(Case c) {
        try {
            return check(c);
        } catch (Unsupported u) {
            return new Result(c, "skip", null, null, u.getMessage());
        }
    }

    /**
     * A generator run (the {@code *_sequence} ops): per step, the texts of
     * {@code nextMany(count)} after setting the clock, or {@code {"error": CODE}} for a step
     * that fails; a generator that cannot be built throws its error.
     */
    @SuppressWarnings("unchecked")
    public static Object sequence(String op, Map<String, Object> in) {
        Map<String, Object> o = (Map<String, Object>) in.get("options");
        GeneratorOptions opts = GeneratorOptions.defaults();
        if (o.containsKey("node")) {
            opts = opts.node(i32(o, "node"));
        }
        if (o.containsKey("seed")) {
            opts = opts.seed(u64(o, "seed"));
        }
        if (o.containsKey("max_lead_ms")) {
            opts = opts.maxLeadMillis(u64(o, "max_lead_ms"));
        }
        if (o.containsKey("on_clock_behind")) {
            opts = opts.onClockBehind(str(o, "on_clock_behind"));
        }
        if (o.containsKey("clock_micros")) {
            opts = opts.manualClock(i64(o, "clock_micros"));
        }
        Integer extra = null;
        if (in.get("clock_id") != null) {
            extra = i32(in, "clock_id");
        }
        if (in.get("extension") != null) {
            extra = i32(in, "extension");
        }
        String resume = in.get("resume") == null ? null : str(in, "resume");
        interface Gen extends AutoCloseable {
            List<String> next(int n);

            void clock(long micros);

            @Override
            void close();
        }
        Gen g;
        switch (op) {
            case "xid_sequence": {
                XidGenerator x = resume == null ? XidGenerator.create(opts)
                        : XidGenerator.resume(opts, Xid.parse(resume));
                g = new Gen() {
                    public List<String> next(int n) {
                        return x.nextMany(n).stream().map(Xid::toString).toList();
                    }

                    public void clock(long m) {
                        x.setClockMicros(m);
                    }

                    public void close() {
                        x.close();
                    }
                };
                break;
            }
            case "tid_sequence": {
                TidGenerator x = resume != null ? TidGenerator.resume(opts, extra, Tid.parse(resume))
                        : extra != null ? TidGenerator.create(opts, extra) : TidGenerator.create(opts);
                g = new Gen() {
                    public List<String> next(int n) {
                        return x.nextMany(n).stream().map(Tid::toString).toList();
                    }

                    public void clock(long m) {
                        x.setClockMicros(m);
                    }

                    public void close() {
                        x.close();
                    }
                };
                break;
            }
            default: {
                EuidGenerator x = resume != null ? EuidGenerator.resume(opts, extra, Euid.parse(resume))
                        : EuidGenerator.create(opts, extra);
                g = new Gen() {
                    public List<String> next(int n) {
                        return x.nextMany(n).stream().map(Euid::toString).toList();
                    }

                    public void clock(long m) {
                        x.setClockMicros(m);
                    }

                    public void close() {
                        x.close();
                    }
                };
            }
        }
        List<Object> out = new ArrayList<>();
        try (g) {
            for (Object s : (List<Object>) in.get("steps")) {
                Map<String, Object> step = (Map<String, Object>) s;
                try {
                    if (step.get("clock_micros") != null) {
                        g.clock(i64(step, "clock_micros"));
                    }
                    out.add(g.next(i32(step, "count")));
                } catch (PolyIdException e) {
                    out.add(Map.of("error", e.code()));
                }
            }
        }
        return out;
    }
}
