#!/usr/bin/env bash
# Compiles PolyIdSparkVectors.scala with the Scala compiler that the pyspark wheel carries (the
# Scala version of its Spark) against polyid's two jars and Spark's, then runs it with Spark's
# own spark-submit in local mode over the shared vectors.
#
#   run.sh POLYID_JAR POLYID_SPARK_JAR PYSPARK_DIR VECTORS_DIR WORK_DIR
#
# make engines runs it with target/jvm's jars, release/dist-test.sh with the release jars.
# Spark's log goes to WORK_DIR/spark-submit.log (its end is shown when the job fails); the last
# line printed is the job's "spark scala: N vectors, F failed".
set -euo pipefail
jar=$1 spark_jar=$2 pyspark=$3 vectors=$4 work=$5
here=$(cd "$(dirname "$0")" && pwd)
jars=$pyspark/jars
scala_cp=$(ls "$jars"/scala-compiler-*.jar "$jars"/scala-library-*.jar "$jars"/scala-reflect-*.jar | tr '\n' ':')
rm -rf "$work" && mkdir -p "$work"
java -cp "$scala_cp" scala.tools.nsc.Main -deprecation -Werror \
    -classpath "$jars/*:$jar:$spark_jar" -d "$work/job.jar" "$here/PolyIdSparkVectors.scala"
SPARK_HOME=$pyspark "$pyspark/bin/spark-submit" --master 'local[1]' \
    --conf spark.ui.enabled=false --conf spark.ui.showConsoleProgress=false \
    --jars "$jar,$spark_jar" --class PolyIdSparkVectors "$work/job.jar" "$vectors" \
    2>"$work/spark-submit.log" ||
    { echo "the Spark job failed; the end of $work/spark-submit.log:"; tail -n 30 "$work/spark-submit.log"; exit 1; }
