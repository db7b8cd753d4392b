# SPDX-License-Identifier: BSD-2-Clause
#
# OpenSBI's build variables, for users who know them (docs/porting.md,
# "OpenSBI option -> Abacus"). Included by the top-level Makefile. Each one
# either means something for Abacus's one image and is honoured, or stops
# the build saying why: a FW_* variable Abacus does not know is an error,
# never silently ignored.
#
#   FW_TEXT_START=A       the address the image is linked at (its ELF load
#                         address; default 0x80000000). The image still runs
#                         from wherever it is loaded.
#   FW_JUMP_ADDR=A        the next stage when the loader names none (no
#   FW_JUMP_OFFSET=N      fw_dynamic_info next_addr, no embedded payload):
#                         A, or N past where the image runs (default 2 MiB)
#   FW_JUMP_FDT_ADDR=A    where S-mode's DT goes: A, or N past where the
#   FW_JUMP_FDT_OFFSET=N  image runs (default: in place, else after the
#   FW_PAYLOAD_FDT_ADDR, FW_PAYLOAD_FDT_OFFSET: the same, by their fw_payload names
#                         firmware region: docs/boot.md)
#   FW_FDT_PATH=F         a DT (.dtb, or .dts compiled with dtc) built into
#                         the image: the platform's DT, used instead of the
#                         one the loader passes in a1 (as OpenSBI does)
#   FW_PAYLOAD_PATH=F     PAYLOAD=F (a next stage built into the image)
#   FW_PAYLOAD_OFFSET=N   PAYLOAD_ADDR=FW_TEXT_START+N (default 2 MiB)
#   FW_OPTIONS=0|1        the fw_dynamic options used when the loader passes
#                         none: 1 = no boot prints
#   FW_PIC=y              what the image always is; FW_PIC=n is an error
#   FW_DYNAMIC=y FW_JUMP=y FW_PAYLOAD=y
#                         what the one image always does; =n is an error
#   PLATFORM_DEFCONFIG    an error: Abacus has no Kconfig

# Only what the user set (command line or environment) is checked: the
# Makefile's own FW_CFLAGS, FW_SRCS ... are internal.
opensbi_user_vars := $(foreach v,$(filter FW_% PLATFORM_DEFCONFIG,$(.VARIABLES)),\
	$(if $(filter command% environment%,$(origin $(v))),$(v)))

opensbi_known := FW_TEXT_START FW_JUMP_ADDR FW_JUMP_OFFSET FW_JUMP_FDT_ADDR FW_JUMP_FDT_OFFSET \
	FW_PAYLOAD_FDT_ADDR FW_PAYLOAD_FDT_OFFSET FW_FDT_PATH FW_PAYLOAD_PATH FW_PAYLOAD_OFFSET \
	FW_OPTIONS FW_PIC FW_DYNAMIC FW_JUMP FW_PAYLOAD FW_COLD_OPT
# Known to OpenSBI, meaningless for Abacus: why, in one line each.
opensbi_why_FW_PAYLOAD_ALIGN := use FW_PAYLOAD_OFFSET (or PAYLOAD_ADDR) to place the payload
opensbi_why_FW_FDT_PADDING := not needed: the firmware copies the DT into its own memory with room for its fixups, and S-mode's DT gets 4 KiB of free space
opensbi_why_FW_BASE := the image runs where it is loaded and takes RAM from the DT; FW_TEXT_START sets the address it is linked at
opensbi_why_PLATFORM_DEFCONFIG := Abacus has no Kconfig: the generic image has every driver, and a board's facts the DT cannot tell are a quirk in platform/generic/quirks/ (docs/porting.md)

$(foreach v,$(filter-out $(opensbi_known),$(opensbi_user_vars)),\
	$(error $(v) is not an Abacus build variable: $(or $(opensbi_why_$(v)),\
	Abacus knows $(filter-out FW_COLD_OPT,$(opensbi_known)) (docs/porting.md, "OpenSBI option -> Abacus"))))

opensbi_is_number = $(shell echo '$(1)' | grep -Eqx '0[xX][0-9a-fA-F]+|[0-9]+' && echo y)
opensbi_hex = $(shell printf '0x%x' $$(($(1))))
define opensbi_check_number
ifneq ($$($(1)),)
ifneq ($$(call opensbi_is_number,$$($(1))),y)
$$(error $(1)=$$($(1)) is not a number)
endif
endif
endef
$(foreach v,FW_TEXT_START FW_JUMP_ADDR FW_JUMP_OFFSET FW_JUMP_FDT_ADDR FW_JUMP_FDT_OFFSET \
	FW_PAYLOAD_FDT_ADDR FW_PAYLOAD_FDT_OFFSET FW_PAYLOAD_OFFSET FW_OPTIONS,\
	$(eval $(call opensbi_check_number,$(v))))

$(foreach v,FW_PIC FW_DYNAMIC FW_JUMP FW_PAYLOAD,$(if $(filter-out y,$($(v))),\
	$(error $(v)=$($(v)): Abacus builds one position-independent image that takes fw_dynamic_info, jumps to a default next stage and may carry a payload; only $(v)=y (or leaving it out) means something)))

# The address the image is linked at.
FW_TEXT_START ?= 0x80000000
ifneq ($(origin FW_TEXT_START),file)
FW_TEXT_START := $(call opensbi_hex,$(FW_TEXT_START))
IMAGE_TAG += -text-$(FW_TEXT_START)
endif
ifneq ($(shell [ $$(($(FW_TEXT_START) & 0xfff)) -eq 0 ] && echo y),y)
$(error FW_TEXT_START=$(FW_TEXT_START) is not 4 KiB aligned)
endif

# The payload: FW_PAYLOAD_PATH is PAYLOAD, FW_PAYLOAD_OFFSET places it.
ifneq ($(FW_PAYLOAD_PATH),)
ifneq ($(PAYLOAD),)
ifneq ($(PAYLOAD),$(FW_PAYLOAD_PATH))
$(error PAYLOAD=$(PAYLOAD) and FW_PAYLOAD_PATH=$(FW_PAYLOAD_PATH) name different payloads)
endif
endif
PAYLOAD := $(FW_PAYLOAD_PATH)
endif
FW_DEFAULT_PAYLOAD_ADDR := $(call opensbi_hex,$(FW_TEXT_START) + $(or $(FW_PAYLOAD_OFFSET),0x200000))
ifneq ($(FW_PAYLOAD_OFFSET),)
ifneq ($(origin PAYLOAD_ADDR),undefined)
$(error PAYLOAD_ADDR and FW_PAYLOAD_OFFSET both place the payload: give one)
endif
endif

# The next stage by default, and S-mode's DT: at an address, or at an offset
# from where the image runs (flags in fw_config, include/fw_config.h).
ifneq ($(FW_JUMP_ADDR),)
ifneq ($(FW_JUMP_OFFSET),)
$(error FW_JUMP_ADDR and FW_JUMP_OFFSET both set the next stage: give one)
endif
endif
opensbi_fdt_addr := $(sort $(FW_JUMP_FDT_ADDR) $(FW_PAYLOAD_FDT_ADDR))
opensbi_fdt_offset := $(sort $(FW_JUMP_FDT_OFFSET) $(FW_PAYLOAD_FDT_OFFSET))
ifneq ($(word 2,$(opensbi_fdt_addr) $(opensbi_fdt_offset)),)
$(error S-mode's DT placed twice: $(strip $(foreach v,FW_JUMP_FDT_ADDR FW_PAYLOAD_FDT_ADDR FW_JUMP_FDT_OFFSET FW_PAYLOAD_FDT_OFFSET,$(if $($(v)),$(v)=$($(v))))): give one)
endif
ifneq ($(FW_OPTIONS),)
ifeq ($(filter 0 1,$(shell echo $$(($(FW_OPTIONS))))),)
$(error FW_OPTIONS=$(FW_OPTIONS): Abacus knows option bit 0 (no boot prints) only)
endif
endif

FW_CONFIG_FLAGS :=
ifneq ($(FW_JUMP_ADDR),)
FW_CONFIG_FLAGS += -DFW_CFG_JUMP_ADDR=$(call opensbi_hex,$(FW_JUMP_ADDR))
IMAGE_TAG += -jump-$(call opensbi_hex,$(FW_JUMP_ADDR))
endif
ifneq ($(FW_JUMP_OFFSET),)
FW_CONFIG_FLAGS += -DFW_CFG_JUMP_OFFSET=$(call opensbi_hex,$(FW_JUMP_OFFSET))
IMAGE_TAG += -jumpoff-$(call opensbi_hex,$(FW_JUMP_OFFSET))
endif
ifneq ($(opensbi_fdt_addr),)
FW_CONFIG_FLAGS += -DFW_CFG_FDT_ADDR=$(call opensbi_hex,$(opensbi_fdt_addr))
IMAGE_TAG += -fdtaddr-$(call opensbi_hex,$(opensbi_fdt_addr))
endif
ifneq ($(opensbi_fdt_offset),)
FW_CONFIG_FLAGS += -DFW_CFG_FDT_OFFSET=$(call opensbi_hex,$(opensbi_fdt_offset))
IMAGE_TAG += -fdtoff-$(call opensbi_hex,$(opensbi_fdt_offset))
endif
ifneq ($(FW_OPTIONS),)
FW_CONFIG_FLAGS += -DFW_CFG_OPTIONS=$(FW_OPTIONS)
IMAGE_TAG += -options-$(call opensbi_hex,$(FW_OPTIONS))
endif

# The embedded DT: a .dtb as it is, a .dts compiled with dtc first.
FW_FDT_DTB :=
ifneq ($(FW_FDT_PATH),)
ifeq ($(wildcard $(FW_FDT_PATH)),)
$(error FW_FDT_PATH=$(FW_FDT_PATH): no such file)
endif
opensbi_fdt_name := $(basename $(notdir $(FW_FDT_PATH)))
IMAGE_TAG += -fdt-$(opensbi_fdt_name)
ifeq ($(suffix $(FW_FDT_PATH)),.dts)
FW_FDT_DTS := $(FW_FDT_PATH)
FW_FDT_DTB := $(BUILD)/fw-fdt/$(opensbi_fdt_name).dtb
else
FW_FDT_DTB := $(FW_FDT_PATH)
endif
FW_CONFIG_FLAGS += -DFW_CFG_FDT_BIN='"$(abspath $(FW_FDT_DTB))"'
endif

IMAGE_TAG := $(subst $() ,,$(strip $(IMAGE_TAG)))
