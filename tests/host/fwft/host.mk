# The FWFT slice (lib/ext/fwft/) on the host (appended to HOST_TESTS, see
# tests/host/host.mk): the core against a recording hardware seam.
HOST_TESTS += fwft
HOST_SRCS_fwft := tests/host/fwft/test_fwft.c lib/ext/fwft/fwft_core.c lib/ext/fwft/fwft_isa.c
