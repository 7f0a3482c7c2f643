/*
 * settings.c - the console's settings file in the save folder
 * (settings.h): the sound on or off.
 */
#include "settings.h"

#include <stdio.h>
#include <string.h>

#include "save.h"

#define SETTINGS_NAME "settings.txt"

int settings_load_sound_off(const char *dir, int sound_off)
{
    if (!dir[0])
        return sound_off;
    char path[4200], line[64];
    snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_NAME);
    FILE *f = fopen(path, "r");
    if (!f)
        return sound_off;
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        if (!strcmp(line, "sound off"))
            sound_off = 1;
        else if (!strcmp(line, "sound on"))
            sound_off = 0;
        else
            bad = 1;
    }
    fclose(f);
    if (bad)
        fprintf(stderr, "tabletop: %s: lines other than 'sound on' or 'sound off' ignored\n",
                path);
    return sound_off;
}

void settings_save_sound(const char *dir, int sound_off)
{
    if (!dir)
        return;
    char path[4200], err[4400];
    snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_NAME);
    char text[80];
    snprintf(text, sizeof text, "# tabletop settings (docs/play.md)\nsound %s\n",
             sound_off ? "off" : "on");
    if (save_write_text(path, text, err, sizeof err) != 0)
        fprintf(stderr, "tabletop: cannot remember the sound setting in %s: %s\n", path, err);
}
