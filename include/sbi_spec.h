/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Constants of the RISC-V SBI specification, with the spec's own names.
 * Shared by the firmware, the host unit tests and the S-mode payloads.
 */
#ifndef ABACUS_SBI_SPEC_H
#define ABACUS_SBI_SPEC_H

/* SBI return codes (SBI spec, "Binary Encoding", standard errors). */
#define SBI_SUCCESS                0
#define SBI_ERR_FAILED            -1
#define SBI_ERR_NOT_SUPPORTED     -2
#define SBI_ERR_INVALID_PARAM     -3
#define SBI_ERR_DENIED            -4
#define SBI_ERR_INVALID_ADDRESS   -5
#define SBI_ERR_ALREADY_AVAILABLE -6
#define SBI_ERR_ALREADY_STARTED   -7
#define SBI_ERR_ALREADY_STOPPED   -8
#define SBI_ERR_NO_SHMEM          -9
#define SBI_ERR_INVALID_STATE     -10
#define SBI_ERR_BAD_RANGE         -11
#define SBI_ERR_TIMEOUT           -12
#define SBI_ERR_IO                -13
#define SBI_ERR_DENIED_LOCKED     -14

#define SBI_SPEC_VERSION_MAJOR 3
#define SBI_SPEC_VERSION_MINOR 0
/* Implementation ID: not yet assigned by the SBI spec; Abacus uses an experimental value. */
#define SBI_IMPL_ID_ABACUS     0xABAC
#define SBI_IMPL_VERSION       0x00010000 /* 1.0 */

/* Extension IDs. */
#define SBI_EXT_LEGACY_SET_TIMER              0x00
#define SBI_EXT_LEGACY_CONSOLE_PUTCHAR        0x01
#define SBI_EXT_LEGACY_CONSOLE_GETCHAR        0x02
#define SBI_EXT_LEGACY_CLEAR_IPI              0x03
#define SBI_EXT_LEGACY_SEND_IPI               0x04
#define SBI_EXT_LEGACY_REMOTE_FENCE_I         0x05
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA      0x06
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID 0x07
#define SBI_EXT_LEGACY_SHUTDOWN               0x08
#define SBI_EXT_BASE  0x10
#define SBI_EXT_TIME  0x54494D45
#define SBI_EXT_IPI   0x735049
#define SBI_EXT_RFENCE 0x52464E43
#define SBI_EXT_HSM   0x48534D
#define SBI_EXT_SRST  0x53525354
#define SBI_EXT_PMU   0x504D55
#define SBI_EXT_DBCN  0x4442434E
#define SBI_EXT_SSE   0x535345
#define SBI_EXT_FWFT  0x46574654
#define SBI_EXT_DBTR  0x44425452
/* Firmware-specific space: 0x0A000000 | the low 24 bits of the implementation ID. */
#define SBI_EXT_FIRMWARE_ABACUS (0x0A000000 | SBI_IMPL_ID_ABACUS)
/* Its functions exist only in test builds (make TEST_HOOKS=1, lib/ext/test_hooks/test_hooks_ecall.c). */
#define ABACUS_TEST_MMODE_FAULT         0   /* take an illegal-instruction trap in M-mode (after a0 ms) */
#define ABACUS_TEST_EMULATE_MISALIGNED  1   /* a0 insn address, a1 data address, a2 is_store, a3 value */
#define ABACUS_TEST_STACK_DEPTH         2   /* a0 hartid, or -1 for every hart: M-mode stack bytes ever written */
#define ABACUS_TEST_STACK_SIZE          3   /* bytes of each hart's M-mode stack */
#define ABACUS_TEST_STACK_DEPTH_RESET   4   /* the caller's mark restarts from this call's own depth */
#define ABACUS_TEST_RELEASE_HART        5   /* a0 hartid: a hart held back at boot (bootargs abacus.hold=MASK) comes */

/* Base extension functions. */
#define SBI_BASE_GET_SPEC_VERSION 0
#define SBI_BASE_GET_IMPL_ID      1
#define SBI_BASE_GET_IMPL_VERSION 2
#define SBI_BASE_PROBE_EXT        3
#define SBI_BASE_GET_MVENDORID    4
#define SBI_BASE_GET_MARCHID      5
#define SBI_BASE_GET_MIMPID       6

/* Debug console. */
#define SBI_DBCN_CONSOLE_WRITE      0
#define SBI_DBCN_CONSOLE_READ       1
#define SBI_DBCN_CONSOLE_WRITE_BYTE 2

/* System reset. */
#define SBI_SRST_SYSTEM_RESET 0
#define SBI_SRST_TYPE_SHUTDOWN    0
#define SBI_SRST_TYPE_COLD_REBOOT 1
#define SBI_SRST_TYPE_WARM_REBOOT 2
#define SBI_SRST_REASON_NONE           0
#define SBI_SRST_REASON_SYSTEM_FAILURE 1

/* Timer, IPI, RFENCE, HSM function IDs. */
#define SBI_TIME_SET_TIMER 0
#define SBI_IPI_SEND_IPI   0
#define SBI_RFENCE_REMOTE_FENCE_I            0
#define SBI_RFENCE_REMOTE_SFENCE_VMA         1
#define SBI_RFENCE_REMOTE_SFENCE_VMA_ASID    2
#define SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID   3
#define SBI_RFENCE_REMOTE_HFENCE_GVMA        4
#define SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID   5
#define SBI_RFENCE_REMOTE_HFENCE_VVMA        6
#define SBI_HSM_HART_START      0
#define SBI_HSM_HART_STOP       1
#define SBI_HSM_HART_GET_STATUS 2
#define SBI_HSM_HART_SUSPEND    3
#define SBI_HSM_STATE_STARTED         0
#define SBI_HSM_STATE_STOPPED         1
#define SBI_HSM_STATE_START_PENDING   2
#define SBI_HSM_STATE_STOP_PENDING    3
#define SBI_HSM_STATE_SUSPENDED       4
#define SBI_HSM_STATE_SUSPEND_PENDING 5
#define SBI_HSM_STATE_RESUME_PENDING  6
#define SBI_HSM_SUSPEND_RET_DEFAULT    0x00000000UL
#define SBI_HSM_SUSPEND_NON_RET_DEFAULT 0x80000000UL

/* PMU extension (EID 0x504D55) functions, SBI PMU chapter Table 20. */
#define SBI_PMU_NUM_COUNTERS          0
#define SBI_PMU_COUNTER_GET_INFO      1
#define SBI_PMU_COUNTER_CONFIG_MATCHING 2
#define SBI_PMU_COUNTER_START         3
#define SBI_PMU_COUNTER_STOP          4
#define SBI_PMU_COUNTER_FW_READ       5
#define SBI_PMU_COUNTER_FW_READ_HI    6
#define SBI_PMU_SNAPSHOT_SET_SHMEM    7
#define SBI_PMU_EVENT_GET_INFO        8

/* event_idx: [19:16] type, [15:0] code (Table 1). */
#define SBI_PMU_EVENT_IDX_TYPE(e)  (((e) >> 16) & 0xf)
#define SBI_PMU_EVENT_IDX_CODE(e)  ((e) & 0xffff)
#define SBI_PMU_EVENT_IDX_MASK     0xfffffUL
#define SBI_PMU_EVENT_TYPE_HW        0
#define SBI_PMU_EVENT_TYPE_HW_CACHE  1
#define SBI_PMU_EVENT_TYPE_HW_RAW    2
#define SBI_PMU_EVENT_TYPE_HW_RAW_V2 3
#define SBI_PMU_EVENT_TYPE_FW        15

/* Hardware general events (Table 2). */
#define SBI_PMU_HW_NO_EVENT                0
#define SBI_PMU_HW_CPU_CYCLES              1
#define SBI_PMU_HW_INSTRUCTIONS            2
#define SBI_PMU_HW_CACHE_REFERENCES        3
#define SBI_PMU_HW_CACHE_MISSES            4
#define SBI_PMU_HW_BRANCH_INSTRUCTIONS     5
#define SBI_PMU_HW_BRANCH_MISSES           6
#define SBI_PMU_HW_BUS_CYCLES              7
#define SBI_PMU_HW_STALLED_CYCLES_FRONTEND 8
#define SBI_PMU_HW_STALLED_CYCLES_BACKEND  9
#define SBI_PMU_HW_REF_CPU_CYCLES          10
#define SBI_PMU_HW_GENERAL_MAX             11

/* Hardware cache events: code[15:3] cache_id, [2:1] op_id, [0] result_id (Tables 3-5). */
#define SBI_PMU_HW_CACHE_L1D  0
#define SBI_PMU_HW_CACHE_L1I  1
#define SBI_PMU_HW_CACHE_LL   2
#define SBI_PMU_HW_CACHE_DTLB 3
#define SBI_PMU_HW_CACHE_ITLB 4
#define SBI_PMU_HW_CACHE_BPU  5
#define SBI_PMU_HW_CACHE_NODE 6
#define SBI_PMU_HW_CACHE_OP_READ     0
#define SBI_PMU_HW_CACHE_OP_WRITE    1
#define SBI_PMU_HW_CACHE_OP_PREFETCH 2
#define SBI_PMU_HW_CACHE_RESULT_ACCESS 0
#define SBI_PMU_HW_CACHE_RESULT_MISS   1

/* Firmware events (Table 6). */
#define SBI_PMU_FW_MISALIGNED_LOAD        0
#define SBI_PMU_FW_MISALIGNED_STORE       1
#define SBI_PMU_FW_ACCESS_LOAD            2
#define SBI_PMU_FW_ACCESS_STORE           3
#define SBI_PMU_FW_ILLEGAL_INSN           4
#define SBI_PMU_FW_SET_TIMER              5
#define SBI_PMU_FW_IPI_SENT               6
#define SBI_PMU_FW_IPI_RECEIVED           7
#define SBI_PMU_FW_FENCE_I_SENT           8
#define SBI_PMU_FW_FENCE_I_RECEIVED       9
#define SBI_PMU_FW_SFENCE_VMA_SENT        10
#define SBI_PMU_FW_SFENCE_VMA_RECEIVED    11
#define SBI_PMU_FW_SFENCE_VMA_ASID_SENT   12
#define SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED 13
#define SBI_PMU_FW_HFENCE_GVMA_SENT       14
#define SBI_PMU_FW_HFENCE_GVMA_RECEIVED   15
#define SBI_PMU_FW_HFENCE_GVMA_VMID_SENT  16
#define SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED 17
#define SBI_PMU_FW_HFENCE_VVMA_SENT       18
#define SBI_PMU_FW_HFENCE_VVMA_RECEIVED   19
#define SBI_PMU_FW_HFENCE_VVMA_ASID_SENT  20
#define SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED 21
#define SBI_PMU_FW_EVENT_COUNT            22  /* standard firmware events 0..21 */
#define SBI_PMU_FW_PLATFORM               65535

/* counter_info (FID 1): [11:0] CSR, [17:12] width-1, [XLEN-1] type. */
#define SBI_PMU_COUNTER_INFO_TYPE_FW (1UL << 63)

/* config_matching flags (Table 8). */
#define SBI_PMU_CFG_FLAG_SKIP_MATCH  (1UL << 0)
#define SBI_PMU_CFG_FLAG_CLEAR_VALUE (1UL << 1)
#define SBI_PMU_CFG_FLAG_AUTO_START  (1UL << 2)
#define SBI_PMU_CFG_FLAG_SET_VUINH   (1UL << 3)
#define SBI_PMU_CFG_FLAG_SET_VSINH   (1UL << 4)
#define SBI_PMU_CFG_FLAG_SET_UINH    (1UL << 5)
#define SBI_PMU_CFG_FLAG_SET_SINH    (1UL << 6)
#define SBI_PMU_CFG_FLAG_SET_MINH    (1UL << 7)
#define SBI_PMU_CFG_FLAG_FILTER_MASK (0x1fUL << 3)
#define SBI_PMU_CFG_FLAG_ALL         0xffUL

/* counter_start flags (Table 10). */
#define SBI_PMU_START_FLAG_SET_INIT_VALUE (1UL << 0)
#define SBI_PMU_START_FLAG_INIT_SNAPSHOT  (1UL << 1)
#define SBI_PMU_START_FLAG_ALL            0x3UL

/* counter_stop flags (Table 12). */
#define SBI_PMU_STOP_FLAG_RESET         (1UL << 0)
#define SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT (1UL << 1)
#define SBI_PMU_STOP_FLAG_ALL           0x3UL

/* Snapshot shared memory layout (Table 16). */
#define SBI_PMU_SNAPSHOT_SIZE            4096
#define SBI_PMU_SNAPSHOT_OVERFLOW_OFFSET 0x0000
#define SBI_PMU_SNAPSHOT_VALUES_OFFSET   0x0008
#define SBI_PMU_SNAPSHOT_MAX_VALUES      64

/* Event info entry (Table 18): 16 bytes. */
#define SBI_PMU_EVENT_INFO_ENTRY_SIZE 16

/* ---- Supervisor Software Events (EID 0x535345, SSE chapter) ---- */
#define SBI_SSE_READ_ATTRS   0
#define SBI_SSE_WRITE_ATTRS  1
#define SBI_SSE_REGISTER     2
#define SBI_SSE_UNREGISTER   3
#define SBI_SSE_ENABLE       4
#define SBI_SSE_DISABLE      5
#define SBI_SSE_COMPLETE     6
#define SBI_SSE_INJECT       7
#define SBI_SSE_HART_UNMASK  8
#define SBI_SSE_HART_MASK    9

/* Event IDs (table "SSE Event ID Space"): bit 14 platform-specific, bit 15 global. */
#define SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS   0x00000000U
#define SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP     0x00000001U
#define SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS  0x00008000U
#define SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW    0x00010000U
#define SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS    0x00100000U
#define SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS   0x00108000U
#define SBI_SSE_EVENT_LOCAL_SOFTWARE        0xffff0000U
#define SBI_SSE_EVENT_GLOBAL_SOFTWARE       0xffff8000U
#define SBI_SSE_EVENT_PLATFORM_BIT          (1U << 14)
#define SBI_SSE_EVENT_GLOBAL_BIT            (1U << 15)

/* States (STATUS bits 1:0) and the rest of STATUS. */
#define SBI_SSE_STATE_UNUSED      0
#define SBI_SSE_STATE_REGISTERED  1
#define SBI_SSE_STATE_ENABLED     2
#define SBI_SSE_STATE_RUNNING     3
#define SBI_SSE_ATTR_STATUS_STATE_MASK  0x3UL
#define SBI_SSE_ATTR_STATUS_PENDING     (1UL << 2)
#define SBI_SSE_ATTR_STATUS_INJECT      (1UL << 3)

/* Attribute IDs (table "SSE Event Attributes"). */
#define SBI_SSE_ATTR_STATUS             0
#define SBI_SSE_ATTR_PRIORITY           1
#define SBI_SSE_ATTR_CONFIG             2
#define SBI_SSE_ATTR_PREFERRED_HART     3
#define SBI_SSE_ATTR_ENTRY_PC           4
#define SBI_SSE_ATTR_ENTRY_ARG          5
#define SBI_SSE_ATTR_INTERRUPTED_SEPC   6
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS  7
#define SBI_SSE_ATTR_INTERRUPTED_A6     8
#define SBI_SSE_ATTR_INTERRUPTED_A7     9
#define SBI_SSE_ATTR_COUNT              10
#define SBI_SSE_ATTR_CONFIG_ONESHOT     (1UL << 0)
#define SBI_SSE_FLAG_SSTATUS_SPP        (1UL << 0)
#define SBI_SSE_FLAG_SSTATUS_SPIE       (1UL << 1)
#define SBI_SSE_FLAG_HSTATUS_SPV        (1UL << 2)
#define SBI_SSE_FLAG_HSTATUS_SPVP       (1UL << 3)
#define SBI_SSE_FLAG_SSTATUS_SPELP      (1UL << 4)
#define SBI_SSE_FLAG_SSTATUS_SDT        (1UL << 5)
#define SBI_SSE_FLAGS_ALL               0x3fUL

/* ---- Firmware Features (EID 0x46574654, FWFT chapter) ---- */
#define SBI_FWFT_SET 0
#define SBI_FWFT_GET 1
#define SBI_FWFT_MISALIGNED_EXC_DELEG   0
#define SBI_FWFT_LANDING_PAD            1
#define SBI_FWFT_SHADOW_STACK           2
#define SBI_FWFT_DOUBLE_TRAP            3
#define SBI_FWFT_PTE_AD_HW_UPDATING     4
#define SBI_FWFT_POINTER_MASKING_PMLEN  5
#define SBI_FWFT_FEATURE_COUNT          6
#define SBI_FWFT_LOCAL_RESERVED_LAST    0x3fffffffU
#define SBI_FWFT_LOCAL_PLATFORM_LAST    0x7fffffffU
#define SBI_FWFT_GLOBAL_RESERVED_LAST   0xbfffffffU
#define SBI_FWFT_SET_FLAG_LOCK          (1UL << 0)

/* ---- Debug Triggers (EID 0x44425452, DBTR chapter) ---- */
#define SBI_DBTR_NUM_TRIGGERS       0
#define SBI_DBTR_SET_SHMEM          1
#define SBI_DBTR_READ_TRIGGERS      2
#define SBI_DBTR_INSTALL_TRIGGERS   3
#define SBI_DBTR_UPDATE_TRIGGERS    4
#define SBI_DBTR_UNINSTALL_TRIGGERS 5
#define SBI_DBTR_ENABLE_TRIGGERS    6
#define SBI_DBTR_DISABLE_TRIGGERS   7
/* trig_state (table "Debug Trigger State Fields"). */
#define SBI_DBTR_STATE_MAPPED       (1UL << 0)
#define SBI_DBTR_STATE_U            (1UL << 1)
#define SBI_DBTR_STATE_S            (1UL << 2)
#define SBI_DBTR_STATE_VU           (1UL << 3)
#define SBI_DBTR_STATE_VS           (1UL << 4)
#define SBI_DBTR_STATE_HAVE_HW_TRIG (1UL << 5)
#define SBI_DBTR_STATE_HW_IDX_SHIFT 8
/* One shared-memory entry: four XLEN words (XLEN / 2 bytes). */
#define SBI_DBTR_SHMEM_ENTRY_SIZE   32

#endif
