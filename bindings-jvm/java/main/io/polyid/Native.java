package io.polyid;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
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

    // WDP (src/wdp.rs); `names` 0 is the standard table.
    static native long namesNew();
    static native void namesFree(long handle);
    static native void namesInsert(long handle, String name, int number);
    static native String compactId(String code, long names);
    static native void compactIdUtf8(byte[] code, int offset, int length, byte[] out, int outOffset);
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
    static native String uid11Encode(long value);
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
    static native String tidText(long value, boolean display);
    static native long[] tidPrefixRange(String prefix);

    // EUID (src/euid.rs): {hi, lo}; an extension of Long.MIN_VALUE is none.
    static native long[] euidFromParts(long unixMs, long extension, int padding, long random);
    static native long[] euidFromBytes(byte[] bytes);
    static native long[] euidParse(String text);
    static native long[] euidParseAs(String text, String profile);
    static native String euidText(long hi, long lo, boolean check);
    static native int euidCheckmod(long hi, long lo);
    static native long[] euidGenerate(long extension);
    static native long[] euidGenerateAt(long unixMs, long extension);
    static native long[] euidNext(long hi, long lo);

    // EXTUUID (src/extuuid.rs).
    static native String extuuidEncode(String text);
    static native String extuuidDecode(String uuid);
    static native String[] extuuidInspect(String input);

    // Generators and the process node (src/gen.rs).
    static native long genNew(int family, long[] options);
    static native void genFree(long handle);
    static native long genNext(long handle);
    static native long[] genNextMany(long handle, int count);
    static native void genSetClock(long handle, long micros);
    static native long[] genInfo(long handle);
    static native void setNode(long node);
    static native int processNode();
    static native void setNodeRequired(boolean required);
    static native boolean nodeRequired();
    static native boolean clockBehindIsWait(String policy);
}
