/*
 * settings.h - the console's settings, remembered in the save folder as
 * settings.txt (docs/play.md): the sound, "sound on" or "sound off", one
 * line; '#' starts a comment line.
 *
 * Usage:
 *   int sound_off = settings_load_sound_off("/tmp/tabletop-saves", 0);
 *   settings_save_sound("/tmp/tabletop-saves", !sound_off);
 */
#ifndef TABLETOP_SETTINGS_H
#define TABLETOP_SETTINGS_H

/* The sound setting in dir's settings file: 1 off, 0 on; sound_off when
 * dir is "" or the file is missing or says nothing.  Lines other than
 * "sound on" or "sound off" are reported in one line on stderr and
 * ignored.  A read-only folder still gives its setting. */
int settings_load_sound_off(const char *dir, int sound_off);

/* Writes the setting to dir's settings file, atomically (save.h's
 * save_write_text: never over a link or a device); dir NULL: nothing.  A
 * failure costs only the setting, and says so on stderr. */
void settings_save_sound(const char *dir, int sound_off);

#endif
