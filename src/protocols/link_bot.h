/* link_bot.h - `tabletop link-bot`: a GTP engine as the far console. */
#ifndef TABLETOP_LINK_BOT_H
#define TABLETOP_LINK_BOT_H

/* argv[0] is "link-bot".  Returns the exit code: 0 at the end of a game
 * (the result printed on stdout), 1 when the link or the engine failed,
 * 2 for bad arguments; each failure is one line on stderr. */
int link_bot_main(int argc, char **argv);

#endif
