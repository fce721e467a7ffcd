package io.polyid.spark;

import io.polyid.PolyIdException;
import io.polyid.Xid;
import java.sql.Timestamp;
import org.apache.spark.sql.api.java.UDF1;

/** {@code polyid_xid_timestamp(text)}: an xid's time, null for a null or invalid xid. */
public final class XidTimestamp implements UDF1<String, Timestamp> {
    private static final long serialVersionUID = 1L;

    @Override
    public Timestamp call(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Timestamp.from(Xid.parse(text).instant());
        } catch (PolyIdException e) {
            return null;
        }
    }
}
