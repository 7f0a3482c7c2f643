/*
 * help.c - the help screen (help.h): a title, up to ten "KEYS\tWHAT" lines
 * of the screen below it, the keys that work everywhere, "Any key: back";
 * and the console's overlays.
 */
#include "help.h"

#include <stdio.h>
#include <string.h>

#include "render.h"

static const char *const chooser_help[] = {
    "Up/Down\tchoose a game (or Quit)",
    "Enter\tstart it",
    NULL,
};

static const char *const generic_help[] = {
    "Arrows\tmove, choose",
    "Enter\tselect",
    "Escape\tback",
    NULL,
};

/* Draws one "KEYS\tWHAT" line at y. */
static void help_line(int y, const char *line)
{
    char keys[32];
    const char *tab = strchr(line, '\t');
    size_t n = tab ? (size_t)(tab - line) : 0;
    if (n >= sizeof keys)
        n = sizeof keys - 1;
    memcpy(keys, line, n);
    keys[n] = 0;
    render_string_scaled(40, y, keys, COLOR_CURSOR, 2);
    render_string_scaled(220, y, tab ? tab + 1 : line, COLOR_TEXT, 2);
}

void help_render(uint16_t *fb, const console_game_t *game, int sound_off)
{
    const char *const *lines = chooser_help;
    char title[64];
    snprintf(title, sizeof title, "Keys");
    if (game) {
        lines = game->help ? game->help : generic_help;
        snprintf(title, sizeof title, "Keys: %s", game->title);
    }
    render_init(fb);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(24, title, COLOR_BOARD, 3);
    int y = 76;
    for (int i = 0; i < 10 && lines[i]; i++, y += 24)
        help_line(y, lines[i]);
    /* Ten game lines and these four still leave a line of space above
     * "Any key: back". */
    y += 12;
    render_string_scaled(40, y, "Everywhere", COLOR_DIM, 2);
    y += 26;
    help_line(y, "h, F1\tthis help");
    help_line(y + 22, sound_off ? "m\tsound on/off (now off)" : "m\tsound on/off (now on)");
    help_line(y + 44, "q\tquit (games are saved)");
    help_line(y + 66, "F11\tfull screen (remembered)");
    render_string_centered(452, "Any key: back", COLOR_DIM, 2);
}

void help_confirm_quit_render(void)
{
    render_shade_rect(90, 170, 460, 120);
    render_rect(90, 170, 460, 120, COLOR_WARN);
    render_string_centered(186, "Quit? This game is not saved", COLOR_WARN, 2);
    render_string_centered(222, "q: quit anyway", COLOR_TEXT, 2);
    render_string_centered(250, "any other key: keep playing", COLOR_TEXT, 2);
}

void help_sound_off_render(void)
{
    render_fill_rect(0, 0, 96, 13, COLOR_BG);
    render_string(3, 3, "Sound off (m)", COLOR_WARN);
}
