package io.polyid.testkit;

import io.polyid.Catalog;
import io.polyid.Euid;
import io.polyid.EuidGenerator;
import io.polyid.ExtUuid;
import io.polyid.PolyIdException;
import io.polyid.Tid;
import io.polyid.TidGenerator;
import io.polyid.Uid11;
import io.polyid.Wdp;
import io.polyid.Xid;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The JVM column of the cross-language matrix (tests/matrix/PROTOCOL.md): {@code vectors DIR},
 * {@code generate N}, {@code read}, {@code demo}, {@code replay FILE}, over the public API.
 */
public final class Matrix {
    private Matrix() {}

    private static final PrintStream OUT =
            new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                    StandardCharsets.UTF_8);

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            die("usage: vectors DIR | generate N | read | demo | replay FILE");
        }
        switch (args[0]) {
            case "vectors" -> vectors(Path.of(args[1]));
            case "generate" -> generate(Integer.parseInt(args[1]));
            case "read" -> read();
            case "demo" -> demo();
            case "replay" -> replay(Path.of(args[1]));
            default -> die("unknown command " + args[0]);
        }
        OUT.flush();
    }

    private static void die(String why) {
        System.err.println("polyid-matrix (jvm): " + why);
        System.exit(2);
    }

    private static void vectors(Path dir) throws IOException {
        for (Vectors.Case c : Vectors.load(dir)) {
            Vectors.Result r = Vectors.checkOrSkip(c);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("case", c.id());
            m.put("op", c.op());
            m.put("status", r.status());
            if (r.status().equals("fail")) {
                m.put("expected", r.expected());
                m.put("got", r.got());
            } else if (r.message() != null) {
                m.put("message", r.message());
            }
            if (r.reason() != null) {
                m.put("reason", r.reason());
            }
            OUT.println(Json.write(m));
        }
    }

    private static final Random RNG = new Random();

    // A random valid structured code (test input only: its compact ID comes from polyid).
    private static String randomCode() {
        String sev = "EWCBSKITHewcbskith";
        String alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        String alnum = alpha + "0123456789";
        String[] names = {"MISSING", "invalid", "Timeout", "NOT_FOUND", "COMPLETE"};
        java.util.function.Supplier<String> field = () -> {
            StringBuilder b = new StringBuilder().append(alpha.charAt(RNG.nextInt(alpha.length())));
            for (int k = RNG.nextInt(16); k > 0; k--) {
                b.append(alnum.charAt(RNG.nextInt(alnum.length())));
            }
            return b.toString();
        };
        String seq = RNG.nextInt(4) == 0 ? names[RNG.nextInt(names.length)]
                : String.format("%03d", 1 + RNG.nextInt(999));
        return sev.charAt(RNG.nextInt(sev.length())) + "." + field.get() + "." + field.get() + "." + seq;
    }

    private static void generate(int n) {
        List<Object> xs = new ArrayList<>(), ts = new ArrayList<>(), es = new ArrayList<>(),
                exs = new ArrayList<>(), ws = new ArrayList<>();
        try (TidGenerator tg = TidGenerator.create(); EuidGenerator eg = EuidGenerator.create()) {
            for (int k = 0; k < n; k++) {
                xs.add(Xid.generate().toString());
                ts.add(tg.next().toString());
                es.add(eg.next().toString());
                exs.add(Euid.generate(RNG.nextInt(32768)).toString());
                String code = randomCode();
                ws.add(List.of(code, Wdp.compactId(code)));
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("xid", xs);
        m.put("tid", ts);
        m.put("euid", es);
        m.put("euid_ext", exs);
        m.put("wdp", ws);
        OUT.println(Json.write(m));
    }

    private static Map<String, Object> error(PolyIdException e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", e.code());
        m.put("message", e.getMessage());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static void read() throws IOException {
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        Map<String, Object> in = (Map<String, Object>) Json.parse(text);
        Map<String, Object> res = new LinkedHashMap<>();
        for (String kind : List.of("xid", "tid", "euid", "wdp")) {
            if (!in.containsKey(kind)) {
                continue;
            }
            List<Object> list = new ArrayList<>();
            for (Object o : (List<Object>) in.get(kind)) {
                String s = (String) o;
                try {
                    switch (kind) {
                        case "xid" -> list.add(Vectors.xid(Xid.parse(s)));
                        case "tid" -> list.add(Vectors.tid(Tid.parse(s)));
                        case "euid" -> {
                            Map<String, Object> full = Vectors.euid(Euid.parse(s));
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("text", full.get("text"));
                            m.put("value", full.get("value"));
                            m.put("unix_ms", full.get("unix_ms"));
                            m.put("extension", full.get("extension"));
                            list.add(m);
                        }
                        default -> list.add(Wdp.compactId(s));
                    }
                } catch (PolyIdException e) {
                    list.add(error(e));
                }
            }
            res.put(kind, list);
        }
        OUT.println(Json.write(res));
    }

    private static void demo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("compact_id", Wdp.compactId("E.Auth.Token.MISSING"));
        m.put("full_id", Wdp.fullId("auth_lib", "E.Auth.Token.001"));
        m.put("uid11", Uid11.of(-1L).toString());
        m.put("xid", Xid.fromParts(1700000000000L, 4660).toString());
        m.put("tid", Tid.fromParts(1721407246480310L, 1).display());
        m.put("euid", Euid.fromParts(1700000000000L, 255, 0, 0x0123456789abcdefL).toString());
        m.put("euid_nocheck", Euid.fromParts(1700000000000L, null, 0, 0x0123456789abcdefL).encode(false));
        m.put("extuuid", ExtUuid.encode("fixedB4:GBP$:222.31"));
        try (Catalog cat = Catalog.load("{\"V6a0B\": [\"E.AUTH.TOKEN.001\", \"token missing for {{user}}\"]}")) {
            m.put("catalog", cat.expand("V6a0B", Map.of("user", "ada")).message());
        }
        OUT.println(Json.write(m));
    }

    @SuppressWarnings("unchecked")
    private static void replay(Path file) throws IOException {
        Map<String, Object> doc = (Map<String, Object>) Json.parse(
                Files.readString(file, StandardCharsets.UTF_8));
        Map<String, Object> res = new LinkedHashMap<>();
        for (Object o : (List<Object>) doc.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            try {
                res.put((String) c.get("name"),
                        Vectors.sequence((String) c.get("op"), (Map<String, Object>) c.get("input")));
            } catch (PolyIdException e) {
                res.put((String) c.get("name"), Map.of("error", e.code()));
            }
        }
        OUT.println(Json.write(res));
    }
}
