package io.polyid;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * EXTUUID (docs/spec §5): typed values (symbols, serials, fixed-point numbers, quantities,
 * times, vectors) packed into UUIDv8, and back.
 */
public final class ExtUuid {
    private ExtUuid() {}

    /** What {@link #inspect} reads: the UUID, the canonical printed form, the kind, the fields. */
    public record Inspection(String uuid, String text, String kind, Map<String, Object> fields) {}

    /** The {@code 8-4-4-4-12} UUID text of a printed value, e.g. {@code fixedB4:GBP$:222.31}. */
    public static String encode(String text) {
        return Native.extuuidEncode(Objects.requireNonNull(text, "text"));
    }

    /** The UUID of a printed value, as a {@link UUID}. */
    public static UUID encodeUuid(String text) {
        return UUID.fromString(encode(text));
    }

    /** The canonical printed form of an EXTUUID's UUID text. */
    public static String decode(String uuid) {
        return Native.extuuidDecode(Objects.requireNonNull(uuid, "uuid"));
    }

    /** The canonical printed form of an EXTUUID. */
    public static String decode(UUID uuid) {
        return decode(uuid.toString());
    }

    /**
     * Reads either form (a UUID or a printed value) and lists its typed fields, in the kind's
     * order: text as {@code String}, integers as {@code BigInteger}, floats as {@code Double},
     * flags as {@code Boolean}, lists as {@code List} of those.
     */
    public static Inspection inspect(String input) {
        String[] f = Native.extuuidInspect(Objects.requireNonNull(input, "input"));
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 3; i + 2 < f.length; i += 3) {
            fields.put(f[i], field(f[i + 1], f[i + 2]));
        }
        return new Inspection(f[0], f[1], f[2], Collections.unmodifiableMap(fields));
    }

    private static Object field(String tag, String value) {
        switch (tag) {
            case "int":
                return new BigInteger(value);
            case "float":
                return Double.valueOf(value);
            case "bool":
                return Boolean.valueOf(value);
            case "ints":
            case "floats": {
                List<Object> list = new ArrayList<>();
                if (!value.isEmpty()) {
                    for (String item : value.split(",")) {
                        list.add(tag.equals("ints") ? new BigInteger(item) : Double.valueOf(item));
                    }
                }
                return Collections.unmodifiableList(list);
            }
            default:
                return value;
        }
    }
}
