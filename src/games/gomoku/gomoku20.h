/*
 * gomoku20.h - the 20x20 build of the rules and the AI, for Gomocup's
 * freestyle and standard tournaments (`tabletop pbrain`, START 20).
 *
 * The board's size is a compile-time constant (the padded board, the
 * history and the AI's arrays follow GOMOKU_SIZE), so the same sources are
 * compiled a second time with this header forced in first (-include): the
 * size is 20 and every external name gets the gomoku20_ prefix, so both
 * builds link into one program.  Nothing else includes it.
 */
#ifndef TABLETOP_GOMOKU20_H
#define TABLETOP_GOMOKU20_H

#define GOMOKU_SIZE 20

#define gomoku_ai_move gomoku20_ai_move
#define gomoku_ai_now gomoku20_ai_now
#define gomoku_ai_seed_move gomoku20_ai_seed_move
#define gomoku_ai_selfcheck gomoku20_ai_selfcheck
#define gomoku_at gomoku20_at
#define gomoku_can_play gomoku20_can_play
#define gomoku_dirs gomoku20_dirs
#define gomoku_forbid_name gomoku20_forbid_name
#define gomoku_forbid_padded gomoku20_forbid_padded
#define gomoku_forbidden gomoku20_forbidden
#define gomoku_init gomoku20_init
#define gomoku_makes_five gomoku20_makes_five
#define gomoku_pass gomoku20_pass
#define gomoku_play gomoku20_play
#define gomoku_point_format gomoku20_point_format
#define gomoku_point_parse gomoku20_point_parse
#define gomoku_seed_table gomoku20_seed_table
#define gomoku_seed_value gomoku20_seed_value
#define gomoku_set_rule gomoku20_set_rule
#define gomoku_set_stone gomoku20_set_stone
#define gomoku_set_to_move gomoku20_set_to_move
#define gomoku_undo gomoku20_undo

/* The brain over this build (src/protocols/pbrain.c compiled again). */
#define pbrain_new pbrain20_new
#define pbrain_free pbrain20_free
#define pbrain_line pbrain20_line
#define pbrain_line_n pbrain20_line_n
#define pbrain_in_block pbrain20_in_block
#define PBRAIN_SECOND_SIZE 1

#endif
