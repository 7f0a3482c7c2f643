/*
 * common/tiles.h - seed 002's tile display as a screen composes it (§3.4;
 * docs/tile_display.md): three pages of cells, each cell one of four
 * colours.  The screen fills the pages, the console core writes them
 * through the driver (drivers/tile_display.h), which takes these names.
 */
#ifndef TABLETOP_COMMON_TILES_H
#define TABLETOP_COMMON_TILES_H

/* Pages (the cell word's page field) and their sizes in cells. */
#define TILE_PAGE_BOARD 0   /* 15 x 15 cells of 32 px, the board page's left */
#define TILE_PAGE_MENU 1    /* 10 x 30 cells of 16 px, the board page's right */
#define TILE_PAGE_WELCOME 2 /* 160 x 120 cells of 4 px: the welcome (farm) page */
#define TILE_BOARD_N 15
#define TILE_MENU_W 10
#define TILE_MENU_H 30
#define TILE_WELCOME_W 160
#define TILE_WELCOME_H 120

/* The seed's four colours (table 3.2). */
#define TILE_WHITE 0
#define TILE_BLACK 1
#define TILE_BLUE 2
#define TILE_RED 3

#endif
