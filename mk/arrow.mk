# Arrow column kernels (arrow/, crate polyid-arrow): the crate's tests, among them the shared
# vectors through the kernels (arrow/tests/vectors.rs), and its doc examples.
#
#   arrow-test   the crate's tests (with the other crates', in `make workspace-test`)

.PHONY: arrow-test

arrow-test: workspace-test

TEST_TARGETS += arrow-test

# The parse kernels against the core's per-ID loop (10,000,000 rows), then polyid.arrow in
# Python: compact IDs against a Python loop and Polars' Series.hash(), parse times, peak RSS.
.PHONY: arrow-bench arrow-bench-write
arrow-bench: python-build
	$(CARGO) run --locked --release -p polyid-arrow --example parse_bench -- 10000000
	$(PY) $(PY_DIR)/bench/arrow_bench.py

# The same run, its tables written into docs/data-engines.md (mk/docs.mk).
arrow-bench-write:
	$(BENCH_WRITE) python-arrow --runtime python=$(PY) --runtime rust -- \
	    $(MAKE) --no-print-directory -C $(ROOT) arrow-bench

# polyid.arrow on Apache Spark in local mode (not part of `make test`): PySpark from PyPI in
# its own venv (target/engines/venv, with the wheel of python-build), a Java runtime from
# Debian when none is installed, then bindings-python/tests/arrow_spark.py: mapInArrow and
# arrow_udf over a partitioned Parquet dataset of ENGINES_ROWS rows, the result compared with
# the single-process run, rows/s beside a plain Python UDF and the JVM UDF of bindings-jvm
# (make jvm-spark: io.polyid.spark.CompactId, no Python worker), after a Spark job in Scala
# over the shared vectors (make jvm-spark-scala). Spark's own output goes to
# target/engines/spark.log (shown when the job fails); the last line is the summary.
ENGINES_VENV := $(ROOT)/target/engines/venv
ENGINES_ROWS ?= 10000000
ENGINES_PACKAGES := pyspark==4.3.0 pyarrow==26.0.1 pandas==2.3.3

.PHONY: engines engines-deps spark-deps engines-write
# Java and PySpark only (release/dist.sh compiles the Spark jar against them).
spark-deps:
	@java -version 2>&1 | grep -q 'version "\(1[7-9]\|2[0-9]\)' || { \
	  echo "==> engines: apt-get install openjdk-17-jre-headless"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get install -y -q openjdk-17-jre-headless >/dev/null 2>&1 || \
	    { $$sudo apt-get update -q >/dev/null && $$sudo apt-get install -y -q openjdk-17-jre-headless >/dev/null; }; }
	@test -x $(ENGINES_VENV)/bin/python || python3 -m venv $(ENGINES_VENV)
	@$(ENGINES_VENV)/bin/pip install -q --disable-pip-version-check $(ENGINES_PACKAGES)

engines-deps: spark-deps
	@$(ENGINES_VENV)/bin/pip install -q --disable-pip-version-check --no-deps --force-reinstall \
		$(PY_WHEELS)/polyid_rs-*.whl

engines: python-build engines-deps
	@$(MAKE) --no-print-directory -C $(ROOT) jvm-spark-scala
	@$(ENGINES_VENV)/bin/python $(PY_DIR)/tests/arrow_spark.py --rows $(ENGINES_ROWS) \
		--jvm-jars $(ROOT)/target/jvm/polyid.jar,$(ROOT)/target/jvm/polyid-spark.jar \
		2> $(ROOT)/target/engines/spark.log \
		|| { echo "engines: the Spark job failed; the end of target/engines/spark.log:"; \
		     tail -n 40 $(ROOT)/target/engines/spark.log; exit 1; }

# The same run, its table written into docs/data-engines.md (mk/docs.mk).
engines-write:
	$(BENCH_WRITE) engines --runtime python=$(ENGINES_VENV)/bin/python -- \
	    $(MAKE) --no-print-directory -C $(ROOT) engines
