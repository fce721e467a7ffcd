package io.polyid;

/** Facts about the library: its version and the platform of the native library loaded. */
public final class PolyId {
    private PolyId() {}

    /** The platform directory of the native library in the jar, e.g. {@code linux-x86_64}. */
    public static String platform() {
        return Native.platform();
    }

    /** An empty call into the native library and back (the floor of every call's cost). */
    public static void noop() {
        Native.noop();
    }
}
