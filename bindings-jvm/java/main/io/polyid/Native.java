package io.polyid;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The native library (bindings-jvm/src, libpolyid_jvm) and its calls. The jar carries one
 * library per platform under {@code META-INF/native/<os>-<arch>/}; the first use copies the
 * one for this JVM to a temporary file and loads it. The system property
 * {@code polyid.library} (a path) loads that file instead.
 */
final class Native {
    private Native() {}

    static {
        load();
    }

    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "darwin"
                : os.startsWith("windows") ? "windows" : os.replace(' ', '_');
        String a = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
        return o + "-" + a;
    }

    private static void load() {
        String path = System.getProperty("polyid.library");
        if (path != null && !path.isEmpty()) {
            System.load(Path.of(path).toAbsolutePath().toString());
            return;
        }
        String platform = platform();
        String name = System.mapLibraryName("polyid_jvm");
        String resource = "/META-INF/native/" + platform + "/" + name;
        try (InputStream in = Native.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("polyid: this jar has no native library for "
                        + platform + " (" + resource + ")");
            }
            Path file = Files.createTempFile("polyid_jvm", "-" + name);
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toAbsolutePath().toString());
            } finally {
                // The loaded library stays mapped; the file is not needed once it is loaded.
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError(
                    "polyid: cannot extract " + resource + ": " + e.getMessage());
            error.initCause(e);
            throw error;
        }
    }

    /** The "absent" of an optional small integer (an EUID extension, a TID clock id). */
    static final long NONE = Long.MIN_VALUE;

    static native void noop();

    // IDs' texts: the native side writes their ASCII bytes into a Java array and the String is
    // made here, in Java (one byte per char in a Latin-1 String), which costs less than a
    // String made by JNI from modified UTF-8.
    static String ascii(byte[] bytes, int length) {
        return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    static String uid11String(long value) {
        byte[] b = new byte[11];
        return ascii(b, uid11Encode(value, b));
    }

    static String tidString(long value, boolean display) {
        byte[] b = new byte[16];
        return ascii(b, tidText(value, display, b));
    }

    static String euidString(long hi, long lo, boolean check) {
        byte[] b = new byte[27];
        return ascii(b, euidText(hi, lo, check, b));
    }

    /** The five bytes of a compact ID packed by compactIdPacked or compactIdUtf8, written to out. */
    static void unpack(long packed, byte[] out, int offset) {
        for (int i = 0; i < 5; i++) {
            out[offset + i] = (byte) (packed >>> (8 * i));
        }
    }

    // WDP (src/wdp.rs); `names` 0 is the standard table.
    static native long namesNew();
    static native void namesFree(long handle);
    static native void namesInsert(long handle, String name, int number);
    static native long compactIdPacked(String code);
    static native String compactId(String code, long names);
    static native long compactIdUtf8(byte[] code, int offset, int length, boolean precise);
    static native String compactIdAs(String code, String profile, long names);
    static native String normalizeCode(String code, long names);
    static native String namespaceHash(String namespace);
    static native String fullId(String namespace, String code, long names);
    static native String[] parseFullId(String text);
    static native String[] parseCode(String code, long names);

    // Catalogs (src/catalog.rs): a handle, freed by catalogFree.
    static native long catalogLoad(String json);
    static native long catalogBuild(String namespace, String[] codes, String[] messages,
            String[] descriptions, String[] docsUrls, String[][] hints, String[][] tags);
    static native void catalogFree(long handle);
    static native String[] catalogIds(long handle);
    static native String catalogNamespaceHash(long handle);
    static native Object[] catalogEntry(long handle, String id);
    static native String[] catalogExpand(long handle, String id, String[] names, String[] values);
    static native String[] catalogExpandJson(long handle, String id, String fields);
    static native String[] catalogExpandPayload(long handle, String payload);
    static native String catalogToJson(long handle, int form);
    static native String catalogCanonical(long handle);
    static native byte[] catalogSign(long handle, byte[] secretKey);
    static native void catalogVerify(long handle, byte[] publicKey, byte[] signature);
    static native byte[] catalogKeypair();
    static native byte[] catalogPublicKey(byte[] secretKey);

    // uid11, xid, TID (src/ids.rs).
    static native int uid11Encode(long value, byte[] out);
    static native long uid11Decode(String text);
    static native long[] uid11PrefixRange(String prefix);
    static native long xidFromParts(long unixMs, int random);
    static native long xidParse(String text);
    static native long xidGenerate();
    static native long xidGenerateAt(long unixMs);
    static native long[] xidPrefixTimeRange(String prefix);
    static native long tidFromParts(long micros, int clockId);
    static native long tidFromLong(long value);
    static native long tidParse(String text);
    static native long tidParseAs(String text, String profile);
    static native long tidGenerate();
    static native int tidText(long value, boolean display, byte[] out);
    static native long[] tidPrefixRange(String prefix);

    // EUID (src/euid.rs): {hi, lo} written into out (a long[2]); an extension of Long.MIN_VALUE
    // is none.
    static native void euidFromParts(long unixMs, long extension, int padding, long random, long[] out);
    static native void euidFromBytes(byte[] bytes, long[] out);
    static native void euidParse(String text, long[] out);
    static native void euidParseAs(String text, String profile, long[] out);
    static native int euidText(long hi, long lo, boolean check, byte[] out);
    static native int euidCheckmod(long hi, long lo);
    static native void euidGenerate(long extension, long[] out);
    static native void euidGenerateAt(long unixMs, long extension, long[] out);
    static native void euidNext(long hi, long lo, long[] out);

    // EXTUUID (src/extuuid.rs).
    static native String extuuidEncode(String text);
    static native String extuuidDecode(String uuid);
    static native String[] extuuidInspect(String input);

    // Generators and the process node (src/gen.rs).
    static native long genNew(int family, long[] options, String policy);
    static native void genFree(long handle);
    static native long genNext(long handle);
    static native long[] genNextMany(long handle, int count);
    static native void genSetClock(long handle, long micros);
    static native long[] genInfo(long handle);
    static native void setNode(long node);
    static native int processNode();
    static native void setNodeRequired(boolean required);
    static native boolean nodeRequired();
}
