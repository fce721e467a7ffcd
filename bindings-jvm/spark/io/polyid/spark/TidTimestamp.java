package io.polyid.spark;

import io.polyid.PolyIdException;
import io.polyid.Tid;
import java.sql.Timestamp;
import org.apache.spark.sql.api.java.UDF1;

/** {@code polyid_tid_timestamp(text)}: a TID's time, null for a null or invalid TID. */
public final class TidTimestamp implements UDF1<String, Timestamp> {
    private static final long serialVersionUID = 1L;

    @Override
    public Timestamp call(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Timestamp.from(Tid.parse(text).instant());
        } catch (PolyIdException e) {
            return null;
        }
    }
}
