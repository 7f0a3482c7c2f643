/* protocols/pbrain.h - `tabletop pbrain`: the Gomocup/Piskvork brain protocol. */
#ifndef TABLETOP_PBRAIN_H
#define TABLETOP_PBRAIN_H

/* argv[0] is "pbrain".  Runs until END or the end of stdin; returns the exit
 * status (2 for a bad option). */
int pbrain_main(int argc, char **argv);

#endif
