package io.polyid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Value semantics, fields and times; expected values from docs/spec and tests/vectors. */
class ApiTest {
    @Test
    void xidFields() {
        // tests/vectors/xid.json: "11111111111" is the xid epoch plus 0.
        Xid x = Xid.parse("11111111111");
        assertEquals(Instant.parse("2011-11-11T11:11:11.111Z"), x.instant());
        assertEquals(Xid.EPOCH_MS, x.unixMillis());
        assertEquals(0, x.random());
        assertEquals(x, Xid.fromLong(x.value()));
        assertEquals(x.hashCode(), Xid.fromLong(x.value()).hashCode());
    }

    @Test
    void tidFieldsAndForms() {
        Tid t = Tid.fromParts(1721407246480310L, 1);
        assertEquals("3kxnlhr3gxq23", t.toString());
        assertEquals("3kxn-lhr-3gxq-23", t.display());
        assertEquals(1721407246480310L, t.micros());
        assertEquals(1, t.clockId());
        assertEquals(Instant.parse("2024-07-19T16:40:46.480310Z"), t.instant());
        assertEquals(t, Tid.parse("3kxn-lhr-3gxq-23"));
        assertEquals(t, Tid.fromInstant(t.instant(), 1));
    }

    @Test
    void euidFields() {
        Euid e = Euid.fromParts(1700000000000L, 255, 0, 0x0123456789abcdefL);
        assertEquals("1HF7YAT0007ZG0938NKRKAYDXXB", e.toString());
        assertEquals(1700000000000L, e.unixMillis());
        assertEquals(255, e.extension().getAsInt());
        assertEquals(0, e.padding());
        assertEquals(0x0123456789abcdefL, e.lo());
        assertEquals(e, Euid.fromBytes(e.bytes()));
        assertEquals(e, Euid.parse(e.toString()));
        Euid none = Euid.fromParts(1700000000000L, null, 0, 0x0123456789abcdefL);
        assertTrue(none.extension().isEmpty());
        assertEquals("1HF7YAT0000000938NKRKAYDXZZ", none.encode(false));
    }

    @Test
    void orderIsValueOrderAndTextOrder() {
        List<Euid> ids = new ArrayList<>();
        for (long ms : new long[] {1L, 1700000000000L, 35184372088831L}) {
            ids.add(Euid.fromParts(ms, null, 0, -1L));
            ids.add(Euid.fromParts(ms, null, 0, 0L));
        }
        List<Euid> sorted = new ArrayList<>(ids);
        Collections.sort(sorted);
        List<String> texts = new ArrayList<>();
        for (Euid e : sorted) {
            texts.add(e.toString());
        }
        assertEquals(new ArrayList<>(new TreeSet<>(texts)), texts);
        // Unsigned order: the top bit set sorts last.
        assertTrue(Xid.fromLong(-1L).compareTo(Xid.fromLong(1L)) > 0);
        assertTrue(Uid11.of(-1L).compareTo(Uid11.of(0L)) > 0);
    }

    @Test
    void wdp() {
        assertEquals("V6a0B", Wdp.compactId("E.Auth.Token.MISSING"));
        assertEquals("05o5h-V6a0B", Wdp.fullId("auth_lib", "E.Auth.Token.001"));
        assertEquals(new Wdp.FullId("05o5h", "V6a0B"), Wdp.parseFullId("05o5h-V6a0B"));
        Wdp.Code c = Wdp.parseCode("E.Auth.Token.001");
        assertEquals('E', c.severity());
        assertEquals("Error", c.meaning());
        assertEquals(8, c.priority());
        assertTrue(c.blocking());
        assertEquals("V6a0B", c.compactId());
        try (NamedSequences n = new NamedSequences().put("LATE", 7)) {
            assertEquals(Wdp.compactId("E.AUTH.TOKEN.007"), Wdp.compactId("E.AUTH.TOKEN.LATE", n));
        }
    }

    @Test
    void compactIdOfUtf8Bytes() {
        byte[] in = "xxE.Auth.Token.MISSINGyy".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = new byte[7];
        Wdp.compactIdUtf8(in, 2, in.length - 4, out, 1);
        assertEquals("\0V6a0B\0", new String(out, java.nio.charset.StandardCharsets.US_ASCII));
        byte[] bad = {'E', '.', 'A', (byte) 0xff, '.', 'B', '.', '0', '0', '1'};
        assertEquals("INVALID_UTF8", org.junit.jupiter.api.Assertions.assertThrows(PolyIdException.class,
                () -> Wdp.compactIdUtf8(bad, 0, bad.length, out, 0)).code());
        assertEquals(Wdp.compactId("W.DATABASE.CONNECTION.027"), compactOf("W.DATABASE.CONNECTION.027"));
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
                () -> Wdp.compactIdUtf8(in, 20, 10, out, 0));
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
                () -> Wdp.compactIdUtf8(in, 2, in.length - 4, out, 3));
        // Longer than the native side's stack buffer (read from the heap): the same error.
        String longCode = "E.Auth.Token." + "1".repeat(200);
        String want = org.junit.jupiter.api.Assertions.assertThrows(PolyIdException.class,
                () -> Wdp.compactId(longCode)).code();
        assertEquals(want, org.junit.jupiter.api.Assertions.assertThrows(PolyIdException.class,
                () -> compactOf(longCode)).code());
    }

    @Test
    void compactIdWithoutExceptions() {
        assertEquals("V6a0B", Wdp.compactIdOrNull("E.Auth.Token.MISSING"));
        assertEquals(null, Wdp.compactIdOrNull("E.A.B.000"));
        assertEquals(null, Wdp.compactIdOrNull("E.Auth.Token." + "1".repeat(200)));
        byte[] in = " E.Auth.Token.MISSING ".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = {'-', '-', '-', '-', '-', '-'};
        org.junit.jupiter.api.Assertions.assertTrue(Wdp.tryCompactIdUtf8(in, 0, in.length, out, 1));
        assertEquals("-V6a0B", new String(out, java.nio.charset.StandardCharsets.US_ASCII));
        byte[] bad = {'E', '.', 'A', (byte) 0xff, '.', 'B', '.', '0', '0', '1'};
        byte[] untouched = {'-', '-', '-', '-', '-'};
        org.junit.jupiter.api.Assertions.assertFalse(Wdp.tryCompactIdUtf8(bad, 0, bad.length, untouched, 0));
        org.junit.jupiter.api.Assertions.assertFalse(Wdp.tryCompactIdUtf8(in, 0, 5, untouched, 0));
        assertEquals("-----", new String(untouched, java.nio.charset.StandardCharsets.US_ASCII));
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
                () -> Wdp.tryCompactIdUtf8(in, 20, 10, out, 0));
        // every compact ID vector's code agrees with the throwing form
        for (String code : new String[] {"E.AUTH.TOKEN.001", "w.database.connection.027", "I.X.Y.LOCKED"}) {
            assertEquals(Wdp.compactId(code), Wdp.compactIdOrNull(code));
            assertEquals(Wdp.compactId(code), compactOf(code));
        }
    }

    private static String compactOf(String code) {
        byte[] in = code.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = new byte[Wdp.COMPACT_ID_LENGTH];
        Wdp.compactIdUtf8(in, 0, in.length, out, 0);
        return new String(out, java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Test
    void extuuidAndUid11() {
        assertEquals("49083027-d200-8000-8000-00000021ebfc", ExtUuid.encode("fixedB4:GBP$:222.31"));
        assertEquals("extuuid:fixedB4:GBP$:222.31", ExtUuid.decode(ExtUuid.encodeUuid("fixedB4:GBP$:222.31")));
        assertEquals("fixed", ExtUuid.inspect("fixedB4:GBP$:222.31").kind());
        assertEquals("jpXCZedGfVQ", Uid11.of(-1L).toString());
        assertEquals(-1L, Uid11.parse("jpXCZedGfVQ").value());
        assertNotEquals(Uid11.of(1), Uid11.of(2));
        assertArrayEquals(new long[] {0, 0}, new long[] {Uid11.parse("11111111111").value(), 0});
    }
}
