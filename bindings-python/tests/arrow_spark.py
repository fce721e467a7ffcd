"""polyid.arrow on Apache Spark (local mode): `make engines`.

    arrow_spark.py [--rows N] [--partitions P] [--udf-rows N] [--master local[2]]

1. Writes a partitioned Parquet dataset of N rows (target/engines/codes, reused while N and
   P are unchanged): an id, and a WDP code per row, among them nulls and invalid codes.
2. Spark computes the compact ID and the error code of every row with `mapInArrow`
   (`polyid.arrow.compact_ids(..., on_error="null")` over each Arrow batch), and with
   `arrow_udf` when this PySpark has it, and writes the result as Parquet (each timing
   includes reading the dataset and writing the result).
3. One process reads the same dataset with pyarrow and computes the same columns with
   `polyid.arrow`; the Spark results must equal it row for row (sorted by id). Expected
   values are also checked independently: the docs/spec vector "E.Auth.Token.MISSING" ->
   "V6a0B", and 1,000 rows against the scalar `polyid.compact_id`.
   Beside them, "no UDF" reads the same columns and writes the id and a short string per row
   (the id in hex, null where the code is null) with no function applied: the floor each
   path pays, timed before and after the paths (the faster run counts, so that the JIT's
   warm-up is not charged to it). Each path's rows/s is printed beside the floor's, with the
   rate of its function alone (its time above the floor).
4. A plain Python UDF (pickled rows, `polyid.compact_id` per row) runs over the partitions
   that hold about --udf-rows rows, written the same way, for the rows/s comparison.
5. With --jvm-jars (polyid.jar and polyid-spark.jar of `make jvm-spark`), the JVM UDF
   `io.polyid.spark.CompactId`, registered with `spark.udf.registerJavaFunction`, computes the
   same column in the executors' JVM (no Python worker), written the same way; then the same
   function as a Spark SQL expression (`PolyIdFunctions.registerExpressions`: Spark's string
   bytes in and out, no `String` per row). Each result must equal the single-process run too.

Ends with one line: "engines: ... PASS" (exit status 0) or "... FAIL" (exit status 1).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
import warnings
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads
import pyarrow.parquet as pq

import polyid
import polyid.arrow as ids

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "target" / "engines"

# Spark's own logging (log4j2) at ERROR only, no progress bars.
LOG4J = """rootLogger.level = error
rootLogger.appenderRef.stdout.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
"""


def spark_session(master: str, jars: str = ""):  # type: ignore[no-untyped-def]
    conf_dir = WORK / "conf"
    conf_dir.mkdir(parents=True, exist_ok=True)
    (conf_dir / "log4j2.properties").write_text(LOG4J)
    os.environ["SPARK_CONF_DIR"] = str(conf_dir)
    # The executors' Python is this one, with the same polyid wheel installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master(master)
        .appName("polyid-engines")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "4g")
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "65536")
        .config("spark.local.dir", str(WORK / "spark-tmp"))
        .config("spark.jars", jars)
        .config("spark.driver.extraJavaOptions",
                f"-Dlog4j2.configurationFile=file:{conf_dir / 'log4j2.properties'}")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def write_dataset(spark, path: Path, rows: int, partitions: int) -> None:  # type: ignore[no-untyped-def]
    """N rows: valid codes of 97 x 89 x 999 shapes, one null in 1,000, one invalid code
    ("E.A.B.000", sequence 000) in 10,007."""
    stamp = path / f"_rows={rows}_partitions={partitions}"
    if stamp.exists():
        return
    shutil.rmtree(path, ignore_errors=True)
    from pyspark.sql import functions as F

    i = F.col("id")
    code = F.concat(
        F.lit("E.Comp"), (i % 97).cast("string"),
        F.lit(".Prim"), (i % 89).cast("string"),
        F.lit("."), F.lpad(((i % 999) + 1).cast("string"), 3, "0"),
    )
    code = (F.when(i % 1000 == 999, F.lit(None).cast("string"))
            .when(i % 10007 == 5, F.lit("E.A.B.000"))
            .otherwise(code))
    df = (spark.range(0, rows, numPartitions=partitions)
          .select(i.alias("id"), code.alias("code"), (i % partitions).alias("part")))
    df.write.partitionBy("part").parquet(str(path))
    stamp.touch()


RESULT = pa.schema([("id", pa.int64()), ("compact_id", pa.string()), ("error", pa.string())])


def with_compact_ids(batches):  # type: ignore[no-untyped-def]
    """The mapInArrow function: each Arrow batch of a partition, in and out."""
    for b in batches:
        r = pa.array(ids.compact_ids(b.column("code"), on_error="null"))
        yield pa.RecordBatch.from_arrays(
            [b.column("id"), r.field("value"), r.field("error")], schema=RESULT)


def timed(label: str, action) -> float:  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    action()
    s = time.perf_counter() - t
    print(f"  {label}: {s:.1f} s", flush=True)
    return s


def write_tables(path: str, version: str, a, floor_s: float, runs: dict, memory: dict) -> None:  # type: ignore[no-untyped-def]
    """`make engines-write`: the rows/s of every path, in docs/data-engines.md."""
    au = runs.get("arrow_udf")
    lines = [f"Spark {version}, {a.master}, {a.rows:,} rows in {a.partitions} Parquet partitions; "
             "rows/s of the job (read the dataset, compute, write Parquet), of the function "
             "alone (the job's time above the no-UDF floor), and over the dataset cached in "
             "memory with Spark's noop sink:", "",
             "| path | job rows/s | function alone rows/s | cached, noop sink rows/s | job / arrow_udf | cached / arrow_udf |",
             "|---|---:|---:|---:|---:|---:|",
             f"| no UDF (the floor) | {a.rows / floor_s:,.0f} | | {memory.get('no UDF', 0):,.0f} | | |"]
    for k, (n, s) in runs.items():
        above = s - floor_s * n / a.rows
        alone = f"{n / above:,.0f}" if above > 0 else "within the floor"
        cached = f"{memory[k]:,.0f}" if k in memory else ""
        job_ratio = f"{(n / s) / (au[0] / au[1]):.2f}x" if au else ""
        cached_ratio = (f"{memory[k] / memory['arrow_udf']:.2f}x"
                        if k in memory and "arrow_udf" in memory else "")
        lines.append(f"| {k} | {n / s:,.0f} | {alone} | {cached} | {job_ratio} | {cached_ratio} |")
    if au and "JVM expression" in runs:
        n, s = runs["JVM expression"]
        job = (n / s) / (au[0] / au[1])
        cached = memory["JVM expression"] / memory["arrow_udf"]
        bound = au[1] / floor_s
        alone = (au[1] - floor_s) / (s - floor_s) if s > floor_s else float("inf")
        cached_bound = memory["no UDF"] / memory["arrow_udf"]
        lines += ["", f"JVM expression / arrow_udf (target >= 3x): {job:.2f}x for the job, "
                  f"{cached:.2f}x cached, {alone:.2f}x for the function alone. A function that "
                  f"cost nothing would be at most {bound:.2f}x faster than arrow_udf in the job "
                  f"and {cached_bound:.2f}x cached (each floor's rate over arrow_udf's)."]
    with open(path, "a") as f:
        f.write("\n".join(lines) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--partitions", type=int, default=8)
    ap.add_argument("--udf-rows", type=int, default=2_000_000)
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--jvm-jars", default="", help="comma-separated: polyid.jar,polyid-spark.jar")
    a = ap.parse_args()

    import pyspark

    WORK.mkdir(parents=True, exist_ok=True)
    data, out_dir = WORK / "codes", WORK / "out"
    warnings.filterwarnings("ignore", category=FutureWarning)
    spark = spark_session(a.master, a.jvm_jars)
    problems: list[str] = []
    try:
        print(f"==> engines: PySpark {pyspark.__version__}, {a.master}, {a.rows:,} rows in "
              f"{a.partitions} partitions ({data})", flush=True)
        timed("dataset (Parquet, partitioned)", lambda: write_dataset(spark, data, a.rows, a.partitions))
        df_parts = spark.read.parquet(str(data))
        df = df_parts.select("id", "code")

        # The Python workers start (and import polyid) before anything is timed.
        timed("warm-up (Python workers)", lambda: df.limit(10_000).mapInArrow(
            with_compact_ids, "id long, compact_id string, error string").collect())
        rates: dict[str, float] = {}
        memory_rates: dict[str, float] = {}
        # path -> (rows, seconds)
        runs: dict[str, tuple[int, float]] = {}
        from pyspark.sql import functions as F

        # Reads the code (an empty prefix of it keeps the column in the scan) and writes a
        # string of a compact ID's length and spread, as the paths do.
        floor_df = df.select("id", F.concat(F.substring("code", 1, 0), F.hex("id")).alias("compact_id"))

        def floor_run() -> float:
            return timed("no UDF (read and write only)",
                         lambda: floor_df.write.mode("overwrite").parquet(str(out_dir / "no_udf")))

        floor_s = floor_run()
        mapped = df.mapInArrow(with_compact_ids, "id long, compact_id string, error string")
        s = timed("mapInArrow + polyid.arrow", lambda: mapped.write.mode("overwrite").parquet(str(out_dir / "map_in_arrow")))
        rates["mapInArrow"] = a.rows / s
        runs["mapInArrow"] = (a.rows, s)

        try:
            from pyspark.sql.functions import arrow_udf  # PySpark 4.1 and newer
        except ImportError:
            arrow_udf = None
        if arrow_udf is not None:
            @arrow_udf("string")  # type: ignore[misc]
            def compact_id_column(codes: pa.Array) -> pa.Array:
                return pa.array(ids.compact_ids(codes, on_error="null")).field("value")

            udf_df = df.select("id", compact_id_column("code").alias("compact_id"))
            s = timed("arrow_udf + polyid.arrow", lambda: udf_df.write.mode("overwrite").parquet(str(out_dir / "arrow_udf")))
            rates["arrow_udf"] = a.rows / s
            runs["arrow_udf"] = (a.rows, s)
        else:
            print("  arrow_udf: not in this PySpark (4.1 and newer have it)")

        if a.jvm_jars:
            spark.udf.registerJavaFunction("polyid_compact_id", "io.polyid.spark.CompactId", "string")
            jvm_df = df.selectExpr("id", "polyid_compact_id(code) AS compact_id")
            timed("warm-up (JVM UDF)", lambda: jvm_df.limit(10_000).collect())
            s = timed("JVM UDF (io.polyid.spark.CompactId)",
                      lambda: jvm_df.write.mode("overwrite").parquet(str(out_dir / "jvm_udf")))
            rates["JVM UDF"] = a.rows / s
            runs["JVM UDF"] = (a.rows, s)

            # The same function as a Spark SQL expression over Spark's string bytes
            # (PolyIdFunctions.registerExpressions replaces the UDF of that name).
            spark._jvm.io.polyid.spark.PolyIdFunctions.registerExpressions(spark._jsparkSession)
            expr_df = df.selectExpr("id", "polyid_compact_id(code) AS compact_id")
            timed("warm-up (JVM expression)", lambda: expr_df.limit(10_000).collect())
            s = timed("JVM expression (io.polyid.spark.CompactIdExpression)",
                      lambda: expr_df.write.mode("overwrite").parquet(str(out_dir / "jvm_expr")))
            rates["JVM expression"] = a.rows / s
            runs["JVM expression"] = (a.rows, s)

        from pyspark.sql.functions import udf

        def compact_id_or_none(code):  # type: ignore[no-untyped-def]
            try:
                return None if code is None else polyid.compact_id(code)
            except polyid.PolyIdError:
                return None

        # A plain (pickled, row by row) Python UDF, over the partitions that hold about
        # --udf-rows rows.
        plain = udf(compact_id_or_none, "string", useArrow=False)
        parts = max(1, min(a.partitions, round(a.partitions * a.udf_rows / a.rows)))
        n = sum(len(range(p, a.rows, a.partitions)) for p in range(parts))
        plain_df = df_parts.where(f"part < {parts}").select("id", plain("code").alias("compact_id"))
        s = timed(f"Python UDF + polyid.compact_id ({n:,} rows)",
                  lambda: plain_df.write.mode("overwrite").parquet(str(out_dir / "python_udf")))
        rates["Python UDF"] = n / s
        runs["Python UDF"] = (n, s)
        floor_s = min(floor_s, floor_run())

        # The same paths over the dataset cached in memory, each result consumed by Spark's
        # "noop" sink (computed, not written): what is left is the function and, for the
        # Python paths, the hand-off between the JVM and the Python workers.
        cached = df.cache()
        timed("cache the dataset in memory", cached.count)
        in_memory = {
            "no UDF": cached.select("id", F.concat(F.substring("code", 1, 0), F.hex("id")).alias("compact_id")),
            "mapInArrow": cached.mapInArrow(with_compact_ids, "id long, compact_id string, error string"),
        }
        if arrow_udf is not None:
            in_memory["arrow_udf"] = cached.select("id", compact_id_column("code").alias("compact_id"))
        if a.jvm_jars:
            spark.udf.registerJavaFunction("polyid_compact_id_udf", "io.polyid.spark.CompactId", "string")
            in_memory["JVM UDF"] = cached.selectExpr("id", "polyid_compact_id_udf(code) AS compact_id")
            in_memory["JVM expression"] = cached.selectExpr("id", "polyid_compact_id(code) AS compact_id")
        for name, frame in in_memory.items():
            # the faster of two runs: the first also compiles the stage and warms the JIT
            best = min(timed(f"{name}, cached input, noop sink",
                             lambda: frame.write.format("noop").mode("overwrite").save())
                       for _ in range(2))
            memory_rates[name] = a.rows / best
        cached.unpersist()
    finally:
        spark.stop()

    # The single-process run over the same dataset, and the comparison.
    t = time.perf_counter()
    table = pads.dataset(str(data), format="parquet", partitioning="hive").to_table(columns=["id", "code"])
    table = table.sort_by("id")
    r = pa.chunked_array(ids.compact_ids(table["code"], on_error="null"))
    local = pa.table({"id": table["id"],
                      "compact_id": pc.struct_field(r, "value"),
                      "error": pc.struct_field(r, "error")})
    local_s = time.perf_counter() - t
    print(f"  single process (pyarrow + polyid.arrow, read included): {local_s:.1f} s", flush=True)
    if local.num_rows != a.rows:
        problems.append(f"single process: {local.num_rows} rows, expected {a.rows}")
    spark_out = pq.read_table(str(out_dir / "map_in_arrow")).sort_by("id")
    if not spark_out.select(["id", "compact_id", "error"]).equals(local):
        problems.append("mapInArrow result differs from the single-process run")
    if "arrow_udf" in rates:
        au = pq.read_table(str(out_dir / "arrow_udf")).sort_by("id")
        if not au["compact_id"].equals(local["compact_id"]) or not au["id"].equals(local["id"]):
            problems.append("arrow_udf result differs from the single-process run")

    for name, folder in (("JVM UDF", "jvm_udf"), ("JVM expression", "jvm_expr")):
        if name in rates:
            ju = pq.read_table(str(out_dir / folder)).sort_by("id")
            if not ju["compact_id"].equals(local["compact_id"]) or not ju["id"].equals(local["id"]):
                problems.append(f"{name} result differs from the single-process run")

    # Independent checks: a docs/spec vector, the scalar function on 1,000 rows, the counts.
    if polyid.compact_id("E.Auth.Token.MISSING") != "V6a0B":
        problems.append("docs/spec vector E.Auth.Token.MISSING -> V6a0B")
    sample = local.slice(0, 1000).to_pylist()
    codes = table["code"].slice(0, 1000).to_pylist()
    for row, code in zip(sample, codes):
        want = None
        if code is not None:
            try:
                want = polyid.compact_id(code)
            except polyid.PolyIdError:
                want = None
        if row["compact_id"] != want:
            problems.append(f"row {row['id']}: {row['compact_id']!r} != compact_id({code!r}) = {want!r}")
            break
    nulls = len(range(999, a.rows, 1000))
    invalid = sum(1 for i in range(5, a.rows, 10007) if i % 1000 != 999)
    if local["error"].null_count != a.rows - invalid or pc.sum(pc.is_null(local["compact_id"])).as_py() != nulls + invalid:
        problems.append("the null and invalid rows are not where the dataset put them")

    # The floor scales with the rows a path reads and writes (the Python UDF reads a subset).
    print(f"  rows/s beside the floor (no UDF, read and write only: {a.rows / floor_s:,.0f} rows/s, "
          f"{floor_s:.1f} s):")
    for k, (n, s) in runs.items():
        above = s - floor_s * n / a.rows
        alone = f"{n / above:,.0f} rows/s" if above > 0 else "within the floor"
        print(f"    {k:12} {n / s:12,.0f} rows/s   the function alone (time above the floor): {alone}")
    if "arrow_udf" in runs:
        print(f"  arrow_udf takes {runs['arrow_udf'][1] / floor_s:.2f}x the floor's time: a path whose "
              f"function cost nothing would be at most that much faster than arrow_udf")
    print("  rows/s over the dataset cached in memory, noop sink (the function and the hand-off only):")
    for k, v in memory_rates.items():
        vs = f"   {v / memory_rates['arrow_udf']:.1f}x arrow_udf" if "arrow_udf" in memory_rates else ""
        print(f"    {k:14} {v:12,.0f} rows/s{vs}")
    shown = ", ".join(f"{k} {v:,.0f} rows/s" for k, v in rates.items())
    shown = f"no UDF (floor) {a.rows / floor_s:,.0f} rows/s, " + shown
    ratio = rates["mapInArrow"] / rates["Python UDF"]
    for name in ("JVM UDF", "JVM expression"):
        if name in rates and "arrow_udf" in rates:
            shown += (f"; {name} / arrow_udf = {rates[name] / rates['arrow_udf']:.1f}x "
                      f"(cached, noop sink: {memory_rates[name] / memory_rates['arrow_udf']:.1f}x)")
    if os.environ.get("BENCH_MD") and not problems:
        write_tables(os.environ["BENCH_MD"], pyspark.__version__, a, floor_s, runs, memory_rates)
    verdict = "PASS" if not problems else "FAIL"
    for p in problems:
        print(f"  problem: {p}")
    print(f"engines: Spark {pyspark.__version__} {a.master}, {a.rows:,} rows: {shown}; "
          f"mapInArrow / Python UDF = {ratio:.1f}x; equal to the single-process run: {verdict}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
