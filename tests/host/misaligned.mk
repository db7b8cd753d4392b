# Misaligned load/store emulation on the host (appended to HOST_TESTS, see host.mk).
HOST_TESTS += misaligned
HOST_SRCS_misaligned := tests/host/test_misaligned.c lib/trap/misaligned.c
