package io.polyid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/** Generators: the deterministic runs of docs/spec §6, sharing, and POLYID_NODE. */
class GeneratorsTest {
    @Test
    void nodeRunFromTheVectors() {
        // tests/vectors/generators.json "xid-node-counts-from-zero".
        try (XidGenerator g = XidGenerator.create(
                GeneratorOptions.defaults().node(5).manualClock(1700000000000000L))) {
            assertEquals("[4h1dcciSDYs, 4h1dcciSDYt, 4h1dcciSDYu]", g.nextMany(3).toString());
            assertEquals(5, g.node().getAsInt());
            assertEquals("[4h1dcciSDYv, 4h1dcciSDYw]", g.nextMany(2).toString());
            g.setClockMicros(1700000000001000L);
            assertEquals("4h1dccioiNT", g.next().toString());
        }
    }

    @Test
    void tidClockIdAndEuidExtension() {
        try (TidGenerator g = TidGenerator.create(
                GeneratorOptions.defaults().manualClock(1700000000000000L), 1023)) {
            assertEquals(1023, g.next().clockId());
            assertEquals(1023, g.clockId());
        }
        try (EuidGenerator g = EuidGenerator.create(GeneratorOptions.defaults(), 7)) {
            Euid a = g.next();
            Euid b = g.next();
            assertEquals(7, a.extension().getAsInt());
            assertTrue(a.compareTo(b) < 0);
            assertEquals(7, g.extension().getAsInt());
        }
    }

    @Test
    void sharedByThreadsStaysUniqueAndIncreasing() throws InterruptedException {
        try (TidGenerator g = TidGenerator.create(GeneratorOptions.defaults().maxLeadMillis(86_400_000L))) {
            ConcurrentLinkedQueue<List<Tid>> lists = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Thread th = new Thread(() -> {
                    List<Tid> mine = new ArrayList<>();
                    for (int i = 0; i < 2000; i++) {
                        mine.add(g.next());
                    }
                    lists.add(mine);
                });
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                th.join();
            }
            Set<Tid> all = new HashSet<>();
            for (List<Tid> l : lists) {
                List<Tid> sorted = new ArrayList<>(l);
                Collections.sort(sorted);
                assertEquals(sorted, l);
                all.addAll(l);
            }
            assertEquals(8000, all.size());
        }
    }

    @Test
    void processGenerators() {
        Xid a = Xid.generate();
        Xid b = Xid.generate();
        assertTrue(a.compareTo(b) < 0);
        assertTrue(Tid.generate().compareTo(Tid.generate()) < 0);
        Euid e = Euid.generate();
        assertTrue(e.compareTo(e.next()) < 0);
    }

    private static String child(String... env) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The jar and the test classes, wherever the test runner found them.
        String cp = Path.of(Xid.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + System.getProperty("path.separator")
                + Path.of(NodeChild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", cp, NodeChild.class.getName());
        pb.environment().remove("POLYID_NODE");
        pb.environment().remove("POLYID_NODE_REQUIRED");
        for (int i = 0; i + 1 < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor();
        return out;
    }

    @Test
    void polyidNodeInChildJvms() throws Exception {
        // docs/spec §6.2: with node n, an xid's low 22 bits hold n in bits 12-21.
        assertEquals("node 37 xid-node 37", child("POLYID_NODE", "37"));
        assertEquals("error OUT_OF_RANGE", child("POLYID_NODE", "960"));
        assertEquals("error NODE_REQUIRED", child("POLYID_NODE_REQUIRED", "1"));
    }
}
