# The SSE slice (lib/ext/sse/) on the host (appended to HOST_TESTS, see
# tests/host/host.mk): the core's state machine, attributes and delivery
# context against a recorded hardware seam.
HOST_TESTS += sse
HOST_SRCS_sse := tests/host/sse/test_sse.c lib/ext/sse/sse_core.c lib/ext/sse/sse_attrs.c lib/ext/sse/sse_context.c \
	lib/core/hart_table.c lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c
HOST_LIBS_sse := $(HOST_IPI_REASONS_LD)
$(BUILD)/host/test_sse: HOST_CFLAGS += -DABACUS_HOST -pthread
