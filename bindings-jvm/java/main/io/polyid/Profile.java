package io.polyid;

/** A reading of the families (docs/spec §1-§5): polyid's own, or another implementation's. */
public enum Profile {
    /** polyid's own reading of every family. */
    POLYID("polyid"),
    /** AT Protocol's TIDs. */
    ATPROTO("atproto"),
    /** The EUID reference. */
    EUID("euid"),
    /** waddling-errors' WDP compact IDs, namespace hashes and full IDs. */
    WADDLING("waddling");

    private final String id;

    Profile(String id) {
        this.id = id;
    }

    /** The profile's name, as every polyid runtime spells it. */
    public String id() {
        return id;
    }
}
