# make loc: the non-test Rust lines of the core and of each binding crate, and each binding's
# ratio to the core (tools/loc.py states what is counted). docs/architecture.md ("Size of the
# layers") records the table with the ratios of the projects it is measured against.
.PHONY: loc
loc:
	@python3 $(ROOT)/tools/loc.py
