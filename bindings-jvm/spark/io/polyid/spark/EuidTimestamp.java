package io.polyid.spark;

import io.polyid.Euid;
import io.polyid.PolyIdException;
import java.sql.Timestamp;
import org.apache.spark.sql.api.java.UDF1;

/** {@code polyid_euid_timestamp(text)}: an EUID's time, null for a null or invalid EUID. */
public final class EuidTimestamp implements UDF1<String, Timestamp> {
    private static final long serialVersionUID = 1L;

    @Override
    public Timestamp call(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Timestamp.from(Euid.parse(text).instant());
        } catch (PolyIdException e) {
            return null;
        }
    }
}
