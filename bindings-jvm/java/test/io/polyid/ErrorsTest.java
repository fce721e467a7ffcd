package io.polyid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Bad input of every kind is a PolyIdException with its stable code, never a crash. */
class ErrorsTest {
    private static PolyIdException fails(String code, Runnable r) {
        PolyIdException e = assertThrows(PolyIdException.class, r::run);
        assertEquals(code, e.code(), e.getMessage());
        assertNotNull(e.getMessage());
        return e;
    }

    @Test
    void characterDetail() {
        // tests/vectors/tid.json "bad-uppercase": K at index 1.
        PolyIdException e = fails("INVALID_CHARACTER", () -> Tid.parse("3KXNLHR3GXQ23"));
        assertEquals(1, e.index().getAsInt());
        assertEquals("K", e.character().get());
        assertEquals("TID: invalid character 'K' at index 1", e.getMessage());
        assertFalse(e.found().isPresent());
    }

    @Test
    void lengthDetail() {
        PolyIdException e = fails("INVALID_LENGTH", () -> Xid.parse("abc"));
        assertEquals(3, e.found().getAsLong());
        assertEquals(11, e.expected().getAsLong());
    }

    @Test
    void rangeDetail() {
        PolyIdException e = fails("OUT_OF_RANGE", () -> Tid.fromParts(0, 1024));
        assertEquals(1024, e.found().getAsLong());
        assertEquals(0, e.min().getAsLong());
        assertEquals(1023, e.max().getAsLong());
        assertFalse(e.expected().isPresent());
        PolyIdException n = fails("OUT_OF_RANGE", () -> XidGenerator.create(
                GeneratorOptions.defaults().manualClock(0).node(960)));
        assertEquals(960, n.found().getAsLong());
        assertEquals(959, n.max().getAsLong());
        assertFalse(fails("INVALID_LENGTH", () -> Xid.parse("abc")).min().isPresent());
    }

    @Test
    void codesOfEachFamily() {
        fails("INVALID_FORMAT", () -> Wdp.compactId("E.AUTH.TOKEN"));
        fails("NON_ASCII", () -> Wdp.compactId("E.AUTH.TÖKEN.001"));
        fails("INVALID_SEVERITY", () -> Wdp.compactId("X.AUTH.TOKEN.001"));
        fails("UNKNOWN_NAMED_SEQUENCE", () -> Wdp.compactId("E.AUTH.TOKEN.NOPE"));
        fails("INVALID_NAMESPACE", () -> Wdp.namespaceHash("Auth"));
        fails("OVERFLOW", () -> Uid11.parse("zzzzzzzzzzz"));
        fails("OUT_OF_RANGE", () -> Xid.fromParts(0, 0));
        fails("OUT_OF_RANGE", () -> Xid.fromParts(-1, 0));
        fails("OUT_OF_RANGE", () -> Tid.fromParts(0, 1024));
        fails("OUT_OF_RANGE", () -> Tid.fromParts(0, -1));
        fails("OUT_OF_RANGE", () -> Euid.fromParts(1700000000000L, -1, 0, 0));
        fails("OUT_OF_RANGE", () -> Euid.generate(32768));
        fails("INVALID_CHECKMOD", () -> Euid.parse("1HF7YAT0007ZG0938NKRKAYDXXC"));
        fails("INVALID_LENGTH", () -> Euid.fromBytes(new byte[15]));
        fails("NOT_UUID_V8", () -> ExtUuid.decode("00000000-0000-4000-8000-000000000000"));
        GeneratorOptions later = GeneratorOptions.defaults().manualClock(0).onClockBehind("later");
        fails("INVALID_ARGUMENT", () -> XidGenerator.create(later));
        // The options fail in their order (docs/spec §6.5): the node before the policy.
        fails("OUT_OF_RANGE", () -> XidGenerator.create(later.node(960)));
        fails("INVALID_ARGUMENT", () -> TidGenerator.create(later, 1024));
        assertEquals("on_clock_behind: expected \"fail\" or \"wait\", found \"later\"",
                assertThrows(PolyIdException.class, () -> XidGenerator.create(later)).getMessage());
        fails("OUT_OF_RANGE", () -> Node.set(960));
        fails("OUT_OF_RANGE", () -> Node.set(-5));
    }

    // A part outside its valid values gets the core's message with the part's own range
    // (docs/spec), whether or not it fits the Rust parameter's type, as in C, Node and SQL.
    private static void outOfRange(String message, Runnable r) {
        assertEquals(message, fails("OUT_OF_RANGE", r).getMessage());
    }

    @Test
    void aPartOutOfRangeNamesItsValidValues() {
        outOfRange("TID clock_id: 1024 is out of range 0..=1023", () -> Tid.fromParts(0, 1024));
        outOfRange("TID clock_id: -1 is out of range 0..=1023", () -> Tid.fromParts(0, -1));
        outOfRange("TID clock_id: 70000 is out of range 0..=1023", () -> Tid.fromParts(0, 70000));
        outOfRange("xid unix_ms: 0 is out of range 1321009871111..=5719056382214", () -> Xid.fromParts(0, 0));
        outOfRange("xid unix_ms: -1 is out of range 1321009871111..=5719056382214", () -> Xid.fromParts(-1, 0));
        outOfRange("xid random: -1 is out of range 0..=4194303", () -> Xid.fromParts(1700000000000L, -1));
        outOfRange("EUID unix_ms: -1 is out of range 0..=35184372088831", () -> Euid.fromParts(-1, null, 0, 0));
        outOfRange("EUID extension: -1 is out of range 0..=32767", () -> Euid.fromParts(0, -1, 0, 0));
        outOfRange("EUID extension: 70000 is out of range 0..=32767", () -> Euid.generate(70000));
        outOfRange("EUID padding: -1 is out of range 0..=32767", () -> Euid.fromParts(0, null, -1, 0));
        outOfRange("node: -5 is out of range 0..=959", () -> Node.set(-5));
        outOfRange("max_lead_ms: -1 is out of range 0..=86400000",
                () -> TidGenerator.create(GeneratorOptions.defaults().maxLeadMillis(-1)));
        TidGenerator g = TidGenerator.create();
        outOfRange("count: -1 is out of range 0..=10000000", () -> g.nextMany(-1));
        outOfRange("count: 10000001 is out of range 0..=10000000", () -> g.nextMany(10_000_001));
        outOfRange("TID clock_id: -1 is out of range 0..=1023",
                () -> TidGenerator.create(GeneratorOptions.defaults(), -1));
        try (NamedSequences names = new NamedSequences()) {
            // Outside 1-999 whatever integer it is, as 0 and 1000 are.
            PolyIdException e = fails("INVALID_SEQUENCE", () -> names.put("RATE", -1));
            assertEquals("named sequence: -1 is out of range 1..=999", e.getMessage());
        }
    }

    @Test
    void theFirstPartOutOfRangeIsNamed() {
        // Several parts out of range: the first in the order of the parameters, as in every
        // runtime, whatever the core's type for each.
        String micros = "TID micros: 9007199254740992 is out of range -9007199254740991..=9007199254740991";
        outOfRange(micros, () -> Tid.fromParts(9007199254740992L, -1));
        outOfRange(micros, () -> Tid.fromParts(9007199254740992L, 5000));
        outOfRange("xid unix_ms: 0 is out of range 1321009871111..=5719056382214", () -> Xid.fromParts(0, -1));
        outOfRange("EUID padding: 65536 is out of range 0..=4095", () -> Euid.fromParts(0, 5, 65536, 0));
        outOfRange("EUID padding: -1 is out of range 0..=4095", () -> Euid.fromParts(0, 5, -1, 0));
    }

    @Test
    void unboundedInputIsNotEchoed() {
        String huge = "E.AUTH." + "A".repeat(1_000_000) + ".001";
        PolyIdException e = fails("INVALID_PRIMARY", () -> Wdp.compactId(huge));
        assertTrue(e.getMessage().length() < 300, e.getMessage());
    }

    @Test
    void loneSurrogatesAndNulsAreInvalidNotCrashes() {
        // A lone surrogate reads as U+FFFD (3 UTF-8 bytes), which no alphabet has.
        PolyIdException e = fails("INVALID_CHARACTER", () -> Xid.parse("11111111\uD800"));
        assertEquals(8, e.index().getAsInt());
        assertEquals("\uFFFD", e.character().get());
        fails("INVALID_CHARACTER", () -> Xid.parse("1111111111\0"));
        fails("NON_ASCII", () -> Wdp.compactId("E.AUTH.TOKEN.00\uDC00"));
    }

    @Test
    void nullArgumentsAreNullPointerExceptions() {
        assertThrows(NullPointerException.class, () -> Xid.parse(null));
        assertThrows(NullPointerException.class, () -> Wdp.compactId((String) null));
    }

    @Test
    void closedHandlesFailWithNullPointer() {
        NamedSequences n = new NamedSequences();
        n.close();
        n.close();
        fails("NULL_POINTER", () -> Wdp.compactId("E.A.B.001", n));
        XidGenerator g = XidGenerator.create();
        g.close();
        fails("NULL_POINTER", g::next);
    }
}
