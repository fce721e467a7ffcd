# The documentation's code examples and figures, checked against the product.
#
#   make docs-examples       tools/doc_examples.py: every fenced example of README.md,
#                            CONTRIBUTING.md, bindings-*/README.md, cli/README.md and docs/**
#                            run in its runtime (Python, Node CJS/ESM, tsc, headless Chromium,
#                            C, Rust, Java, sh, console transcripts), with the values its comments
#                            show checked; a count per runtime; fails on any failure
#   make docs-figures        tools/doc_figures.py --check: the figures the docs take from a
#                            build or a file (wasm module sizes and budget, vector case counts)
#                            against the build's own size report, the vector files and
#                            `polyid conform`
#   make docs-figures-write  rewrites those figures from the same sources
#
# Benchmark figures are written by the benchmarks: every `make X-bench` has a
# `make X-bench-write` that runs it through tools/bench_section.py (BENCH_WRITE below), which
# replaces the section between <!-- bench:NAME begin/end --> in its README with the date, the
# machine, the command and the tables the benchmark appended to $BENCH_MD. `make docs-figures`
# checks those sections and that no benchmark figure stands outside one.
BENCH_WRITE = python3 $(ROOT)/tools/bench_section.py write

TEST_TARGETS += docs-examples docs-figures

.PHONY: docs-examples docs-figures docs-figures-write

docs-examples: python-build node-build wasm-build wasm-chromium c-build cli-build sql-build pg-deps jvm-build
	@echo "==> docs: every code example of the documentation (tools/doc_examples.py)"
	CARGO=$(CARGO) python3 $(ROOT)/tools/doc_examples.py

docs-figures: wasm-build cli-build
	@echo "==> docs: figures against the runs and files they come from (tools/doc_figures.py)"
	python3 $(ROOT)/tools/doc_figures.py --check --cli $(ROOT)/target/release/polyid

docs-figures-write: wasm-build cli-build
	python3 $(ROOT)/tools/doc_figures.py --write --cli $(ROOT)/target/release/polyid
