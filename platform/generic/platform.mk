# The board quirks, one file each (include/platform.h); every one is in the image.
PLATFORM_SRCS += $(wildcard platform/generic/quirks/*.c)
