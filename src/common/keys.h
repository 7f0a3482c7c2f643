/*
 * common/keys.h - the console's vocabulary with the hardware that every
 * layer speaks, screens included, without seeing the HAL: the HID usage
 * codes a key press arrives as, and the sound cues a screen asks for.
 */
#ifndef TABLETOP_COMMON_KEYS_H
#define TABLETOP_COMMON_KEYS_H

/* Sound cues: go_peripheral's AUDIO_CMD values (seed 000 §4.1). */
#define AUDIO_NONE 0
#define AUDIO_PLACE 1
#define AUDIO_CAPTURE 2
#define AUDIO_ILLEGAL 3
#define AUDIO_GAME_OVER 4

/* HID usage codes used by the console (seed 000 Appendix B and more). */
#define HID_KEY_A 0x04 /* ..0x1D for 'z' */
#define HID_KEY_1 0x1E /* ..0x26 for '9' */
#define HID_KEY_0 0x27
#define HID_KEY_ENTER 0x28
#define HID_KEY_ESCAPE 0x29
#define HID_KEY_BACKSPACE 0x2A
#define HID_KEY_TAB 0x2B
#define HID_KEY_SPACE 0x2C
#define HID_KEY_RIGHT 0x4F
#define HID_KEY_LEFT 0x50
#define HID_KEY_DOWN 0x51
#define HID_KEY_UP 0x52

/* The HID code of a lower-case letter: HID_KEY_LETTER('w'). */
#define HID_KEY_LETTER(c) (HID_KEY_A + ((c) - 'a'))

/* The step an arrow key asks for, as (row, column) with row 0 at the top;
 * with wasd set, w a s d ask the same.  Returns 1 with *drow and *dcol set,
 * or 0 for any other key. */
static inline int hid_arrow_step(int key, int wasd, int *drow, int *dcol)
{
    *drow = *dcol = 0;
    if (key == HID_KEY_UP || (wasd && key == HID_KEY_LETTER('w')))
        *drow = -1;
    else if (key == HID_KEY_DOWN || (wasd && key == HID_KEY_LETTER('s')))
        *drow = 1;
    else if (key == HID_KEY_LEFT || (wasd && key == HID_KEY_LETTER('a')))
        *dcol = -1;
    else if (key == HID_KEY_RIGHT || (wasd && key == HID_KEY_LETTER('d')))
        *dcol = 1;
    else
        return 0;
    return 1;
}

#endif
