package io.polyid.spark;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;

/**
 * Registers polyid's Spark SQL functions in a session, from Java or Scala:
 * {@code PolyIdFunctions.register(spark)}, then {@code SELECT polyid_compact_id(code) ...}.
 * From PySpark, {@code spark.udf.registerJavaFunction("polyid_compact_id",
 * "io.polyid.spark.CompactId", "string")} registers one.
 */
public final class PolyIdFunctions {
    private PolyIdFunctions() {}

    /** Registers {@code polyid_compact_id}, {@code polyid_compact_id_error} and the timestamps. */
    public static void register(SparkSession spark) {
        spark.udf().register("polyid_compact_id", new CompactId(), DataTypes.StringType);
        spark.udf().register("polyid_compact_id_error", new CompactIdError(), DataTypes.StringType);
        spark.udf().register("polyid_tid_timestamp", new TidTimestamp(), DataTypes.TimestampType);
        spark.udf().register("polyid_xid_timestamp", new XidTimestamp(), DataTypes.TimestampType);
        spark.udf().register("polyid_euid_timestamp", new EuidTimestamp(), DataTypes.TimestampType);
    }
}
