package io.polyid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The catalog API beyond the vectors: entries, forms, keys, errors and sharing. */
class CatalogTest {
    private static final Catalog.Entry TOKEN = new Catalog.Entry("E.Auth.Token.001",
            "token missing for {{user}}", "No bearer token.", List.of("send one"), List.of("auth"),
            "https://example.org/token");

    private static String code(Runnable r) {
        return assertThrows(PolyIdException.class, r::run).code();
    }

    @Test
    void buildGetExpand() {
        try (Catalog c = Catalog.build(List.of(TOKEN, new Catalog.Entry("W.Db.Pool.002", "pool at {{n}}")))) {
            assertEquals(2, c.size());
            assertEquals(List.of("V6a0B", Wdp.compactId("W.Db.Pool.002")).stream().sorted().toList(), c.ids());
            assertEquals(Optional.empty(), c.namespaceHash());
            assertEquals(new Catalog.Info("V6a0B", "E.AUTH.TOKEN.001", "E", "token missing for {{user}}",
                    Optional.of("No bearer token."), List.of("send one"), List.of("auth"), List.of("user"),
                    Optional.of("https://example.org/token")), c.get("V6a0B"));
            assertEquals(new Catalog.Expansion("V6a0B", "E.AUTH.TOKEN.001", "E", "token missing for ada"),
                    c.expand("V6a0B", Map.of("user", "ada")));
            assertEquals("token missing for 42", c.expandJson("V6a0B", "{\"user\": 42}").message());
            List<Catalog.Expansion> list = c.expandPayload("{\"V6a0B\": {\"f\": {\"user\": \"bo\"}}}");
            assertEquals(List.of(new Catalog.Expansion("V6a0B", "E.AUTH.TOKEN.001", "E", "token missing for bo")), list);
        }
    }

    @Test
    void namespacedAndForms() {
        try (Catalog c = Catalog.buildNamespaced("auth_lib", List.of(TOKEN))) {
            assertEquals(List.of("05o5h-V6a0B"), c.ids());
            assertEquals(Optional.of("05o5h"), c.namespaceHash());
            for (Catalog.Form f : Catalog.Form.values()) {
                try (Catalog back = Catalog.load(c.toJson(f))) {
                    assertEquals(c.ids(), back.ids(), f.name());
                    assertEquals(c.expand("05o5h-V6a0B", Map.of("user", "x")).message(),
                            back.expand("05o5h-V6a0B", Map.of("user", "x")).message(), f.name());
                }
            }
        }
    }

    @Test
    void signAndVerify() {
        // RFC 8032 section 7.1, TEST 1.
        HexFormat hex = HexFormat.of();
        byte[] secret = hex.parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        byte[] pub = hex.parseHex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
        assertArrayEquals(pub, Catalog.publicKey(secret));
        try (Catalog c = Catalog.build(List.of(TOKEN))) {
            byte[] sig = c.sign(secret);
            assertEquals(64, sig.length);
            c.verify(pub, sig);
            sig[0] ^= 1;
            assertEquals("INVALID_SIGNATURE", code(() -> c.verify(pub, sig)));
            assertEquals("INVALID_LENGTH", code(() -> c.sign(new byte[31])));
            Catalog.KeyPair k = Catalog.keypair();
            assertArrayEquals(k.publicKey(), Catalog.publicKey(k.secretKey()));
            c.verify(k.publicKey(), c.sign(k.secretKey()));
        }
    }

    @Test
    void errors() {
        try (Catalog c = Catalog.build(List.of(TOKEN))) {
            assertEquals("NOT_FOUND", code(() -> c.get("zzzzz")));
            assertEquals("NOT_FOUND", code(() -> c.expand("zzzzz")));
            assertEquals("INVALID_ARGUMENT", code(() -> c.expandPayload("[]")));
        }
        assertEquals("DUPLICATE_CODE", code(() -> Catalog.build(List.of(TOKEN, new Catalog.Entry("E.AUTH.TOKEN.001", "m")))));
        assertEquals("INVALID_COMPONENT", code(() -> Catalog.build(List.of(new Catalog.Entry("E.Au th.Token.001", "m")))));
        Catalog closed = Catalog.build(List.of(TOKEN));
        closed.close();
        closed.close();
        assertEquals("NULL_POINTER", code(closed::ids));
        assertThrows(NullPointerException.class, () -> Catalog.load(null));
    }

    @Test
    void sharedBetweenThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (Catalog c = Catalog.build(List.of(TOKEN))) {
            List<Future<String>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 64; i++) {
                String user = "u" + i;
                results.add(pool.submit(() -> c.expand("V6a0B", Map.of("user", user)).message()));
            }
            for (int i = 0; i < 64; i++) {
                assertEquals("token missing for u" + i, results.get(i).get());
            }
        } finally {
            pool.shutdown();
        }
    }
}
