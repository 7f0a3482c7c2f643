/*
 * console_link.h - the byte stream to the other console, the one seam the
 * link screen (screens/go_link.c) sees.  The console core opens it at start
 * from --link SPEC and hands it to the modules as console_env_t.link; the
 * screen never learns which path the bytes take:
 *
 *   the backend's link UART   when the backend wired its UART's pins to the
 *                             transport (sdl's C model, sim's RTL: the
 *                             transport is hal_config_t.link, opened by the
 *                             backend), or for `--link uart` (the board's
 *                             FPGA UART, its pins on the HC-05)
 *   the host transport        otherwise (tty:, tcp:, listen: on the board,
 *                             whose UART pins are real): used directly
 *
 * Order in the console core:
 *
 *   hal_config_t cfg = {..., .link = spec};   the backend may wire it
 *   hal_open(&hal, &cfg, ...);
 *   env.link = console_link_open(&hal, spec, err, n);
 *   ... modules run ...
 *   console_link_close(env.link);              before hal_close
 *   hal_close(&hal);
 *
 * A link that could not be opened (a refused connection, no peer within the
 * listen time, no UART) is still returned, failed: console_link_error says
 * why, and the screen shows it as it shows a link that fails later.
 *
 * A front-end without a backend (`tabletop link-bot`) opens the host
 * transport alone, with hal NULL, and waits on console_link_fd.
 */
#ifndef TABLETOP_CONSOLE_LINK_H
#define TABLETOP_CONSOLE_LINK_H

#include <stddef.h>
#include <stdint.h>

struct hal;

typedef struct console_link console_link_t;

/* 0 if spec is a transport a link can open (tty:, tcp:, listen:), else -1
 * with a one-line message naming the forms. */
int console_link_spec_check(const char *spec, char *err, size_t errlen);

/* Opens the link of spec on hal (opened with hal_config_t.link = spec; NULL:
 * no backend, the host transport alone).  Returns the link (possibly failed, see console_link_error), or NULL with
 * a one-line message when spec is NULL or memory runs out. */
console_link_t *console_link_open(struct hal *hal, const char *spec, char *err, size_t errlen);

/* How many bytes console_link_send takes now (the UART path holds what its
 * FIFO has no room for yet; the host transport takes any amount). */
size_t console_link_room(const console_link_t *l);

/* Sends n <= console_link_room bytes (the UART path queues what its FIFO
 * cannot take yet and pushes it on every later send/receive).  Returns 0,
 * or -1 with err when the transport failed. */
int console_link_send(console_link_t *l, const uint8_t *buf, size_t n, char *err, size_t errlen);

/* Bytes from the other console, never blocking: n >= 0, or -1 with err once
 * the link is closed or failed.  now_us is backend time: bytes the
 * transport gave before it closed still cross the UART at 9600 baud, so the
 * UART path reports a closed transport only 200 ms of backend time after it
 * first saw it. */
int console_link_receive(console_link_t *l, uint64_t now_us, uint8_t *buf, size_t cap, char *err,
                         size_t errlen);

/* 1 while bytes sent are still on their way out (queued, or in the UART). */
int console_link_sending(console_link_t *l);

/* Why the link failed to open, or NULL if it opened.  (Later failures come
 * back from send and receive.) */
const char *console_link_error(const console_link_t *l);

/* "" when the bytes use the host transport directly, else how they go
 * ("through the link UART on sdl"), for the statistics line. */
const char *console_link_path(const console_link_t *l);

/* 1 if a host transport carries the bytes (directly or on the UART's pins),
 * 0 for the board's FPGA UART alone or a link that did not open. */
int console_link_has_transport(const console_link_t *l);

/* The file descriptor that becomes readable when the host transport has
 * bytes (for poll), or -1 when the bytes come through the link UART or the
 * link did not open. */
int console_link_fd(const console_link_t *l);

/* Closes the link (NULL is fine); call before hal_close. */
void console_link_close(console_link_t *l);

#endif
