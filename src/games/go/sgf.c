/*
 * sgf.c - SGF FF[4] records of Go games: a small recursive-descent reader,
 * a writer, and a replayer onto a BoardState (see sgf.h for what is kept).
 *
 * The reader walks the whole first game tree so that a broken bracket
 * anywhere in it is reported, but keeps only the main line (the first
 * child of every tree).  Text after the first game tree (further games of
 * a collection) is not read at all.  Errors carry the line and column of
 * the offending character, counted from 1; a tab counts as one column.
 */
#include "sgf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Root text properties kept until the root is read (see sgf_reader_t). */
static const char *const sgf_root_idents[] = {"RU", "RE", "PB", "PW", "DT", "AP", "GC", "CA"};
#define SGF_ROOT_TEXTS 8
#define SGF_ROOT_CA 7

/* Files larger than this are certainly not 9x9 game records. */
#define SGF_MAX_FILE_BYTES (4u << 20)
/* A property value longer than this is cut (text) or rejected (others). */
#define SGF_MAX_VALUE 4096

void sgf_game_init(sgf_game_t *g)
{
    memset(g, 0, sizeof *g);
    g->size = BOARD_DEFAULT_SIZE;
    g->komi2 = BOARD_DEFAULT_KOMI2;
    snprintf(g->rules, sizeof g->rules, "Chinese");
}

int sgf_add_move(sgf_game_t *g, Stone color, Move m)
{
    if (g->n_moves >= SGF_MAX_MOVES)
        return -1;
    sgf_move_t *mv = &g->moves[g->n_moves++];
    mv->color = color;
    mv->move = m;
    if (m.pass)
        mv->move.row = mv->move.col = -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Reader                                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    const char *text;
    size_t len;
    size_t pos;
    int line, col;     /* of text[pos], from 1 */
    sgf_game_t *g;     /* being filled */
    /* Where each move and setup point was read: property order inside a
     * node is free, so points are checked against SZ once the root is read. */
    int move_line[SGF_MAX_MOVES], move_col[SGF_MAX_MOVES];
    int setup_line[SGF_MAX_SETUP], setup_col[SGF_MAX_SETUP];
    int node_index;    /* 0 for the root node of the main line */
    int main_line;     /* the current node is on the main line */
    int error;
    char *err;
    size_t errlen;
    char value[SGF_MAX_VALUE + 1]; /* the property value being read, unescaped */
    /* The root's text values as read (RU RE PB PW DT AP GC CA): CA may come
     * after the others, and decides how their bytes turn into UTF-8. */
    char root_text[SGF_ROOT_TEXTS][SGF_MAX_VALUE + 1];
    int root_seen[SGF_ROOT_TEXTS];
    char utf8[3 * SGF_MAX_VALUE + 1]; /* one of them converted to UTF-8 */
    size_t value_len;
    int value_line, value_col;     /* where the value's '[' was */
} sgf_reader_t;

static int reader_fail_at(sgf_reader_t *r, int line, int col, const char *fmt, ...)
{
    if (r->error)
        return -1;
    r->error = 1;
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (r->err && r->errlen)
        snprintf(r->err, r->errlen, "line %d, column %d: %s", line, col, what);
    return -1;
}

#define reader_fail(r, ...) reader_fail_at((r), (r)->line, (r)->col, __VA_ARGS__)

static int reader_peek(const sgf_reader_t *r)
{
    return r->pos < r->len ? (unsigned char)r->text[r->pos] : -1;
}

/* Advances one byte, keeping line/column.  CR LF, LF CR, CR and LF each
 * count as one line break. */
static int reader_next(sgf_reader_t *r)
{
    if (r->pos >= r->len)
        return -1;
    int c = (unsigned char)r->text[r->pos++];
    if (c == '\n' || c == '\r') {
        int other = c == '\n' ? '\r' : '\n';
        if (r->pos < r->len && r->text[r->pos] == other)
            r->pos++;
        r->line++;
        r->col = 1;
        return '\n';
    }
    r->col++;
    return c;
}

static int is_sgf_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static void reader_skip_space(sgf_reader_t *r)
{
    while (r->pos < r->len && is_sgf_space((unsigned char)r->text[r->pos]))
        reader_next(r);
}

/* Reads one "[...]" value into r->value, resolving escapes and soft line
 * breaks; other line breaks are kept as '\n'.  Too long values are cut. */
static int reader_read_value(sgf_reader_t *r)
{
    r->value_line = r->line;
    r->value_col = r->col;
    reader_next(r); /* '[' */
    r->value_len = 0;
    for (;;) {
        int c = reader_next(r);
        if (c < 0)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "property value not closed with ']'");
        if (c == ']')
            break;
        if (c == '\\') {
            c = reader_next(r);
            if (c < 0)
                return reader_fail_at(r, r->value_line, r->value_col,
                                      "property value not closed with ']'");
            if (c == '\n')
                continue; /* soft line break: removed */
        }
        if (r->value_len < SGF_MAX_VALUE)
            r->value[r->value_len++] = (char)c;
    }
    r->value[r->value_len] = '\0';
    return 0;
}

/* Stores a SimpleText/Text value: line breaks become spaces in SimpleText
 * and stay in Text; other white space becomes a space; cut to fit, never
 * in the middle of a UTF-8 sequence. */
static void store_text(const char *value, char *dst, size_t dstlen, int keep_breaks)
{
    size_t n = 0;
    for (const char *p = value; *p && n + 1 < dstlen; p++) {
        char c = *p;
        if (c == '\n')
            c = keep_breaks ? '\n' : ' ';
        else if (is_sgf_space((unsigned char)c))
            c = ' ';
        dst[n++] = c;
    }
    /* Do not leave half a UTF-8 character at the cut. */
    if (value[n] != '\0') {
        while (n > 0 && ((unsigned char)dst[n - 1] & 0xC0) == 0x80)
            n--;
        if (n > 0 && ((unsigned char)dst[n - 1] & 0xC0) == 0xC0)
            n--;
    }
    dst[n] = '\0';
}

/* Parses a whole decimal integer (optional sign); -1 if malformed. */
static int parse_int(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno || v < -100000 || v > 100000)
        return -1;
    *out = (int)v;
    return 0;
}

/* Parses an SGF Real into half points, rounding to the nearest half. */
static int parse_komi2(const char *s, int *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    /* GTP's komi limit: half points must fit an int. */
    if (end == s || *end != '\0' || errno || v < -1e9 || v > 1e9)
        return -1;
    /* Only digits, sign and a decimal point: strtod also takes "inf", "0x1p3". */
    for (const char *p = s; *p; p++)
        if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '+'))
            return -1;
    double h = v * 2.0;
    *out = (int)(h < 0 ? h - 0.5 : h + 0.5);
    return 0;
}

/* Decodes a point value "cd" into a Move (checked against the board size
 * later).  "" and "tt" are passes when allow_pass: every supported board
 * is at most 19x19, where "tt" is off the board.  Returns 0 or fails. */
static int decode_point(sgf_reader_t *r, const char *v, int allow_pass, Move *m)
{
    m->pass = 0;
    m->row = m->col = -1;
    if (allow_pass && (v[0] == '\0' || !strcmp(v, "tt"))) {
        m->pass = 1;
        return 0;
    }
    if (strlen(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z')
        return reader_fail_at(r, r->value_line, r->value_col,
                              "'%s' is not a point (two letters a..s)", v);
    m->row = v[1] - 'a';
    m->col = v[0] - 'a';
    return 0;
}

/* Fails if a point read at (line, col) lies outside the final board. */
static int check_point(sgf_reader_t *r, Move m, int line, int col)
{
    int size = r->g->size;
    if (m.pass || (m.row < size && m.col < size))
        return 0;
    return reader_fail_at(r, line, col, "point '%c%c' is off the %dx%d board",
                          'a' + m.col, 'a' + m.row, size, size);
}

/* Per-node bookkeeping used to reject nodes that hold two moves. */
typedef struct {
    int has_move;
} sgf_node_state_t;

static int add_setup(sgf_reader_t *r, Stone color, int row, int col)
{
    sgf_game_t *g = r->g;
    /* A later setup of the same point replaces the earlier one. */
    for (int i = 0; i < g->n_setup; i++) {
        if (g->setup[i].move.row == row && g->setup[i].move.col == col) {
            g->setup[i].color = color;
            return 0;
        }
    }
    if (g->n_setup >= SGF_MAX_SETUP)
        return reader_fail_at(r, r->value_line, r->value_col, "too many setup stones");
    r->setup_line[g->n_setup] = r->value_line;
    r->setup_col[g->n_setup] = r->value_col;
    sgf_move_t *s = &g->setup[g->n_setup++];
    s->color = color;
    s->move.row = row;
    s->move.col = col;
    s->move.pass = 0;
    return 0;
}

/* Applies one property value of the main line to the game. */
static int apply_value(sgf_reader_t *r, const char *ident, int value_index,
                       sgf_node_state_t *node)
{
    sgf_game_t *g = r->g;
    const char *v = r->value;

    if (!strcmp(ident, "B") || !strcmp(ident, "W")) {
        if (value_index > 0 || node->has_move)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "a node holds more than one move");
        node->has_move = 1;
        Move m;
        if (decode_point(r, v, 1, &m))
            return -1;
        if (g->n_moves >= SGF_MAX_MOVES)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "more than %d moves", SGF_MAX_MOVES);
        r->move_line[g->n_moves] = r->value_line;
        r->move_col[g->n_moves] = r->value_col;
        sgf_add_move(g, ident[0] == 'B' ? BLACK : WHITE, m);
        return 0;
    }
    if (!strcmp(ident, "AB") || !strcmp(ident, "AW") || !strcmp(ident, "AE")) {
        if (g->n_moves > 0)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "setup (%s) after the first move is not supported", ident);
        Stone color = ident[1] == 'B' ? BLACK : ident[1] == 'W' ? WHITE : EMPTY;
        /* A compressed point list "aa:cc" names a rectangle. */
        const char *colon = strchr(v, ':');
        Move a, b;
        if (colon) {
            char first[SGF_MAX_VALUE + 1];
            size_t n = (size_t)(colon - v);
            memcpy(first, v, n);
            first[n] = '\0';
            if (decode_point(r, first, 0, &a) || decode_point(r, colon + 1, 0, &b))
                return -1;
        } else {
            if (decode_point(r, v, 0, &a))
                return -1;
            b = a;
        }
        int r0 = a.row < b.row ? a.row : b.row, r1 = a.row < b.row ? b.row : a.row;
        int c0 = a.col < b.col ? a.col : b.col, c1 = a.col < b.col ? b.col : a.col;
        for (int row = r0; row <= r1; row++)
            for (int col = c0; col <= c1; col++)
                if (add_setup(r, color, row, col))
                    return -1;
        return 0;
    }

    if (!strcmp(ident, "PL")) {
        /* Who moves after the setup; once moves are recorded they name
         * their colours, and a later PL has no place in the record. */
        if (value_index > 0 || g->n_moves > 0)
            return 0;
        if ((v[0] == 'B' || v[0] == 'b') && v[1] == '\0')
            g->to_play = BLACK;
        else if ((v[0] == 'W' || v[0] == 'w') && v[1] == '\0')
            g->to_play = WHITE;
        else
            return reader_fail_at(r, r->value_line, r->value_col, "PL[%s]: not B or W", v);
        return 0;
    }

    /* Everything else is a root (game-info) property; later nodes' copies
     * are ignored, as are values after the first. */
    if (r->node_index != 0 || value_index > 0)
        return 0;
    for (int i = 0; i < SGF_ROOT_TEXTS; i++)
        if (!strcmp(ident, sgf_root_idents[i])) {
            memcpy(r->root_text[i], v, r->value_len + 1);
            r->root_seen[i] = 1;
            return 0;
        }
    if (!strcmp(ident, "GM")) {
        int gm;
        if (parse_int(v, &gm) || gm != 1)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "GM[%s]: not a game of Go (GM[1])", v);
    } else if (!strcmp(ident, "FF")) {
        int ff;
        if (parse_int(v, &ff) || ff < 1 || ff > 4)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "FF[%s]: unknown file format (1..4)", v);
    } else if (!strcmp(ident, "SZ")) {
        int sz;
        if (strchr(v, ':'))
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "SZ[%s]: rectangular boards are not supported", v);
        if (parse_int(v, &sz))
            return reader_fail_at(r, r->value_line, r->value_col, "SZ[%s]: not a number", v);
        if (sz < BOARD_MIN_SIZE || sz > BOARD_MAX_SIZE)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "SZ[%d]: board size must be %d..%d", sz,
                                  BOARD_MIN_SIZE, BOARD_MAX_SIZE);
        g->size = sz;
    } else if (!strcmp(ident, "KM")) {
        int k2 = 0;
        /* Some editors write an empty KM[] for "no komi". */
        if (v[0] != '\0' && parse_komi2(v, &k2))
            return reader_fail_at(r, r->value_line, r->value_col, "KM[%s]: not a number", v);
        g->komi2 = k2;
    } else if (!strcmp(ident, "HA")) {
        /* A count of stones (FF[4]: 2 or more; 0 and 1 are read as none,
         * an empty HA[] too).  The stones themselves are AB's. */
        int ha = 0;
        if (v[0] != '\0' && parse_int(v, &ha))
            return reader_fail_at(r, r->value_line, r->value_col, "HA[%s]: not a number", v);
        if (ha < 0 || ha > SGF_MAX_SETUP)
            return reader_fail_at(r, r->value_line, r->value_col,
                                  "HA[%d]: handicap must be 0..%d", ha, SGF_MAX_SETUP);
        g->handicap = ha >= 2 ? ha : 0;
    }
    return 0;
}

/* ---- character sets ---- */

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, min = 0x10000;
    else
        return 0;
    if (n < len)
        return 0;
    unsigned cp = c & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static int utf8_valid(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t k = utf8_sequence((const unsigned char *)s + i, n - i);
        if (!k)
            return 0;
        i += k;
    }
    return 1;
}

/* Windows-1252 at 0x80..0x9F (0: undefined there, kept as Latin-1's C1). */
static const unsigned short cp1252_high[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
    0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};

/* Rewrites single-byte text (ISO-8859-1, or Windows-1252 when cp1252) as
 * UTF-8 into dst (at least 3 * strlen(src) + 1 bytes). */
static void latin1_to_utf8(const char *src, char *dst, int cp1252)
{
    unsigned char *w = (unsigned char *)dst;
    for (const unsigned char *p = (const unsigned char *)src; *p; p++) {
        unsigned cp = *p;
        if (cp1252 && cp >= 0x80 && cp < 0xA0 && cp1252_high[cp - 0x80])
            cp = cp1252_high[cp - 0x80];
        if (cp < 0x80) {
            *w++ = (unsigned char)cp;
        } else if (cp < 0x800) {
            *w++ = (unsigned char)(0xC0 | (cp >> 6));
            *w++ = (unsigned char)(0x80 | (cp & 0x3F));
        } else {
            *w++ = (unsigned char)(0xE0 | (cp >> 12));
            *w++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            *w++ = (unsigned char)(0x80 | (cp & 0x3F));
        }
    }
    *w = '\0';
}

typedef enum { SGF_CS_UTF8, SGF_CS_LATIN1, SGF_CS_CP1252, SGF_CS_OTHER } sgf_charset_t;

/* Classifies a CA value by its usual names (case and '-' '_' ignored). */
static sgf_charset_t charset_kind(const char *ca)
{
    char n[32];
    size_t k = 0;
    for (const char *p = ca; *p && k + 1 < sizeof n; p++)
        if (*p != '-' && *p != '_' && !is_sgf_space((unsigned char)*p))
            n[k++] = (char)((*p >= 'a' && *p <= 'z') ? *p - 'a' + 'A' : *p);
    n[k] = '\0';
    static const char *const utf8[] = {"", "UTF8", "USASCII", "ASCII", "ANSIX3.41968"};
    static const char *const latin1[] = {"ISO88591", "LATIN1", "L1", "ISOIR100", "CP819",
                                         "IBM819", "ISO885911987"};
    static const char *const cp1252[] = {"WINDOWS1252", "CP1252"};
    for (size_t i = 0; i < sizeof utf8 / sizeof utf8[0]; i++)
        if (!strcmp(n, utf8[i]))
            return SGF_CS_UTF8;
    for (size_t i = 0; i < sizeof latin1 / sizeof latin1[0]; i++)
        if (!strcmp(n, latin1[i]))
            return SGF_CS_LATIN1;
    for (size_t i = 0; i < sizeof cp1252 / sizeof cp1252[0]; i++)
        if (!strcmp(n, cp1252[i]))
            return SGF_CS_CP1252;
    return SGF_CS_OTHER;
}

/* Stores the root's text values, as UTF-8 where the charset allows: UTF-8
 * and ASCII as they are; ISO-8859-1 and Windows-1252 converted; no CA
 * (FF[4]'s default is ISO-8859-1, but many writers omit CA for UTF-8):
 * kept if valid UTF-8, else converted from ISO-8859-1; a value that claims
 * UTF-8 but is not valid is read as ISO-8859-1 too.  Any other charset
 * (Shift_JIS, GB2312...) is kept byte for byte and its name goes into
 * g->charset, so that the record is written back with the same label. */
static void reader_store_root_texts(sgf_reader_t *r)
{
    sgf_game_t *g = r->g;
    char *const dst[] = {g->rules, g->result, g->black, g->white, g->date, g->application,
                         g->comment};
    const size_t dstlen[] = {sizeof g->rules, sizeof g->result, sizeof g->black,
                             sizeof g->white, sizeof g->date, sizeof g->application,
                             sizeof g->comment};
    sgf_charset_t kind = SGF_CS_UTF8;
    g->charset[0] = '\0';
    if (r->root_seen[SGF_ROOT_CA]) {
        /* Classified as stored (cut, blanks folded), so that the label
         * written back reads back the same way. */
        store_text(r->root_text[SGF_ROOT_CA], g->charset, sizeof g->charset, 0);
        kind = charset_kind(g->charset);
        if (kind != SGF_CS_OTHER)
            g->charset[0] = '\0';
    }
    for (int i = 0; i < SGF_ROOT_CA; i++) {
        if (!r->root_seen[i])
            continue;
        const char *v = r->root_text[i];
        if (kind == SGF_CS_LATIN1 || kind == SGF_CS_CP1252 ||
            (kind == SGF_CS_UTF8 && !utf8_valid(v))) {
            latin1_to_utf8(v, r->utf8, kind == SGF_CS_CP1252);
            v = r->utf8;
        }
        store_text(v, dst[i], dstlen[i], i == 6);
    }
}

/* Reads a property identifier.  FF[4] idents are upper-case letters;
 * FF[1-3] files may mix in lower-case letters ("AddBlack" style), which
 * are dropped, as old readers did. */
static int reader_read_ident(sgf_reader_t *r, char *ident, size_t identlen)
{
    size_t n = 0;
    int line = r->line, col = r->col;
    int c;
    while ((c = reader_peek(r)) >= 0 && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        reader_next(r);
        if (c >= 'A' && c <= 'Z') {
            if (n + 1 >= identlen)
                return reader_fail_at(r, line, col, "property name too long");
            ident[n++] = (char)c;
        }
    }
    ident[n] = '\0';
    if (n == 0)
        return reader_fail_at(r, line, col, "property name has no upper-case letter");
    return 0;
}

/* Node = ";" { Property }.  On entry r is at ';'. */
static int reader_read_node(sgf_reader_t *r)
{
    sgf_node_state_t node = {0};
    reader_next(r); /* ';' */
    for (;;) {
        reader_skip_space(r);
        int c = reader_peek(r);
        if (c < 0 || c == ';' || c == '(' || c == ')')
            return 0;
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            if (c == '[')
                return reader_fail(r, "property value without a property name");
            return reader_fail(r, "unexpected character '%c' in a node", c);
        }
        char ident[16] = ""; /* zeroed: clang-analyzer does not model strcmp */
        int ident_line = r->line, ident_col = r->col;
        if (reader_read_ident(r, ident, sizeof ident))
            return -1;
        reader_skip_space(r);
        if (reader_peek(r) != '[')
            return reader_fail_at(r, ident_line, ident_col, "property %s has no value", ident);
        int index = 0;
        while (reader_peek(r) == '[') {
            if (reader_read_value(r))
                return -1;
            if (r->main_line && apply_value(r, ident, index, &node))
                return -1;
            index++;
            reader_skip_space(r);
        }
    }
}

/* GameTree = "(" Sequence { GameTree } ")".  On entry r is at '('. */
static int reader_read_tree(sgf_reader_t *r, int depth)
{
    int open_line = r->line, open_col = r->col;
    if (depth > 10000)
        return reader_fail(r, "variations nested too deeply");
    reader_next(r); /* '(' */
    reader_skip_space(r);
    if (reader_peek(r) != ';')
        return reader_fail(r, "a game tree must start with a node (';')");
    while (reader_peek(r) == ';') {
        if (reader_read_node(r))
            return -1;
        if (r->main_line)
            r->node_index++;
        reader_skip_space(r);
    }
    int was_main = r->main_line;
    int child = 0;
    for (;;) {
        reader_skip_space(r);
        int c = reader_peek(r);
        if (c == ')') {
            reader_next(r);
            break;
        }
        if (c < 0)
            return reader_fail_at(r, open_line, open_col, "game tree not closed with ')'");
        if (c != '(')
            return reader_fail(r, "unexpected character '%c' after a node sequence", c);
        /* Only the first variation continues the main line. */
        r->main_line = was_main && child == 0;
        if (reader_read_tree(r, depth + 1))
            return -1;
        child++;
    }
    r->main_line = was_main;
    return 0;
}

int sgf_parse(const char *text, size_t len, sgf_game_t *out, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    sgf_reader_t *r = calloc(1, sizeof *r);
    sgf_game_t *g = malloc(sizeof *g);
    if (!r || !g) {
        free(r);
        free(g);
        if (err && errlen)
            snprintf(err, errlen, "out of memory");
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->size = 19; /* FF[4]: SZ defaults to 19 */
    g->komi2 = 0; /* no KM: no komi recorded */
    r->text = text;
    r->len = len;
    r->line = r->col = 1;
    r->g = g;
    r->main_line = 1;
    r->err = err;
    r->errlen = errlen;

    /* A UTF-8 byte order mark and white space may precede the game. */
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        r->pos = 3;
    reader_skip_space(r);
    int rc = 0;
    if (r->pos >= r->len)
        rc = reader_fail(r, "no game: the file is empty");
    else if (reader_peek(r) != '(')
        rc = reader_fail(r, "expected '(' to start a game tree");
    else
        rc = reader_read_tree(r, 0);
    if (rc == 0)
        reader_store_root_texts(r);
    for (int i = 0; rc == 0 && i < g->n_setup; i++)
        rc = check_point(r, g->setup[i].move, r->setup_line[i], r->setup_col[i]);
    for (int i = 0; rc == 0 && i < g->n_moves; i++)
        rc = check_point(r, g->moves[i].move, r->move_line[i], r->move_col[i]);
    if (rc == 0)
        memcpy(out, g, sizeof *g);
    free(r);
    free(g);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Writer                                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    char *buf;
    size_t len;
    size_t pos;      /* bytes needed so far */
    size_t line_len; /* characters on the current output line */
} sgf_out_t;

static void out_char(sgf_out_t *o, char c)
{
    if (o->pos + 1 < o->len)
        o->buf[o->pos] = c;
    o->pos++;
    o->line_len = c == '\n' ? 0 : o->line_len + 1;
}

static void out_str(sgf_out_t *o, const char *s)
{
    while (*s)
        out_char(o, *s++);
}

/* Writes "ID[value]" with ']' and '\' escaped (and ':' for composed AP). */
static void out_text_prop(sgf_out_t *o, const char *ident, const char *value)
{
    if (!value[0])
        return;
    out_str(o, ident);
    out_char(o, '[');
    for (const char *p = value; *p; p++) {
        if (*p == ']' || *p == '\\')
            out_char(o, '\\');
        out_char(o, *p);
    }
    out_char(o, ']');
}

static void out_point(sgf_out_t *o, Move m)
{
    out_char(o, '[');
    if (!m.pass) {
        out_char(o, (char)('a' + m.col));
        out_char(o, (char)('a' + m.row));
    }
    out_char(o, ']');
}

size_t sgf_write(const sgf_game_t *g, char *buf, size_t len)
{
    sgf_out_t o = {buf, len, 0, 0};
    char num[32];

    out_str(&o, "(;GM[1]FF[4]");
    out_text_prop(&o, "CA", g->charset[0] ? g->charset : "UTF-8");
    out_text_prop(&o, "AP", g->application[0] ? g->application : "tabletop");
    snprintf(num, sizeof num, "SZ[%d]", g->size);
    out_str(&o, num);
    int k = g->komi2;
    snprintf(num, sizeof num, "KM[%s%d%s]", k < 0 ? "-" : "", (k < 0 ? -k : k) / 2,
             (k & 1) ? ".5" : "");
    out_str(&o, num);
    /* After KM, as GNU Go writes it; GNU Go also writes HA[0] for an even
     * game, which FF[4] (HA is 2 or more) does not ask for. */
    if (g->handicap >= 2) {
        snprintf(num, sizeof num, "HA[%d]", g->handicap);
        out_str(&o, num);
    }
    out_text_prop(&o, "RU", g->rules);
    out_text_prop(&o, "PB", g->black);
    out_text_prop(&o, "PW", g->white);
    out_text_prop(&o, "DT", g->date);
    out_text_prop(&o, "RE", g->result);
    out_text_prop(&o, "GC", g->comment);

    static const char *const setup_ident[3] = {"AE", "AB", "AW"};
    for (int color = BLACK; color <= WHITE + 1; color++) {
        Stone s = color == WHITE + 1 ? EMPTY : (Stone)color;
        int first = 1;
        for (int i = 0; i < g->n_setup; i++) {
            if (g->setup[i].color != s)
                continue;
            if (first) {
                out_char(&o, '\n');
                out_str(&o, setup_ident[s]);
                first = 0;
            } else if (o.line_len > 72) {
                out_char(&o, '\n');
            }
            out_point(&o, g->setup[i].move);
        }
    }
    if (g->to_play == BLACK || g->to_play == WHITE)
        out_str(&o, g->to_play == BLACK ? "\nPL[B]" : "\nPL[W]");
    for (int i = 0; i < g->n_moves; i++) {
        if (i % 10 == 0)
            out_char(&o, '\n');
        out_char(&o, ';');
        out_char(&o, g->moves[i].color == WHITE ? 'W' : 'B');
        out_point(&o, g->moves[i].move);
    }
    /* A scored game's territory goes in its last node (FF[4] TB/TW). */
    for (int color = BLACK; color <= WHITE; color++) {
        int first = 1;
        for (int i = 0; i < g->n_territory; i++) {
            if (g->territory[i].color != (Stone)color || g->territory[i].move.pass)
                continue;
            if (first) {
                out_char(&o, '\n');
                out_str(&o, color == BLACK ? "TB" : "TW");
                first = 0;
            } else if (o.line_len > 72) {
                out_char(&o, '\n');
            }
            out_point(&o, g->territory[i].move);
        }
    }
    out_str(&o, ")\n");
    if (len > 0)
        buf[o.pos < len ? o.pos : len - 1] = '\0';
    return o.pos;
}

/* ------------------------------------------------------------------ */
/* Replay                                                               */
/* ------------------------------------------------------------------ */

static const char *move_result_text(MoveResult r)
{
    switch (r) {
    case MOVE_OK: return "ok";
    case MOVE_ILLEGAL_SUICIDE: return "suicide";
    case MOVE_ILLEGAL_KO: return "ko";
    case MOVE_ILLEGAL_OCCUPIED: return "occupied";
    case MOVE_ILLEGAL_OFF_BOARD: return "off the board";
    case MOVE_ILLEGAL_GAME_OVER: return "the game is over";
    }
    return "illegal";
}

int sgf_replay(const sgf_game_t *g, int upto, BoardState *b, char *err, size_t errlen)
{
    BoardState *t = malloc(sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (board_reset(t, g->size, g->komi2) != 0) {
        snprintf(err, errlen, "board size %d is not supported (%d..%d)", g->size,
                 BOARD_MIN_SIZE, BOARD_MAX_SIZE);
        free(t);
        return -1;
    }
    char vtx[8];
    for (int i = 0; i < g->n_setup; i++) {
        const sgf_move_t *s = &g->setup[i];
        /* As given: setup may leave a group without liberties (legal SGF). */
        if (board_setup_any(t, s->color, s->move.row, s->move.col) != 0) {
            board_vertex_format(g->size, s->move, vtx, sizeof vtx);
            snprintf(err, errlen, "setup point %s is off the %dx%d board", vtx, g->size,
                     g->size);
            free(t);
            return -1;
        }
    }
    /* PL names who moves after the setup (turn is a plain field that only
     * selects the mover); without it Black does.  Recorded moves name
     * their own colours, via board_play. */
    if (g->to_play == BLACK || g->to_play == WHITE)
        t->turn = g->to_play;
    int n = upto < 0 || upto > g->n_moves ? g->n_moves : upto;
    for (int i = 0; i < n; i++) {
        const sgf_move_t *m = &g->moves[i];
        if (m->move.pass) {
            board_pass_color(t, m->color);
            continue;
        }
        MoveResult res = board_play(t, m->color, m->move.row, m->move.col);
        if (res != MOVE_OK) {
            board_vertex_format(g->size, m->move, vtx, sizeof vtx);
            snprintf(err, errlen, "move %d (%c %s): illegal: %s", i + 1,
                     m->color == WHITE ? 'W' : 'B', vtx, move_result_text(res));
            free(t);
            return -1;
        }
    }
    board_copy(b, t);
    free(t);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */
/* ------------------------------------------------------------------ */

int sgf_load_file(const char *path, sgf_game_t *out, char *err, size_t errlen)
{
    /* Only regular files: a FIFO, a terminal or /dev/stdin would block a
     * GTP engine forever waiting for a game record. */
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *text = malloc(SGF_MAX_FILE_BYTES + 1);
    if (!text) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    size_t n = fread(text, 1, SGF_MAX_FILE_BYTES + 1, f);
    int read_error = ferror(f);
    fclose(f);
    if (read_error) {
        snprintf(err, errlen, "%s: read error", path);
        free(text);
        return -1;
    }
    if (n > SGF_MAX_FILE_BYTES) {
        snprintf(err, errlen, "%s: larger than %u bytes, not a game record", path,
                 SGF_MAX_FILE_BYTES);
        free(text);
        return -1;
    }
    char what[256];
    int rc = sgf_parse(text, n, out, what, sizeof what);
    if (rc != 0)
        snprintf(err, errlen, "%s: %s", path, what);
    free(text);
    return rc;
}
