/*
 * sim_rom_images.h - go_peripheral's sample ROM images, built into the
 * program (sim/rom_images.py makes the tables from the .vh images).
 */
#ifndef TABLETOP_SIM_ROM_IMAGES_H
#define TABLETOP_SIM_ROM_IMAGES_H

#include <stdint.h>

typedef struct sim_rom_image {
    const char *name;     /* the image's file name, e.g. "place.vh" */
    const uint16_t *words; /* its words in ROM order */
    unsigned count;       /* how many: the ROM's depth, e.g. 1600 */
} sim_rom_image_t;

extern const sim_rom_image_t sim_rom_images[];
extern const unsigned sim_rom_image_count;

#endif
