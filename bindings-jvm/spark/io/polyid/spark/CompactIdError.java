package io.polyid.spark;

import io.polyid.PolyIdException;
import io.polyid.Wdp;
import org.apache.spark.sql.api.java.UDF1;

/** {@code polyid_compact_id_error(code)}: a code's stable error code, null when it is valid or null. */
public final class CompactIdError implements UDF1<String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String call(String code) {
        if (code == null) {
            return null;
        }
        try {
            Wdp.compactId(code);
            return null;
        } catch (PolyIdException e) {
            return e.code();
        }
    }
}
