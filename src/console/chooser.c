/*
 * chooser.c - the game chooser (chooser.h): the rows are the modules that
 * are not link games, in the table's order, and Quit.
 */
#include "chooser.h"

#include "common/keys.h"
#include "render.h"

/* The most games a chooser draws (the screen holds far fewer). */
#define CHOOSER_MAX_GAMES 32

/* The number of games the chooser lists. */
static int chooser_games(const chooser_t *ch)
{
    int n = 0;
    for (const console_module_t *m = ch->modules; m->module; m++)
        n += !m->link;
    return n;
}

/* The index in modules[] of the game on row `row`. */
static int chooser_module(const chooser_t *ch, int row)
{
    for (int i = 0; ch->modules[i].module; i++)
        if (!ch->modules[i].link && row-- == 0)
            return i;
    return 0;
}

chooser_action_t chooser_key(chooser_t *ch, int key, int *module)
{
    int quit_row = chooser_games(ch);
    if (key == HID_KEY_UP && ch->sel > 0) {
        ch->sel--;
        return CHOOSER_MOVED;
    }
    if (key == HID_KEY_DOWN && ch->sel < quit_row) {
        ch->sel++;
        return CHOOSER_MOVED;
    }
    if (key == HID_KEY_ENTER && ch->sel == quit_row)
        return CHOOSER_QUIT;
    if (key == HID_KEY_ENTER) {
        *module = chooser_module(ch, ch->sel);
        return CHOOSER_OPEN;
    }
    return CHOOSER_STAY;
}

void chooser_render(const chooser_t *ch, uint16_t *fb, const char *saves_off, const char *why)
{
    const char *items[CHOOSER_MAX_GAMES + 1];
    int games = chooser_games(ch);
    if (games > CHOOSER_MAX_GAMES)
        games = CHOOSER_MAX_GAMES;
    for (int i = 0; i < games; i++)
        items[i] = ch->modules[chooser_module(ch, i)].module->title;
    items[games] = "Quit";
    render_init(fb);
    render_menu_list("tabletop", items, games + 1, ch->sel,
                     "Choose a game: Up/Down, then Enter   h: help   m: sound   q: quit");
    /* Saves off: said on the first screen, between the title and the
     * games, before anybody plays a game that will not be kept. */
    if (saves_off[0]) {
        render_string_centered(114, saves_off, COLOR_WARN, 2);
        render_string_centered(138, why, COLOR_TEXT, 1);
    }
}
