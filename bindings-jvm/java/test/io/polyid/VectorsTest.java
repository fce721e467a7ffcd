package io.polyid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.polyid.testkit.Json;
import io.polyid.testkit.Vectors;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every case of every tests/vectors/*.json file through the public API, one test each. */
class VectorsTest {
    @TestFactory
    Stream<DynamicTest> everyVector() throws IOException {
        List<Vectors.Case> cases = Vectors.load(Vectors.dir());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Vectors.Result r = Vectors.checkOrSkip(c);
            assumeTrue(!r.status().equals("skip"), () -> "skipped: " + r.reason());
            assertEquals("pass", r.status(), () -> "expected " + Json.write(r.expected())
                    + " got " + Json.write(r.got()));
        }));
    }

    @Test
    void nothingIsSkipped() throws IOException {
        List<Vectors.Case> cases = Vectors.load(Vectors.dir());
        assertTrue(cases.stream().anyMatch(c -> c.op().startsWith("catalog_")), "no catalog vectors read");
        for (Vectors.Case c : cases) {
            Vectors.Result r = Vectors.checkOrSkip(c);
            assertTrue(!r.status().equals("skip"), () -> c.id() + ": " + r.reason());
        }
    }
}
