package io.polyid.testkit;

import io.polyid.Euid;
import io.polyid.PolyId;
import io.polyid.Tid;
import io.polyid.Wdp;
import io.polyid.Xid;
import java.util.function.Supplier;

/** {@code make jvm-bench}: ns/op of the main calls beside an empty JNI call (the floor). */
public final class Bench {
    private Bench() {}

    private static Object sink;

    private static void time(String name, Supplier<Object> op) {
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            sink = op.get();
        }
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long t = System.nanoTime();
            for (int i = 0; i < n; i++) {
                sink = op.get();
            }
            best = Math.min(best, System.nanoTime() - t);
        }
        System.out.printf("%-34s %8.1f ns/op%n", name, (double) best / n);
    }

    public static void main(String[] args) {
        Tid tid = Tid.fromParts(1721407246480310L, 1);
        Euid euid = Euid.fromParts(1700000000000L, 255, 0, 0x0123456789abcdefL);
        time("JNI no-op (floor)", () -> {
            PolyId.noop();
            return null;
        });
        time("Wdp.compactId", () -> Wdp.compactId("E.Auth.Token.001"));
        byte[] code = "E.Auth.Token.001".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] id = new byte[Wdp.COMPACT_ID_LENGTH];
        time("Wdp.compactIdUtf8 (bytes in and out)", () -> {
            Wdp.compactIdUtf8(code, 0, code.length, id, 0);
            return id;
        });
        time("Xid.parse", () -> Xid.parse("4h1dcciSDYs"));
        time("Xid.toString", () -> Xid.fromLong(0x123456789L).toString());
        time("Tid.parse", () -> Tid.parse("3kxnlhr3gxq23"));
        time("Tid.toString", tid::toString);
        time("Euid.parse", () -> Euid.parse("1HF7YAT0007ZG0938NKRKAYDXXB"));
        time("Euid.toString", euid::toString);
        time("Xid.generate", Xid::generate);
        time("Tid.generate", Tid::generate);
        time("Euid.generate", Euid::generate);
    }
}
