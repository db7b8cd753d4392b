# abacus-dryrun: the firmware's boot on the host over a board's DT (docs/porting.md,
# "Before the board: the dry run"). Included by the top-level Makefile, after
# FW_SRCS and PLATFORM_SRCS:
#   make tools                     $(BUILD)/tools/abacus-dryrun (with abacus-pmu-dt)
#   make install-tools [PREFIX=]   $(DESTDIR)$(PREFIX)/bin/abacus-dryrun
# The test build (ASan/UBSan) is $(BUILD)/host/abacus-dryrun-asan, run by
# tests/tools/test_dry_run.py in `make tools-test`.

DRYRUN := $(BUILD)/tools/abacus-dryrun
DRYRUN_ASAN := $(BUILD)/host/abacus-dryrun-asan
DRYRUN_DIR := $(BUILD)/host/dryrun

# The firmware's own files, from its source lists: boot (firmware/), and every
# layer boot reaches, with every extension but its ecall glue (every driver,
# quirk and extension among them: a new file there is in the tool with
# nothing to add here; what boot never reaches is dropped by the link,
# --gc-sections) - except these, whose work is the hart's or the board's
# own, which the tool's simulated machine does instead:
#   fw_dynamic.c     reads the loader's fw_dynamic_info: the dry run's loader passes none
#   fdt_placement.c  where S-mode's DT goes in the board's memory: the dry run ends there
#   console.c        the console device: the tool records the device and the lines
#   pmp.c            PMP CSRs: scripts/abacus-dryrun/pmp_sim.c (the plan itself, pmp_plan.c, runs)
#   trap_expect.c    probing with traps expected: scripts/abacus-dryrun/machine.c
#   pmu_hw.c         counter CSRs: tests/host/sim_hart.c
#   dbtr_hw.c        trigger CSRs: tests/host/sim_triggers.c and machine.c
#   hart_run.c       the stopped harts' wait and wake-up (lib/trap/): the run ends there (boot_run.c)
#   rfence.c         remote fences: the fence instructions; boot sends none
#   libc_string.c, libgcc_bits.c   the host's C library has them
DRYRUN_REPLACED := firmware/fw_dynamic.c lib/fdt/fdt_placement.c lib/core/console.c lib/core/pmp.c \
	lib/common/trap_expect.c lib/ext/pmu/pmu_hw.c lib/ext/dbtr/dbtr_hw.c lib/trap/hart_run.c lib/ext/rfence/rfence.c \
	lib/common/libc_string.c \
	lib/common/libgcc_bits.c
DRYRUN_FW_SRCS := $(filter-out $(DRYRUN_REPLACED) %_ecall.c,$(filter %.c,$(filter firmware/% lib/common/% lib/core/% \
	lib/fdt/% lib/drivers/% lib/ext/% platform/%,$(FW_SRCS) $(PLATFORM_SRCS))))
DRYRUN_TOOL_SRCS := $(wildcard scripts/abacus-dryrun/*.c) scripts/abacus-pmu-dt/dt_input.c \
	scripts/abacus-pmu-dt/hart_model.c tests/host/sim_hart.c tests/host/sim_triggers.c \
	$(wildcard tests/host/i2c_models/*.c)
DRYRUN_LIBFDT_SRCS := $(patsubst %,$(LIBFDT_SRC)/%,$(LIBFDT_FILES))
DRYRUN_CFLAGS := -std=gnu11 -g -Wall -Wextra -Werror -DABACUS_HOST -DABACUS_DRYRUN -DABACUS_SIM_MMIO -ffunction-sections -fdata-sections \
	-Itests/fuzz/host -Iinclude -Ilib/ext -Itests/host -Iscripts/abacus-pmu-dt -Iscripts/abacus-dryrun -I$(DRYRUN_DIR) \
	-I$(LIBFDT_SRC) -Iplatform/generic/quirks -include scripts/abacus-dryrun/host/fw_image.h
DRYRUN_LDFLAGS := -Wl,--gc-sections -Wl,--wrap=reset_device_add -Wl,-T,tests/host/lifecycle.ld -Wl,-T,tests/host/boot_hooks.ld
DRYRUN_ASAN_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined

# Objects of each build: <dir>/<source path>.o, and the firmware's libfdt under <dir>/libfdt/.
dryrun_objs = $(patsubst %,$(1)/%.o,$(DRYRUN_FW_SRCS) $(DRYRUN_TOOL_SRCS))
dryrun_libfdt_objs = $(patsubst %.c,$(1)/libfdt/%.o,$(LIBFDT_FILES))
DRYRUN_OBJS := $(call dryrun_objs,$(DRYRUN_DIR)/O2) $(call dryrun_libfdt_objs,$(DRYRUN_DIR)/O2)
DRYRUN_ASAN_OBJS := $(call dryrun_objs,$(DRYRUN_DIR)/asan) $(call dryrun_libfdt_objs,$(DRYRUN_DIR)/asan)

# The image the tool describes: its layout and FW_* defaults, from the firmware
# built here; rewritten only when they change (the files that include it follow).
$(DRYRUN_DIR)/image_layout.h: $(O)/abacus.elf scripts/abacus-dryrun/image_layout.py
	@mkdir -p $(@D)
	@python3 scripts/abacus-dryrun/image_layout.py $< >$@.tmp
	@cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@

# Each object also depends on what it includes (-MMD); the generated header
# must exist before the first compile. The link follows the source list.
$(DRYRUN_DIR)/O2/%.c.o: %.c $(LIBFDT_SRC)/.complete | $(DRYRUN_DIR)/image_layout.h
	@mkdir -p $(@D)
	@$(TOOL_CC) $(DRYRUN_CFLAGS) -O2 -MMD -MP -c $< -o $@
$(DRYRUN_DIR)/asan/%.c.o: %.c $(LIBFDT_SRC)/.complete | $(DRYRUN_DIR)/image_layout.h
	@mkdir -p $(@D)
	@$(TOOL_CC) $(DRYRUN_CFLAGS) $(DRYRUN_ASAN_FLAGS) -MMD -MP -c $< -o $@
$(DRYRUN_DIR)/O2/libfdt/%.o: $(LIBFDT_SRC)/.complete
	@mkdir -p $(@D)
	@$(TOOL_CC) $(DRYRUN_CFLAGS) -O2 -DFDT_ASSUME_MASK=0x4 -Wno-sign-compare -c $(LIBFDT_SRC)/$*.c -o $@
$(DRYRUN_DIR)/asan/libfdt/%.o: $(LIBFDT_SRC)/.complete
	@mkdir -p $(@D)
	@$(TOOL_CC) $(DRYRUN_CFLAGS) $(DRYRUN_ASAN_FLAGS) -DFDT_ASSUME_MASK=0x4 -Wno-sign-compare \
		-c $(LIBFDT_SRC)/$*.c -o $@

# The source list as last linked: a file added to or gone from lib/drivers/ relinks.
$(DRYRUN_DIR)/sources: FORCE
	@mkdir -p $(@D)
	@echo "$(DRYRUN_FW_SRCS) $(DRYRUN_TOOL_SRCS)" | cmp -s - $@ 2>/dev/null || \
		echo "$(DRYRUN_FW_SRCS) $(DRYRUN_TOOL_SRCS)" >$@

$(DRYRUN): $(DRYRUN_OBJS) tests/host/lifecycle.ld tests/host/boot_hooks.ld $(DRYRUN_DIR)/sources
	@mkdir -p $(@D)
	@echo "  HOSTLD  $@"
	@$(TOOL_CC) -o $@ $(DRYRUN_OBJS) $(DRYRUN_LDFLAGS)

$(DRYRUN_ASAN): $(DRYRUN_ASAN_OBJS) tests/host/lifecycle.ld tests/host/boot_hooks.ld $(DRYRUN_DIR)/sources
	@mkdir -p $(@D)
	@echo "  HOSTLD  $@"
	@$(TOOL_CC) $(DRYRUN_ASAN_FLAGS) -o $@ $(DRYRUN_ASAN_OBJS) $(DRYRUN_LDFLAGS)

-include $(patsubst %.o,%.d,$(call dryrun_objs,$(DRYRUN_DIR)/O2) $(call dryrun_objs,$(DRYRUN_DIR)/asan))

tools: $(DRYRUN)
tools-test: $(DRYRUN_ASAN) $(DRYRUN)
install-tools: install-dryrun
.PHONY: install-dryrun dryrun-golden
install-dryrun: $(DRYRUN)
	install -D -m 0755 $(DRYRUN) $(DESTDIR)$(PREFIX)/bin/abacus-dryrun

# The golden table, rewritten on purpose (review its diff): tests/tools/dry-run-golden.txt.
dryrun-golden: $(DRYRUN)
	@BUILD=$(BUILD) DRYRUN=$(DRYRUN) python3 tests/tools/test_dry_run.py --regenerate
