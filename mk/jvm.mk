# JVM binding (bindings-jvm): the JNI library (crate polyid-jvm), the Java package io.polyid
# built with javac and jar only (no Maven: Maven Central is not reachable from the build
# machines), its JUnit 5 tests, its benchmark, the matrix adapter, and the Spark UDFs.
#
#   make jvm-deps    a JDK 17+ (javac, jar), JUnit 5, and Kotlin and Scala compilers for the
#                    README's Kotlin and Scala programs (Debian packages openjdk-17-jdk-headless,
#                    junit5, kotlin, scala); a no-op when they are there
#   make jvm-build   libpolyid_jvm.so (cargo build -p polyid-jvm) into the jar at
#                    META-INF/native/<os>-<arch>/, javac + jar into target/jvm/polyid.jar, and the
#                    test kit (vectors runner, matrix adapter, benchmark) into target/jvm/testkit.jar
#   make jvm-test    JUnit 5: every shared vector, catalogs, errors, generators, POLYID_NODE in
#                    child JVMs; then the java, kotlin and scala blocks of the READMEs compiled
#                    against the jar and run, the values their comments show checked
#                    (tools/doc_examples.py)
#   make jvm-bench   ns/op of the main calls beside an empty JNI call (the floor)
#   make jvm-spark   the Spark UDFs (io.polyid.spark) compiled against the pyspark wheel's jars
#                    into target/jvm/polyid-spark.jar (make engines runs them)
#   make jvm-spark-scala
#                    a Spark job in Scala (bindings-jvm/spark/scala) that registers them from
#                    Scala and checks them over the shared vectors with spark-submit (in
#                    make engines)
#
# Each step runs only when its inputs are newer than its output (make's own dependencies), so
# a second `make jvm-test` compiles nothing.

JVM_SRC := $(ROOT)/bindings-jvm
JVM_OUT := $(ROOT)/target/jvm
JVM_PLATFORM := linux-$(shell uname -m | sed -e 's/amd64/x86_64/' -e 's/arm64/aarch64/')
JVM_SO := $(ROOT)/target/release/libpolyid_jvm.so
JVM_JAR := $(JVM_OUT)/polyid.jar
JVM_KIT := $(JVM_OUT)/testkit.jar
JVM_TESTS := $(JVM_OUT)/tests.stamp
JUNIT_JAR ?= /usr/share/java/junit-platform-console-standalone.jar
JAVAC := javac --release 17 -encoding UTF-8 -Xlint:all -Werror
JVM_MAIN_SRC = $(shell find $(JVM_SRC)/java/main -name '*.java')
JVM_KIT_SRC = $(shell find $(JVM_SRC)/java/testkit -name '*.java')
JVM_TEST_SRC = $(shell find $(JVM_SRC)/java/test -name '*.java')
JVM_RUST_SRC = $(shell find $(ROOT)/core/src $(JVM_SRC)/src -name '*.rs') $(JVM_SRC)/Cargo.toml

BUILD_TARGETS += jvm-build
TEST_TARGETS += jvm-test
DEMO_TARGETS += jvm-build

.PHONY: jvm-deps jvm-build jvm-test jvm-bench jvm-spark jvm-spark-scala

jvm-deps:
	@if ! javac -version 2>&1 | grep -q 'javac \(1[7-9]\|2[0-9]\)' || [ ! -f $(JUNIT_JAR) ] || \
	    ! command -v kotlinc >/dev/null || ! command -v scalac >/dev/null; then \
	  echo "==> jvm: apt-get install openjdk-17-jdk-headless junit5 kotlin scala"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo="sudo"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get install -y -q openjdk-17-jdk-headless junit5 kotlin scala >/dev/null 2>&1 || \
	    { $$sudo apt-get update -q >/dev/null && $$sudo apt-get install -y -q openjdk-17-jdk-headless junit5 kotlin scala >/dev/null; }; \
	fi

$(JVM_SO): $(JVM_RUST_SRC)
	@echo "==> jvm: cargo build -p polyid-jvm (libpolyid_jvm.so)"
	$(CARGO) build --locked --release -p polyid-jvm
	@touch $@

$(JVM_JAR): $(JVM_SO) $(JVM_MAIN_SRC)
	@echo "==> jvm: javac + jar (target/jvm/polyid.jar, native library for $(JVM_PLATFORM))"
	@rm -rf $(JVM_OUT)/classes && mkdir -p $(JVM_OUT)/classes/META-INF/native/$(JVM_PLATFORM)
	$(JAVAC) -d $(JVM_OUT)/classes $(JVM_MAIN_SRC)
	@cp $(JVM_SO) $(JVM_OUT)/classes/META-INF/native/$(JVM_PLATFORM)/
	jar --create --file $@ -C $(JVM_OUT)/classes .

$(JVM_KIT): $(JVM_JAR) $(JVM_KIT_SRC)
	@rm -rf $(JVM_OUT)/kit-classes && mkdir -p $(JVM_OUT)/kit-classes
	$(JAVAC) -cp $(JVM_JAR) -d $(JVM_OUT)/kit-classes $(JVM_KIT_SRC)
	jar --create --file $@ -C $(JVM_OUT)/kit-classes .

jvm-build: jvm-deps
	@$(MAKE) --no-print-directory -C $(ROOT) $(JVM_KIT)
	@echo "==> jvm: built $(JVM_JAR) and $(JVM_KIT)"

$(JVM_TESTS): $(JVM_KIT) $(JVM_TEST_SRC)
	@rm -rf $(JVM_OUT)/test-classes && mkdir -p $(JVM_OUT)/test-classes
	$(JAVAC) -cp $(JVM_JAR):$(JVM_KIT):$(JUNIT_JAR) -d $(JVM_OUT)/test-classes $(JVM_TEST_SRC)
	@touch $@

jvm-test: jvm-build
	@$(MAKE) --no-print-directory -C $(ROOT) $(JVM_TESTS)
	@echo "==> jvm: JUnit 5 (vectors, catalogs, errors, generators, nodes)"
	cd $(ROOT) && java -jar $(JUNIT_JAR) --disable-banner --details=summary \
	  --fail-if-no-tests -cp $(JVM_JAR):$(JVM_KIT):$(JVM_OUT)/test-classes \
	  --select-package io.polyid
	@echo "==> jvm: the READMEs' java, kotlin and scala examples against the jar"
	python3 $(ROOT)/tools/doc_examples.py --only java,kotlin,scala $(ROOT)/README.md $(JVM_SRC)/README.md

jvm-bench: jvm-build
	java -cp $(JVM_JAR):$(JVM_KIT) io.polyid.testkit.Bench

# The Spark UDFs, compiled against the jars of the pyspark wheel in make engines' venv
# (mk/arrow.mk: ENGINES_VENV, engines-deps).
JVM_SPARK_JAR := $(JVM_OUT)/polyid-spark.jar
JVM_SPARK_SRC = $(shell find $(JVM_SRC)/spark -name '*.java')
JVM_SPARK_JARS = $(shell ls -d $(ENGINES_VENV)/lib/python3*/site-packages/pyspark/jars 2>/dev/null | head -n 1)

$(JVM_SPARK_JAR): $(JVM_JAR) $(JVM_SPARK_SRC)
	@test -n "$(JVM_SPARK_JARS)" || { echo "jvm-spark: no pyspark in $(ENGINES_VENV) (make engines-deps)"; exit 1; }
	@rm -rf $(JVM_OUT)/spark-classes && mkdir -p $(JVM_OUT)/spark-classes
	javac --release 17 -encoding UTF-8 -Xlint:all,-path,-processing,-classfile -Werror \
	  -cp "$(JVM_JAR):$(JVM_SPARK_JARS)/*" -d $(JVM_OUT)/spark-classes $(JVM_SPARK_SRC)
	jar --create --file $@ -C $(JVM_OUT)/spark-classes .

jvm-spark: jvm-build
	@$(MAKE) --no-print-directory -C $(ROOT) $(JVM_SPARK_JAR)

jvm-spark-scala: jvm-spark
	@echo "==> jvm: a Scala Spark job over the shared vectors (bindings-jvm/spark/scala/run.sh)"
	@$(JVM_SRC)/spark/scala/run.sh $(JVM_JAR) $(JVM_SPARK_JAR) $(JVM_SPARK_JARS:/jars=) \
		$(ROOT)/tests/vectors $(JVM_OUT)/spark-scala
