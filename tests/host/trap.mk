# Trap redirection and counter-read permission rules on the host (appended to HOST_TESTS, see host.mk).
HOST_TESTS += trap_redirect counter_access
HOST_SRCS_trap_redirect := tests/host/test_trap_redirect.c lib/sbi/sbi_trap_redirect.c
HOST_SRCS_counter_access := tests/host/test_counter_access.c lib/sbi/sbi_counter_access.c
