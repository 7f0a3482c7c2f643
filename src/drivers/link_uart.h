/*
 * drivers/link_uart.h - the serial link UART at LW 0x3000 (LINK_UART_BASE;
 * seed 001, docs/link.md "UART registers") through the HAL: every backend
 * answers (sdl: hal/models/link_uart_model.c, sim: rtl/link_uart Verilated,
 * board: the FPGA, once board/ wires it).
 */
#ifndef TABLETOP_LINK_UART_DRIVER_H
#define TABLETOP_LINK_UART_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "hal.h"
#include "rtl/link_uart_regs.h"

/* Registers: LINK_UART_BASE + LINK_UART_REG_* (rtl/link_uart/link_uart_regs.def). */

/* Resets the registers the console uses (9600 baud, no loopback, sticky
 * errors cleared).  Returns 1 if a UART answers there (DIVISOR reads back). */
int link_uart_init(hal_t *h);
/* Pushes bytes into the TX FIFO while it has room; returns how many. */
size_t link_uart_send(hal_t *h, const uint8_t *buf, size_t n);
/* Pops received bytes; returns how many. */
size_t link_uart_recv(hal_t *h, uint8_t *buf, size_t cap);
/* The STATUS register. */
uint32_t link_uart_status(hal_t *h);

#endif
