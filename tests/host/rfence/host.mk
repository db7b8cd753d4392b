# The RFENCE slice (lib/ext/rfence/) on the host (appended to HOST_TESTS, see
# tests/host/host.mk): fence ranges, requests and hart-mask checks, with the
# IPI transport and the host CSR stand-in of the fuzzers (tests/fuzz/host/riscv_csr.h).
HOST_TESTS += rfence
HOST_SRCS_rfence := tests/host/rfence/test_rfence.c lib/ext/rfence/rfence_request.c lib/ipi/ipi.c lib/core/hart_table.c \
	lib/core/hart_mask.c
HOST_LIBS_rfence := $(HOST_IPI_REASONS_LD)
$(BUILD)/host/test_rfence: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -DABACUS_HOST
