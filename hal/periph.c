/* periph.c - the address map as data and the bus that walks the bindings (periph.h). */
#include "periph.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PERIPH_ROW(id, name, base, span) [PERIPH_##id] = {name, base, span},
const periph_info_t periph_map[PERIPH_COUNT] = {HAL_PERIPHERALS(PERIPH_ROW)};
#undef PERIPH_ROW

periph_id_t periph_find(uint32_t offset)
{
    for (int i = 0; i < PERIPH_COUNT; i++)
        if (offset >= periph_map[i].base && offset - periph_map[i].base < periph_map[i].span)
            return (periph_id_t)i;
    return PERIPH_COUNT;
}

/* ---- the catch-up adapter that hosts every C model ---- */

typedef struct periph_model_inst {
    const periph_model_t *model;
    uint64_t synced; /* the system clock the model has been run to */
    _Alignas(max_align_t) unsigned char state[];
} periph_model_inst_t;

void *periph_model_open(const periph_model_t *model, char *err, size_t errlen)
{
    periph_model_inst_t *c = calloc(1, sizeof *c + model->size);
    if (!c) {
        snprintf(err, errlen, "out of memory for %s", model->what);
        return NULL;
    }
    c->model = model;
    model->reset(c->state);
    if (model->settle && model->run)
        model->run(c->state, model->settle);
    return c;
}

/* Runs the model over the clocks since its last access: exactly what
 * clocking it through every microsecond would have done, at the cost of
 * one call (each model's run skips idle clocks). */
static void model_catch_up(periph_model_inst_t *c, uint64_t now)
{
    if (now > c->synced) {
        if (c->model->run)
            c->model->run(c->state, now - c->synced);
        c->synced = now;
    }
}

void *periph_model_at(void *inst, uint64_t now)
{
    periph_model_inst_t *c = inst;
    model_catch_up(c, now);
    return c->state;
}

void *periph_model_state(void *inst)
{
    return ((periph_model_inst_t *)inst)->state;
}

uint32_t periph_model_read(void *inst, uint64_t now, uint32_t offset)
{
    periph_model_inst_t *c = inst;
    model_catch_up(c, now);
    c->synced += (uint64_t)c->model->access_takes_clock;
    return c->model->read(c->state, offset);
}

void periph_model_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    periph_model_inst_t *c = inst;
    model_catch_up(c, now);
    c->synced += (uint64_t)c->model->access_takes_clock;
    c->model->write(c->state, offset, value);
}

void periph_model_close(void *inst)
{
    free(inst);
}

static void binding_close_inst(const periph_binding_t *b, void *inst)
{
    if (b->close && inst)
        b->close(inst);
}

int periph_bus_attach(periph_bus_t *bus, periph_id_t id, void *inst)
{
    if (id >= PERIPH_COUNT || !bus->binding[id] || bus->binding[id]->open)
        return -1;
    bus->inst[id] = inst;
    return 0;
}

int periph_bus_open(periph_bus_t *bus, const periph_binding_t *const *table, size_t count,
                    char *err, size_t errlen)
{
    memset(bus, 0, sizeof *bus);
    for (size_t i = 0; i < count; i++) {
        const periph_binding_t *b = table[i];
        if (b->id >= PERIPH_COUNT || bus->binding[b->id]) {
            snprintf(err, errlen, "peripheral table: entry %zu is out of range or bound twice", i);
            periph_bus_close(bus);
            return -1;
        }
        if (!b->open) { /* the display core: attached by the backend */
            bus->binding[b->id] = b;
            continue;
        }
        char why[192] = "";
        void *inst = b->open(why, sizeof why);
        if (!inst) {
            snprintf(err, errlen, "%s: %s", periph_map[b->id].name, why);
            periph_bus_close(bus);
            return -1;
        }
        bus->binding[b->id] = b;
        bus->inst[b->id] = inst;
    }
    return 0;
}

void periph_bus_close(periph_bus_t *bus)
{
    for (int i = 0; i < PERIPH_COUNT; i++) {
        if (bus->binding[i])
            binding_close_inst(bus->binding[i], bus->inst[i]);
        bus->binding[i] = NULL;
        bus->inst[i] = NULL;
    }
}

/* The bound peripheral holding the word at offset, or PERIPH_COUNT. */
static periph_id_t bus_target(const periph_bus_t *bus, uint32_t offset)
{
    if (offset & 3u)
        return PERIPH_COUNT;
    periph_id_t id = periph_find(offset);
    return id < PERIPH_COUNT && bus->binding[id] && bus->inst[id] ? id : PERIPH_COUNT;
}

int periph_bus_read(periph_bus_t *bus, uint64_t now, uint32_t offset, uint32_t *value)
{
    periph_id_t id = bus_target(bus, offset);
    if (id == PERIPH_COUNT)
        return 0;
    const periph_binding_t *b = bus->binding[id];
    *value = b->read(bus->inst[id], now, offset - periph_map[id].base);
    return 1;
}

int periph_bus_write(periph_bus_t *bus, uint64_t now, uint32_t offset, uint32_t value)
{
    periph_id_t id = bus_target(bus, offset);
    if (id == PERIPH_COUNT)
        return 0;
    const periph_binding_t *b = bus->binding[id];
    b->write(bus->inst[id], now, offset - periph_map[id].base, value);
    return 1;
}

int periph_bus_hex_pins(periph_bus_t *bus, const periph_hex_source_t *src, uint64_t now,
                        uint8_t hex_n[6])
{
    memset(hex_n, 0x7F, 6);
    if (!src || src->id >= PERIPH_COUNT || !bus->binding[src->id])
        return 0;
    src->hex_pins(bus->inst[src->id], now, hex_n);
    return 1;
}

int periph_bus_scan_frame(periph_bus_t *bus, const periph_vga_source_t *src, uint64_t now,
                          uint16_t *rgb444)
{
    if (!src || src->id >= PERIPH_COUNT || !bus->binding[src->id])
        return 0;
    return src->scan_frame(bus->inst[src->id], now, rgb444) == 1;
}

uint32_t periph_bus_vga_changes(periph_bus_t *bus, const periph_vga_source_t *src)
{
    if (!src || src->id >= PERIPH_COUNT || !bus->binding[src->id])
        return 0;
    return src->changes(bus->inst[src->id]);
}

/* Wires the pins of pins' peripheral on this bus to link (per instance: no
 * other bus sees it).  Returns 1, or 0 if pins is NULL or not bound. */
static int periph_bus_attach_link(periph_bus_t *bus, const periph_link_pins_t *pins,
                                  hal_link_t *link)
{
    if (!pins || pins->id >= PERIPH_COUNT || !bus->binding[pins->id])
        return 0;
    pins->attach(bus->inst[pins->id], link);
    return 1;
}

int periph_bus_open_link(periph_bus_t *bus, const periph_link_pins_t *pins, const char *spec,
                         hal_link_t **link)
{
    *link = NULL;
    if (!spec || !periph_bus_attach_link(bus, pins, NULL))
        return 0;
    char why[256];
    *link = hal_link_open(spec, HAL_LINK_WAIT_MS, why, sizeof why);
    if (!*link)
        *link = hal_link_failed(why);
    if (!*link)
        return -1;
    periph_bus_attach_link(bus, pins, *link);
    return 0;
}
