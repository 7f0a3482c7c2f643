/* test_c4_game.c - Connect Four rules: moves, wins, draws, positions. */
#include <criterion/criterion.h>
#include <string.h>

#include "games/connect4/c4_game.h"

static c4_game_t parsed(const char *pos)
{
    c4_game_t g;
    char err[128];
    cr_assert_eq(c4_game_parse(&g, pos, err, sizeof err), C4_OK, "%s: %s", pos, err);
    return g;
}

Test(c4_game, empty_board)
{
    c4_game_t g;
    c4_game_init(&g);
    cr_assert_eq(g.to_move, C4_P1);
    cr_assert_eq(g.moves, 0);
    for (int c = 0; c < C4_COLS; c++)
        cr_assert(c4_game_can_play(&g, c));
    cr_assert_not(c4_game_can_play(&g, -1));
    cr_assert_not(c4_game_can_play(&g, 7));
    cr_assert_not(c4_game_is_over(&g));
}

Test(c4_game, discs_stack_and_alternate)
{
    c4_game_t g = parsed("4453");
    cr_assert_eq(g.height[3], 2);
    cr_assert_eq(g.height[4], 1);
    cr_assert_eq(g.height[2], 1);
    cr_assert_eq(g.cell[0][3], C4_P1);
    cr_assert_eq(g.cell[1][3], C4_P2);
    cr_assert_eq(g.cell[0][4], C4_P1);
    cr_assert_eq(g.cell[0][2], C4_P2);
    cr_assert_eq(g.to_move, C4_P1);
    cr_assert_eq(g.moves, 4);
}

Test(c4_game, state_rows_follow_the_seed_encoding)
{
    c4_game_t g = parsed("4453");
    uint16_t rows[6];
    /* AI = player 1: its discs are 01, the other player's 10. */
    c4_game_state_rows(&g, C4_P1, rows);
    cr_assert_eq(rows[0], (1u << 6) | (1u << 8) | (2u << 4), "row 0 = %#x", rows[0]);
    cr_assert_eq(rows[1], 2u << 6);
    for (int r = 2; r < 6; r++)
        cr_assert_eq(rows[r], 0);
    c4_game_state_rows(&g, C4_P2, rows);
    cr_assert_eq(rows[0], (2u << 6) | (2u << 8) | (1u << 4));
    cr_assert_eq(rows[1], 1u << 6);
}

Test(c4_game, four_in_every_direction)
{
    static const struct {
        const char *pos;
        int winner;
        int cells[4][2]; /* (row, col) */
    } cases[] = {
        {"1213141", 1, {{0, 0}, {1, 0}, {2, 0}, {3, 0}}},             /* vertical */
        {"1122334", 1, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}},             /* horizontal */
        {"12234334544", 1, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}},         /* diagonal / */
        {"76654554344", 1, {{0, 6}, {1, 5}, {2, 4}, {3, 3}}},         /* diagonal \ */
        {"71122334", 2, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}},            /* second player */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        c4_game_t g = parsed(cases[i].pos);
        cr_assert_eq(g.winner, cases[i].winner, "%s", cases[i].pos);
        cr_assert(c4_game_is_over(&g));
        for (int k = 0; k < 4; k++) {
            int found = 0;
            for (int j = 0; j < 4; j++)
                found |= g.win_cells[j][0] == cases[i].cells[k][0] &&
                         g.win_cells[j][1] == cases[i].cells[k][1];
            cr_assert(found, "%s: cell (%d,%d) not highlighted", cases[i].pos,
                      cases[i].cells[k][0], cases[i].cells[k][1]);
        }
        /* One move before the end nobody has won. */
        c4_game_undo(&g);
        cr_assert_eq(g.winner, 0, "%s", cases[i].pos);
    }
}

Test(c4_game, no_wrap_around_the_edges)
{
    /* Player 1 holds rows 4-6 of column 1 and row 1 of column 2: bits 3-5
     * and 7 of its bitboard.  Without the spare seventh bit a column would
     * wrap into the next and this would read as a vertical four. */
    c4_game_t g = parsed("21313115151");
    cr_assert_eq(g.cell[3][0], C4_P1);
    cr_assert_eq(g.cell[5][0], C4_P1);
    cr_assert_eq(g.cell[0][1], C4_P1);
    cr_assert_eq(g.winner, 0);
}

Test(c4_game, bad_positions_change_nothing)
{
    static const struct {
        const char *pos;
        c4_status_t status;
        const char *words;
    } cases[] = {
        {"8", C4_ERR_RANGE, "digits 1-7"},
        {"40", C4_ERR_RANGE, "digits 1-7"},
        {"4a", C4_ERR_SYNTAX, "bad character 'a'"},
        {"4 4", C4_ERR_SYNTAX, "bad character ' '"},
        {"4444444", C4_ERR_FULL, "column 4 is already full"},
        {"12121211", C4_ERR_OVER, "already over"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        c4_game_t g = parsed("33");
        c4_game_t before = g;
        char err[128] = "";
        cr_assert_eq(c4_game_parse(&g, cases[i].pos, err, sizeof err), cases[i].status, "%s",
                     cases[i].pos);
        cr_assert(strstr(err, cases[i].words), "%s: '%s'", cases[i].pos, err);
        cr_assert_eq(memcmp(&g, &before, sizeof g), 0, "%s changed the game", cases[i].pos);
    }
}

Test(c4_game, play_errors_change_nothing)
{
    c4_game_t g = parsed("444444");
    c4_game_t before = g;
    cr_assert_eq(c4_game_play(&g, 3), C4_ERR_FULL);
    cr_assert_eq(c4_game_play(&g, 7), C4_ERR_RANGE);
    cr_assert_eq(c4_game_play(&g, -1), C4_ERR_RANGE);
    cr_assert_eq(memcmp(&g, &before, sizeof g), 0);
    c4_game_t w = parsed("1212121");
    before = w;
    cr_assert_eq(c4_game_play(&w, 4), C4_ERR_OVER);
    cr_assert_eq(memcmp(&w, &before, sizeof w), 0);
}

Test(c4_game, full_board_is_a_draw)
{
    /* Columns filled in pairs, shifted so no line reaches four: the
     * classic drawn filling 1,2 / 3,4 / 5,6 / 7 in two-row bands. */
    c4_game_t g;
    c4_game_init(&g);
    static const char *fill = "121212" "343434" "565656" "2121" "21" "4343" "43" "6565" "65"
                              "777777";
    char err[128];
    cr_assert_eq(c4_game_parse(&g, fill, err, sizeof err), C4_OK, "%s", err);
    cr_assert_eq(g.moves, 42);
    cr_assert_eq(g.winner, 0);
    cr_assert(c4_game_is_over(&g));
    for (int c = 0; c < C4_COLS; c++)
        cr_assert_not(c4_game_can_play(&g, c));
}

Test(c4_game, undo_restores_everything)
{
    c4_game_t g = parsed("44536");
    c4_game_t before = parsed("4453");
    cr_assert_eq(c4_game_undo(&g), 0);
    cr_assert_eq(memcmp(&g, &before, sizeof g), 0);
    c4_game_t e;
    c4_game_init(&e);
    cr_assert_eq(c4_game_undo(&e), -1);
}
