# SBI 3.0 extensions on the host (appended to HOST_TESTS, see host.mk): the
# SSE, FWFT and DBTR cores against recorded or simulated hardware seams.
HOST_TESTS += sse fwft dbtr
HOST_SRCS_sse := tests/host/test_sse.c lib/sse/sse_core.c lib/sse/sse_attrs.c lib/sse/sse_context.c lib/core/hart_table.c \
	lib/common/sbi_memory.c lib/common/sbi_memory_map.c lib/common/sbi_heap.c
HOST_SRCS_fwft := tests/host/test_fwft.c lib/fwft/fwft_core.c lib/fwft/fwft_isa.c
HOST_SRCS_dbtr := tests/host/test_dbtr.c tests/host/sim_triggers.c lib/dbtr/dbtr_core.c lib/common/sbi_memory.c lib/common/sbi_memory_map.c lib/common/sbi_heap.c
$(BUILD)/host/test_sse: HOST_CFLAGS += -DABACUS_HOST -Ilib/sse -pthread
$(BUILD)/host/test_sse: $(wildcard lib/sse/*.h)
