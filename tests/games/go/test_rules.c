/* test_rules.c - rules and scoring on positions from tests/data/go. */
#include "test_util.h"

#include <string.h>

#include "games/go/internal/board_private.h"

/* Checks the incremental liberty counts against a flood fill. */
static void check_consistency(const BoardState *b)
{
    int n_empty = 0;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            Stone s = board_get(b, r, c);
            if (s == EMPTY) {
                n_empty++;
                continue;
            }
            /* flood fill */
            int seen[BOARD_MAX_SIZE][BOARD_MAX_SIZE] = {{0}};
            int stack[400][2], sp = 0, libs = 0;
            stack[sp][0] = r;
            stack[sp++][1] = c;
            seen[r][c] = 1;
            while (sp) {
                sp--;
                int rr = stack[sp][0], cc = stack[sp][1];
                int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                for (int i = 0; i < 4; i++) {
                    int nr = rr + d[i][0], nc = cc + d[i][1];
                    if (nr < 0 || nc < 0 || nr >= b->size || nc >= b->size || seen[nr][nc])
                        continue;
                    Stone t = board_get(b, nr, nc);
                    if (t == EMPTY) {
                        seen[nr][nc] = 1;
                        libs++;
                    } else if (t == s) {
                        seen[nr][nc] = 1;
                        stack[sp][0] = nr;
                        stack[sp++][1] = nc;
                    }
                }
            }
            cr_assert_eq(board_liberties(b, r, c), libs, "liberties at %d,%d: %d, flood fill %d",
                         r, c, board_liberties(b, r, c), libs);
        }
    cr_assert_eq(b->n_empty, n_empty);
}

Test(rules, empty_board)
{
    BoardState b;
    board_init(&b);
    cr_assert_eq(b.size, 9);
    cr_assert_eq(b.turn, BLACK);
    cr_assert_eq(b.komi2, 11);
    cr_assert_eq(b.last_move.row, -1);
    cr_assert_eq(board_score(&b, NULL, NULL), -11);
    char res[16];
    board_result_string(&b, res, sizeof res);
    cr_assert_str_eq(res, "W+5.5");
}

Test(rules, single_capture)
{
    BoardState b;
    test_load_board(&b, "capture_single.txt");
    cr_assert_eq(board_liberties(&b, 4, 4), 1);
    cr_assert_eq(test_play(&b, "E4"), MOVE_OK);
    cr_assert_eq(test_at(&b, "E5"), EMPTY);
    cr_assert_eq(b.captured_black, 1);
    cr_assert_eq(b.last_captures, 1);
    cr_assert_eq(b.turn, WHITE);
    check_consistency(&b);
}

Test(rules, multi_stone_capture)
{
    BoardState b;
    test_load_board(&b, "capture_multi.txt");
    cr_assert_eq(test_play(&b, "F5"), MOVE_OK);
    cr_assert_eq(b.last_captures, 3);
    cr_assert_eq(test_at(&b, "C5"), EMPTY);
    cr_assert_eq(test_at(&b, "D5"), EMPTY);
    cr_assert_eq(test_at(&b, "E5"), EMPTY);
    cr_assert_eq(board_liberties(&b, 4, 5), 4);
    check_consistency(&b);
}

Test(rules, corner_and_edge_captures)
{
    BoardState b;
    test_load_board(&b, "capture_corner.txt");
    cr_assert_eq(test_play(&b, "B9"), MOVE_OK);
    cr_assert_eq(b.last_captures, 1);
    cr_assert_eq(test_at(&b, "A9"), EMPTY);
    cr_assert_eq(test_play(&b, "A5"), MOVE_OK); /* White elsewhere */
    cr_assert_eq(test_play(&b, "J2"), MOVE_OK);
    cr_assert_eq(b.last_captures, 2);
    cr_assert_eq(test_at(&b, "H1"), EMPTY);
    cr_assert_eq(test_at(&b, "J1"), EMPTY);
    cr_assert_eq(b.captured_black, 3);
    check_consistency(&b);

    test_load_board(&b, "capture_edge.txt");
    cr_assert_eq(test_play(&b, "E1"), MOVE_OK);
    cr_assert_eq(b.last_captures, 2);
    cr_assert_eq(test_at(&b, "C1"), EMPTY);
    cr_assert_eq(test_at(&b, "D1"), EMPTY);
    check_consistency(&b);
}

Test(rules, two_groups_at_once)
{
    BoardState b;
    test_load_board(&b, "capture_two_groups.txt");
    cr_assert_eq(test_play(&b, "E5"), MOVE_OK);
    cr_assert_eq(b.last_captures, 2);
    cr_assert_eq(test_at(&b, "D5"), EMPTY);
    cr_assert_eq(test_at(&b, "F5"), EMPTY);
    check_consistency(&b);
}

Test(rules, suicide_refused)
{
    BoardState b, before;
    test_load_board(&b, "suicide.txt");
    cr_assert_eq(b.turn, WHITE);
    before = b;
    cr_assert_eq(test_play(&b, "A9"), MOVE_ILLEGAL_SUICIDE);
    cr_assert_eq(test_play(&b, "J1"), MOVE_ILLEGAL_SUICIDE);
    cr_assert_eq(memcmp(&b, &before, sizeof b), 0, "a refused move changed the board");
    /* The same point is a capture for Black. */
    cr_assert_eq(board_check(&b, BLACK, 8, 8), MOVE_OK);
}

Test(rules, capture_and_live)
{
    BoardState b;
    test_load_board(&b, "capture_and_live.txt");
    cr_assert_eq(test_play(&b, "E5"), MOVE_OK);
    cr_assert_eq(b.last_captures, 1);
    cr_assert_eq(test_at(&b, "E4"), EMPTY);
    cr_assert_eq(test_at(&b, "E5"), WHITE);
    cr_assert_eq(board_liberties(&b, 4, 4), 1);
    check_consistency(&b);
}

Test(rules, ko)
{
    BoardState b;
    test_load_board(&b, "ko.txt");
    uint64_t start = b.hash;
    cr_assert_eq(test_play(&b, "E5"), MOVE_OK);
    cr_assert_eq(b.last_captures, 1);
    cr_assert_eq(b.prev_board_hash, start);
    /* Immediate recapture refused, board unchanged. */
    BoardState before = b;
    cr_assert_eq(test_play(&b, "D5"), MOVE_ILLEGAL_KO);
    cr_assert_eq(memcmp(&b, &before, sizeof b), 0);
    /* After an exchange elsewhere White may retake. */
    cr_assert_eq(test_play(&b, "A1"), MOVE_OK);
    cr_assert_eq(test_play(&b, "J9"), MOVE_OK);
    cr_assert_eq(test_play(&b, "D5"), MOVE_OK);
    cr_assert_eq(b.last_captures, 1);
    cr_assert_eq(test_at(&b, "E5"), EMPTY);
    /* Now Black may not retake at once. */
    cr_assert_eq(test_play(&b, "E5"), MOVE_ILLEGAL_KO);
    /* A pass lifts the ko too. */
    board_pass(&b);
    board_pass(&b);
    cr_assert(b.game_over);
    cr_assert_eq(test_play(&b, "E5"), MOVE_ILLEGAL_GAME_OVER);
    cr_assert_eq(board_play(&b, BLACK, 4, 4), MOVE_OK, "GTP play resumes a finished game");
    check_consistency(&b);
}

Test(rules, ko_hash_matches_previous_position)
{
    /* The seed's test: the refused recapture would recreate the position
     * whose hash is prev_board_hash. */
    BoardState b, probe;
    test_load_board(&b, "ko.txt");
    cr_assert_eq(test_play(&b, "E5"), MOVE_OK);
    probe = b;
    probe.ko_point = 0; /* force the move through to compute its hash */
    cr_assert_eq(board_play(&probe, WHITE, 4, 3), MOVE_OK);
    cr_assert_eq(probe.hash, b.prev_board_hash);
}

Test(rules, snapback)
{
    BoardState b;
    test_load_board(&b, "snapback.txt");
    cr_assert_eq(test_play(&b, "A1"), MOVE_OK);
    cr_assert_eq(board_liberties(&b, 8, 0), 1);
    cr_assert_eq(test_play(&b, "B1"), MOVE_OK);
    cr_assert_eq(b.last_captures, 1);
    cr_assert_eq(board_liberties(&b, 8, 1), 1);
    cr_assert_eq(test_play(&b, "A1"), MOVE_OK, "snapback is not a ko");
    cr_assert_eq(b.last_captures, 3);
    cr_assert_eq(test_at(&b, "A2"), EMPTY);
    cr_assert_eq(test_at(&b, "B2"), EMPTY);
    cr_assert_eq(test_at(&b, "B1"), EMPTY);
    check_consistency(&b);
}

Test(rules, occupied_and_off_board)
{
    BoardState b;
    board_init(&b);
    cr_assert_eq(board_place(&b, 4, 4), MOVE_OK);
    cr_assert_eq(board_place(&b, 4, 4), MOVE_ILLEGAL_OCCUPIED);
    cr_assert_eq(board_place(&b, -1, 0), MOVE_ILLEGAL_OFF_BOARD);
    cr_assert_eq(board_place(&b, 0, 9), MOVE_ILLEGAL_OFF_BOARD);
    cr_assert_eq(board_check(&b, EMPTY, 0, 0), MOVE_ILLEGAL_OFF_BOARD);
    cr_assert_eq(b.turn, WHITE);
}

Test(rules, passes_end_game)
{
    BoardState b;
    board_init(&b);
    board_pass(&b);
    cr_assert_eq(b.consecutive_passes, 1);
    cr_assert_eq(b.turn, WHITE);
    cr_assert_eq(board_place(&b, 0, 0), MOVE_OK);
    cr_assert_eq(b.consecutive_passes, 0);
    board_pass(&b);
    board_pass(&b);
    cr_assert(b.game_over);
    cr_assert_eq(b.move_number, 4);
}

static void check_score(const char *file, int margin2, int black, int white, const char *text)
{
    BoardState b;
    test_load_board(&b, file);
    int nb, nw;
    cr_assert_eq(board_score(&b, &nb, &nw), margin2, "%s margin", file);
    cr_assert_eq(nb, black, "%s black %d", file, nb);
    cr_assert_eq(nw, white, "%s white %d", file, nw);
    char res[16];
    board_result_string(&b, res, sizeof res);
    cr_assert_str_eq(res, text);
}

Test(scoring, finished_positions)
{
    check_score("score_wall.txt", 7, 45, 36, "B+3.5");
    check_score("score_dame.txt", -11, 36, 36, "W+5.5");
    check_score("score_eyes.txt", 89, 66, 15, "B+44.5");
}

Test(scoring, area_map_and_integer_komi)
{
    BoardState b;
    test_load_board(&b, "score_dame.txt");
    Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    board_area_map(&b, owner);
    cr_assert_eq(owner[0][0], BLACK);
    cr_assert_eq(owner[0][4], EMPTY);
    cr_assert_eq(owner[8][8], WHITE);
    b.komi2 = 0;
    char res[16];
    board_result_string(&b, res, sizeof res);
    cr_assert_str_eq(res, "0");
    b.komi2 = -4;
    board_result_string(&b, res, sizeof res);
    cr_assert_str_eq(res, "B+2.0");
}

Test(vertex, parse_and_format)
{
    Move m;
    char buf[8];
    cr_assert_eq(board_vertex_parse(9, "A9", &m), 0);
    cr_assert(m.row == 0 && m.col == 0 && !m.pass);
    cr_assert_eq(board_vertex_parse(9, "j1", &m), 0);
    cr_assert(m.row == 8 && m.col == 8);
    cr_assert_eq(board_vertex_parse(9, "PASS", &m), 0);
    cr_assert(m.pass);
    cr_assert_eq(board_vertex_parse(9, "I5", &m), -1);
    cr_assert_eq(board_vertex_parse(9, "K5", &m), -1);
    cr_assert_eq(board_vertex_parse(9, "A10", &m), -1);
    cr_assert_eq(board_vertex_parse(9, "A0", &m), -1);
    cr_assert_eq(board_vertex_parse(9, "A", &m), -1);
    cr_assert_eq(board_vertex_parse(9, "", &m), -1);
    cr_assert_eq(board_vertex_parse(9, "A5x", &m), -1);
    cr_assert_eq(board_vertex_parse(19, "T19", &m), 0);
    cr_assert(m.row == 0 && m.col == 18);
    Move v = {2, 7, 0};
    board_vertex_format(9, v, buf, sizeof buf);
    cr_assert_str_eq(buf, "H7");
    v.pass = 1;
    board_vertex_format(9, v, buf, sizeof buf);
    cr_assert_str_eq(buf, "pass");
}

Test(ascii, round_trip_and_errors)
{
    BoardState b, c;
    char text[2048], err[128];
    test_load_board(&b, "ko.txt");
    size_t n = board_to_ascii(&b, text, sizeof text);
    cr_assert_gt(n, 100);
    cr_assert_eq(board_from_ascii(&c, text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(c.hash, b.hash);
    cr_assert_eq(c.size, 9);
    /* Truncation is safe and NUL-terminated. */
    char small[10];
    board_to_ascii(&b, small, sizeof small);
    cr_assert_eq(strlen(small), 9);
    /* Errors leave the board alone. */
    BoardState keep = c;
    cr_assert_eq(board_from_ascii(&c, ". . .\n. . .\n", err, sizeof err), -1);
    cr_assert(strlen(err) > 0);
    cr_assert_eq(board_from_ascii(&c, ".....\n.....\n..Z..\n.....\n.....\n", err, sizeof err), -1);
    cr_assert(strstr(err, "line 3"), "%s", err);
    cr_assert_eq(board_from_ascii(&c, "OX...\nX....\n.....\n.....\n.....\n", err, sizeof err), -1);
    cr_assert(strstr(err, "no liberties"), "%s", err);
    cr_assert_eq(memcmp(&c, &keep, sizeof c), 0);
    /* Other sizes, komi and side to move. */
    cr_assert_eq(board_from_ascii(&c, "komi: 0.5\nW to move\n.....\n..X..\n.....\n.....\n.....\n",
                                  err, sizeof err), 0, "%s", err);
    cr_assert_eq(c.size, 5);
    cr_assert_eq(c.komi2, 1);
    cr_assert_eq(c.turn, WHITE);
}

Test(setup, stones_without_captures)
{
    BoardState b;
    board_init(&b);
    cr_assert_eq(board_setup(&b, BLACK, 0, 1), 0);
    cr_assert_eq(board_setup(&b, BLACK, 1, 0), 0);
    cr_assert_eq(board_setup(&b, WHITE, 0, 0), -1, "a stone without liberties");
    cr_assert_eq(board_get(&b, 0, 0), EMPTY);
    cr_assert_eq(board_setup(&b, EMPTY, 0, 1), 0);
    cr_assert_eq(board_setup(&b, WHITE, 0, 0), 0);
    cr_assert_eq(board_setup(&b, BLACK, 9, 0), -1);
    cr_assert_eq(b.turn, BLACK);
    check_consistency(&b);
}

Test(rules, random_games_keep_liberties_exact)
{
    /* Long random games on several sizes: incremental liberties, empty
     * list and hash always match a recount. */
    uint64_t x = 12345;
    for (int size = 5; size <= 19; size += 7) {
        BoardState b;
        board_reset(&b, size, 11);
        for (int i = 0; i < 600; i++) {
            int tries = 0;
            for (;;) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                int r = (int)((x >> 33) % (uint64_t)size), c = (int)((x >> 45) % (uint64_t)size);
                if (board_place(&b, r, c) == MOVE_OK)
                    break;
                if (++tries > 400) {
                    board_pass(&b);
                    break;
                }
            }
            if (b.game_over)
                break;
            if (i % 7 == 0)
                check_consistency(&b);
        }
        /* the hash equals a fresh rebuild of the same stones */
        char text[4096], err[128];
        board_to_ascii(&b, text, sizeof text);
        BoardState c;
        cr_assert_eq(board_from_ascii(&c, text, err, sizeof err), 0, "%s", err);
        cr_assert_eq(c.hash, b.hash);
    }
}
