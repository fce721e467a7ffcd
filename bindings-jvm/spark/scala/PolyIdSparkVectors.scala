import org.apache.spark.sql.{DataFrame, SparkSession}
import org.apache.spark.sql.functions.{col, explode}

/**
 * A Spark job written in Scala, as a Scala user would write one: polyid's functions
 * registered from Scala (`PolyIdFunctions.register`, then `registerExpressions`) and used in
 * Spark SQL over the shared vectors (the files of tests/vectors, read by Spark's JSON reader). Each
 * function's value must equal the vector's: the compact ID or null for an invalid code (and
 * the error code), the time of a TID, an xid and an EUID or null for an invalid text.
 *
 *   spark-submit --class PolyIdSparkVectors --jars polyid.jar,polyid-spark.jar job.jar VECTORS_DIR
 *
 * Prints one line per check and a last line "spark scala: N vectors, F failed"; exits 1 when
 * any failed.
 */
object PolyIdSparkVectors {
  // The fields each check reads (a schema, not inference: a table of named sequences has keys
  // that differ only in case, which Spark's inferred columns cannot hold).
  def cases(spark: SparkSession, dir: String, family: String, op: String, fields: String): DataFrame =
    spark.read.option("multiLine", "true").option("mode", "FAILFAST")
      .schema(s"cases ARRAY<STRUCT<name: STRING, op: STRING, $fields>>")
      .json(s"$dir/$family.json")
      .select(explode(col("cases")).as("c"))
      .where(col("c.op") === op)
      .select("c.*")

  def main(args: Array[String]): Unit = {
    val dir = args(0)
    val spark = SparkSession.builder().appName("polyid-vectors").getOrCreate()
    io.polyid.spark.PolyIdFunctions.register(spark)

    // Standard names only: the vectors with a table of their own need the library's API.
    cases(spark, dir, "wdp", "compact_id",
      "input: STRUCT<code: STRING, named_sequences: MAP<STRING, INT>>, output: STRING, error: STRING")
      .where(col("input.named_sequences").isNull).createOrReplaceTempView("wdp")
    // `output` differs in shape between a file's operations: read as its JSON text.
    for (family <- Seq("tid", "xid", "euid"))
      cases(spark, dir, family, s"${family}_parse", "input: STRUCT<text: STRING>, output: STRING")
        .createOrReplaceTempView(family)

    val checks = Seq(
      "compact ID (UDF)" ->
        "SELECT name, polyid_compact_id(input.code) <=> output AS ok FROM wdp",
      "compact ID error code (UDF)" ->
        "SELECT name, polyid_compact_id_error(input.code) <=> error AS ok FROM wdp",
      "TID time (UDF)" ->
        """SELECT name, polyid_tid_timestamp(input.text) <=>
             timestamp_micros(CAST(get_json_object(output, '$.micros') AS BIGINT)) AS ok FROM tid""",
      "xid time (UDF)" ->
        """SELECT name, polyid_xid_timestamp(input.text) <=>
             timestamp_millis(CAST(get_json_object(output, '$.unix_ms') AS BIGINT)) AS ok FROM xid""",
      "EUID time (UDF)" ->
        """SELECT name, polyid_euid_timestamp(input.text) <=>
             timestamp_millis(CAST(get_json_object(output, '$.unix_ms') AS BIGINT)) AS ok FROM euid""",
    )
    var total = 0L
    var failed = 0L
    def run(label: String, sql: String): Unit = {
      val rows = spark.sql(sql).collect()
      val bad = rows.filter(r => !r.getBoolean(1)).map(_.getString(0))
      total += rows.length
      failed += bad.length
      println(f"  $label%-32s ${rows.length}%4d vectors, ${bad.length} failed${
        if (bad.isEmpty) "" else bad.take(5).mkString(": ", ", ", "")}")
    }
    checks.foreach { case (label, sql) => run(label, sql) }

    // The same compact IDs from the Spark SQL expression (Spark's string bytes in and out).
    io.polyid.spark.PolyIdFunctions.registerExpressions(spark)
    run("compact ID (expression)", "SELECT name, polyid_compact_id(input.code) <=> output AS ok FROM wdp")

    spark.stop()
    println(s"spark scala: $total vectors, $failed failed")
    if (failed > 0 || total == 0) sys.exit(1)
  }
}
