# Isolation and spec-conformance rules on the host (appended to HOST_TESTS, see host.mk):
# trap redirection, counter-read permissions, extension enables, PMP, the memory map.
HOST_TESTS += trap_redirect counter_access
HOST_SRCS_trap_redirect := tests/host/test_trap_redirect.c lib/trap/trap_redirect_plan.c
HOST_SRCS_counter_access := tests/host/test_counter_access.c lib/trap/counter_access.c

# M-mode enables for the extensions the DT advertises.
HOST_TESTS += hart_enables
HOST_SRCS_hart_enables := tests/host/test_hart_enables.c lib/core/hart_enables.c

# PMP layouts for the firmware region and firmware-owned devices.
HOST_TESTS += pmp_plan
HOST_SRCS_pmp_plan := tests/host/test_pmp_plan.c lib/core/pmp_plan.c

# The memory map: tables sized by the DT, devices merged for PMP, device regions a DT may not use.
HOST_TESTS += memory_map
HOST_SRCS_memory_map := tests/host/test_memory_map.c lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c

# The check of DT-described register regions (lib/core/dt_device_reg.c): range, alignment to the
# driver's access width, a register at a DT-given offset; with the syscon reset driver that uses it.
HOST_TESTS += dt_device_reg
HOST_SRCS_dt_device_reg := tests/host/test_dt_device_reg.c lib/core/dt_device_reg.c lib/core/dt_device_answers.c lib/drivers/reset_syscon.c \
	lib/core/dt_driver.c lib/core/reset.c lib/core/timer.c lib/fdt/fdt_helpers.c lib/common/smode_memory.c \
	lib/common/memory_map.c lib/common/heap.c lib/common/format.c tests/host/host_console.c
HOST_LIBS_dt_device_reg := -lfdt

# A DT's strings in the boot log (format_printable, lib/common/format.c): a model or node name
# with a newline or control characters prints as one clean line.
HOST_TESTS += log_text
HOST_SRCS_log_text := tests/host/test_log_text.c lib/common/format.c lib/core/dt_device_reg.c \
	lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c lib/fdt/fdt_helpers.c \
	tests/host/host_console.c
HOST_LIBS_log_text := -lfdt
