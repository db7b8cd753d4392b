# The DBTR slice (lib/ext/dbtr/) on the host (appended to HOST_TESTS, see
# tests/host/host.mk): the core against a simulated trigger module.
HOST_TESTS += dbtr
HOST_SRCS_dbtr := tests/host/dbtr/test_dbtr.c tests/host/sim_triggers.c lib/ext/dbtr/dbtr_core.c \
	lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c
