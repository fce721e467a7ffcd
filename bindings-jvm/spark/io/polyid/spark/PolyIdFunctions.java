package io.polyid.spark;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.types.DataTypes;

/**
 * Registers polyid's Spark SQL functions in a session, from Java or Scala:
 * {@code PolyIdFunctions.register(spark)}, then {@code SELECT polyid_compact_id(code) ...}.
 * From PySpark, {@code spark.udf.registerJavaFunction("polyid_compact_id",
 * "io.polyid.spark.CompactId", "string")} registers one.
 */
public final class PolyIdFunctions {
    private PolyIdFunctions() {}

    /**
     * Registers {@code polyid_compact_id} as a Spark SQL expression ({@link CompactIdExpression}),
     * which reads and writes Spark's own string bytes, in place of the UDF of the same name.
     * It needs the session of Spark's classic (non-Connect) API, which PySpark's
     * {@code spark._jsparkSession} is.
     */
    public static void registerExpressions(SparkSession spark) {
        org.apache.spark.sql.classic.SparkSession classic = (org.apache.spark.sql.classic.SparkSession) spark;
        scala.Function1<scala.collection.immutable.Seq<Expression>, Expression> builder = children -> {
            if (children.size() != 1) {
                throw new IllegalArgumentException("polyid_compact_id takes one argument, got " + children.size());
            }
            return CompactIdExpression.of(children.head());
        };
        classic.sessionState().functionRegistry().createOrReplaceTempFunction("polyid_compact_id", builder, "java_udf");
    }

    /** Registers {@code polyid_compact_id}, {@code polyid_compact_id_error} and the timestamps. */
    public static void register(SparkSession spark) {
        spark.udf().register("polyid_compact_id", new CompactId(), DataTypes.StringType);
        spark.udf().register("polyid_compact_id_error", new CompactIdError(), DataTypes.StringType);
        spark.udf().register("polyid_tid_timestamp", new TidTimestamp(), DataTypes.TimestampType);
        spark.udf().register("polyid_xid_timestamp", new XidTimestamp(), DataTypes.TimestampType);
        spark.udf().register("polyid_euid_timestamp", new EuidTimestamp(), DataTypes.TimestampType);
    }
}
