package io.polyid.spark;

import io.polyid.Wdp;
import org.apache.spark.sql.api.java.UDF1;

/** {@code polyid_compact_id(code)}: the WDP compact ID, null for a null or invalid code. */
public final class CompactId implements UDF1<String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String call(String code) {
        return code == null ? null : Wdp.compactIdOrNull(code);
    }
}
