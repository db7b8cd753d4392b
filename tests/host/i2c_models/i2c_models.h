/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated I2C hardware, one model of each thing, shared by everything
 * that runs the firmware's I2C drivers off the board: the controller
 * drivers' host tests (tests/host/test_i2c_*.c), the dry run
 * (scripts/abacus-dryrun/devices.c) and the DT fuzzer
 * (tests/fuzz/fuzz_dt_devices.c).
 *
 *  - the wires of a bus (wires.c): devices by address, each a register
 *    file behind a register pointer (the SMBus way: the first byte written
 *    after a start sets it; each byte moves it on), and a log of what
 *    happened on the wires, one token each: "S6c" a start with its address
 *    byte (acknowledged; "S6c-" not), "W13" a byte written ("W13-": not
 *    acknowledged), "R41" a byte read that the controller acknowledged
 *    ("R41n": answered NACK, the last), "P" a stop;
 *  - what a device answers (chips.c): the PMICs the firmware drives, by
 *    compatible, as far as their drivers read them;
 *  - the controllers (designware.c, ocores.c, k1.c, riic.c): their registers as the
 *    firmware's drivers (lib/drivers/i2c_*.c) and Linux 7.2's use them,
 *    driving the wires as the hardware would, with the faults a test or
 *    fuzzer may switch on (a controller that never finishes, ...);
 *  - a controller of a DT (dt.c): the model its compatible names, with a
 *    device on its wires at each address its children name.
 */
#ifndef ABACUS_TEST_I2C_MODELS_H
#define ABACUS_TEST_I2C_MODELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- The wires (wires.c) ---- */

struct i2c_chip;

/* A device on the wires. */
struct i2c_sim_device {
	uint8_t addr;                /* 7-bit */
	bool present;                /* acknowledges its address (false: it does not answer) */
	bool addressed;              /* a start has named it */
	const struct i2c_chip *chip; /* what it is (chips.c); NULL: registers that read 0 until written */
	int node;                    /* its DT node, or -1 */
	uint8_t ptr;                 /* the register pointer */
	uint8_t regs[512];           /* a chip's pages (chips.c maps the pointer onto them) */
};

#define I2C_WIRES_DEVICES 32
struct i2c_wires {
	struct i2c_sim_device devices[I2C_WIRES_DEVICES];
	unsigned int nr_devices;
	struct i2c_sim_device *active;   /* the device the last start addressed, until the stop */
	bool reading;                    /* ... for a read */
	bool pointer_next;               /* the next byte written sets its register pointer */
	uint8_t nobody[16];              /* bit a: a start named address a, where no device is */
	unsigned int events;             /* tokens so far */
	bool log_cut;                    /* the log was full: it ends in "..." */
	char log[2048];
	size_t log_len;
};

/* No device, an empty log. */
void i2c_wires_init(struct i2c_wires *w);
/* A device at addr (present), its registers as the chip has them at power-on; NULL when full. */
struct i2c_sim_device *i2c_wires_add(struct i2c_wires *w, uint8_t addr, const struct i2c_chip *chip);
/* The device at addr, or NULL. */
struct i2c_sim_device *i2c_wires_device(struct i2c_wires *w, uint8_t addr);

/* What a controller does on the wires: true when acknowledged. */
bool i2c_wires_start(struct i2c_wires *w, uint8_t addr_rw);
bool i2c_wires_send(struct i2c_wires *w, uint8_t byte);
/* A byte from the addressed device (0xff, the bus pulled up, when none drives it); ack: answered ACK. */
uint8_t i2c_wires_recv(struct i2c_wires *w, bool ack);
void i2c_wires_stop(struct i2c_wires *w);

/* ---- Devices (chips.c) ---- */

struct i2c_chip {
	const char *compatible;
	const char *name;
	/* Where the values come from (the source its driver cites). */
	const char *source;
	/* Registers as at power-on (may be NULL: all 0). */
	void (*power_on)(struct i2c_sim_device *d);
	/* The register behind pointer value reg (may be NULL: reg itself). */
	unsigned int (*reg_index)(const struct i2c_sim_device *d, uint8_t reg);
};

/* The chip a DT compatible names, or NULL. */
const struct i2c_chip *i2c_chip_for(const char *compatible);
/* The first chip any string of a compatible list (len bytes) names, or NULL. */
const struct i2c_chip *i2c_chip_for_list(const char *list, int len);
/* The register a device's pointer value reg reaches (a chip's page applied). */
unsigned int i2c_sim_device_reg(const struct i2c_sim_device *d, uint8_t reg);

/* ---- Controllers ---- */

/* Synopsys DesignWare (snps,designware-i2c): registers by byte offset. */
struct i2c_dw_model {
	struct i2c_wires *wires;
	uint32_t con, tar, enable, raw, abrt_source, intr_mask, rx_tl, comp_type;
	uint8_t rx[8];                   /* the receive FIFO */
	unsigned int rx_count;
	bool in_transfer;
	/* Faults: a transfer held on an empty FIFO (S-mode left it), a transmit FIFO
	 * that never has room, an enable that never clears. */
	bool held, stuck, never_disables;
	/* What the driver did: aborted a held transfer, wrote IC_CON/IC_TAR while enabled. */
	bool abort_seen, writes_while_enabled;
};
void i2c_dw_model_init(struct i2c_dw_model *m, struct i2c_wires *w);
uint32_t i2c_dw_model_read(struct i2c_dw_model *m, unsigned int offset);
void i2c_dw_model_write(struct i2c_dw_model *m, unsigned int offset, uint32_t value);

/* OpenCores (opencores,i2c-ocores, sifive,i2c0): registers by index (each 8 bits). */
struct i2c_oc_model {
	struct i2c_wires *wires;
	uint8_t prer[2], ctr, txr, rxr, sr;
	bool busy;
	unsigned int tip_polls;          /* TIP stays set this many status reads after a command */
	bool stuck;                      /* fault: a command never finishes (TIP for ever) */
	bool reset_seen;                 /* the driver disabled the core while it was enabled */
};
void i2c_oc_model_init(struct i2c_oc_model *m, struct i2c_wires *w);
uint32_t i2c_oc_model_read(struct i2c_oc_model *m, unsigned int index);
void i2c_oc_model_write(struct i2c_oc_model *m, unsigned int index, uint32_t value);

/* SpacemiT K1 (spacemit,k1-i2c): registers by byte offset. */
struct i2c_k1_model {
	struct i2c_wires *wires;
	uint32_t icr, isr, idbr, ircr;
	bool reading;                    /* the last start's direction bit */
	unsigned int tb_polls;           /* ICR reads that still show TB after a byte */
	bool stuck;                      /* fault: a byte never finishes (TB stays set) */
	unsigned int unit_resets;
};
void i2c_k1_model_init(struct i2c_k1_model *m, struct i2c_wires *w);
uint32_t i2c_k1_model_read(struct i2c_k1_model *m, unsigned int offset);
void i2c_k1_model_write(struct i2c_k1_model *m, unsigned int offset, uint32_t value);

/* Renesas RIIC, RZ/A and RZ/G2L layout (renesas,riic-rz): registers by byte offset (each 8 bits). */
struct i2c_riic_model {
	struct i2c_wires *wires;
	uint32_t cr1, cr2, mr3, ier, sr2, drr;
	uint32_t mr1, ser, brl, brh;     /* the timing and slave-address registers, as written */
	unsigned int writes_lost;        /* this many writes to come are lost (the module still in its reset) */
	unsigned int state;              /* riic.c: idle, address, writing, the dummy read, reading */
	bool byte_waiting;               /* a byte read, SCL held until ICDRR is read */
	bool stop_after_byte;            /* ICCR2.SP asked for while a byte waits */
	unsigned int dummy_reads;
	/* Faults: ST, RS and SP never act (no START, no STOP); the bus stays busy (BBSY). */
	bool stuck, busy_forever;
};
void i2c_riic_model_init(struct i2c_riic_model *m, struct i2c_wires *w);
uint32_t i2c_riic_model_read(struct i2c_riic_model *m, unsigned int offset);
void i2c_riic_model_write(struct i2c_riic_model *m, unsigned int offset, uint32_t value);

/* ---- A controller of a DT (dt.c) ---- */

enum i2c_model_kind { I2C_MODEL_NONE, I2C_MODEL_DESIGNWARE, I2C_MODEL_OCORES, I2C_MODEL_K1, I2C_MODEL_RIIC };

struct i2c_controller_model {
	enum i2c_model_kind kind;
	const char *name;                /* "designware", "ocores", "k1", "riic" */
	unsigned int reg_shift;          /* OpenCores: register i at offset i << reg_shift (the DT's reg-shift) */
	struct i2c_wires wires;
	union {
		struct i2c_dw_model dw;
		struct i2c_oc_model oc;
		struct i2c_k1_model k1;
		struct i2c_riic_model riic;
	};
	unsigned int dt_devices_dropped; /* children the wires had no room for */
};

/* The model a controller node's compatible names; I2C_MODEL_NONE when none does. */
enum i2c_model_kind i2c_model_kind_of(const void *fdt, int node);
/*
 * m as the hardware at power-on for controller node: its kind, and on its
 * wires a device at each 7-bit address a child's reg (one cell) names, the
 * chip its compatible names (none: registers that read 0 until written);
 * an address no child names does not answer. -1 when no model is the node's.
 */
int i2c_controller_model_init(struct i2c_controller_model *m, const void *fdt, int node);
/* An access at offset into the controller's registers, width bytes (what is no register reads 0). */
uint32_t i2c_controller_model_read(struct i2c_controller_model *m, uint64_t offset, unsigned int width);
void i2c_controller_model_write(struct i2c_controller_model *m, uint64_t offset, unsigned int width, uint32_t value);

#endif
