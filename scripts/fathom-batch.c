/*
 * An in-process batch driver for Debian's libfathom (the library behind /usr/games/fathom, whose CLI
 * takes one FEN per process): reads FENs from stdin, one a line, and either prints fathom's WDL and
 * DTZ of each ("answer" mode, for agreement checks) or times fathom's WDL probe and root DTZ probe
 * over all of them from memory ("time" mode, for BENCHMARKS.md's probe comparison, issue 18).
 * Build: gcc -O2 -o fathom-batch scripts/fathom-batch.c /usr/lib/x86_64-linux-gnu/libfathom.so.1
 * Usage: fathom-batch answer|time SYZYGY_PATH [ROUNDS] < fens
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* libfathom's exported entry points (fathom 1.0+git.20190811, tbprobe.h) */
extern bool tb_init(const char *path);
extern unsigned TB_LARGEST;
extern unsigned tb_probe_wdl_impl(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens, uint64_t rooks,
    uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned ep, bool turn);
extern unsigned tb_probe_root_impl(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens, uint64_t rooks,
    uint64_t bishops, uint64_t knights, uint64_t pawns, unsigned rule50, unsigned ep, bool turn, unsigned *results);

#define RESULT_FAILED 0xFFFFFFFFu
#define RESULT_WDL(r) ((r) & 0xF)
#define RESULT_DTZ(r) (((r) >> 20) & 0xFFF)

typedef struct { uint64_t white, black, kings, queens, rooks, bishops, knights, pawns; unsigned ep; bool turn; } Board;

/* Only what the benchmark's FENs hold: placement, side to move, en passant square (no castling). */
static int parse(const char *fen, Board *b) {
    memset(b, 0, sizeof *b);
    int rank = 7, file = 0;
    const char *p = fen;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') { rank--; file = 0; continue; }
        if (*p >= '1' && *p <= '8') { file += *p - '0'; continue; }
        if (rank < 0 || file > 7) return 0;
        uint64_t bit = 1ULL << (rank * 8 + file++);
        char c = *p;
        if (c >= 'a' && c <= 'z') { b->black |= bit; c -= 'a' - 'A'; } else b->white |= bit;
        switch (c) {
            case 'K': b->kings |= bit; break;
            case 'Q': b->queens |= bit; break;
            case 'R': b->rooks |= bit; break;
            case 'B': b->bishops |= bit; break;
            case 'N': b->knights |= bit; break;
            case 'P': b->pawns |= bit; break;
            default: return 0;
        }
    }
    if (*p++ != ' ') return 0;
    b->turn = *p == 'w';
    p++;
    while (*p == ' ') p++;
    while (*p && *p != ' ') p++; /* castling: the tables hold none */
    while (*p == ' ') p++;
    if (p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8') b->ep = (p[1] - '1') * 8 + (p[0] - 'a');
    return 1;
}

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s answer|time SYZYGY_PATH [ROUNDS] < fens\n", argv[0]); return 2; }
    if (!tb_init(argv[2]) || TB_LARGEST == 0) { fprintf(stderr, "fathom-batch: no Syzygy tables at %s\n", argv[2]); return 2; }
    int cap = 1024, n = 0;
    Board *boards = malloc(cap * sizeof *boards);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        if (n == cap) boards = realloc(boards, (cap *= 2) * sizeof *boards);
        if (!parse(line, &boards[n])) { fprintf(stderr, "fathom-batch: line %d: not a FEN: %s\n", n + 1, line); return 2; }
        n++;
    }
    if (strcmp(argv[1], "answer") == 0) {
        for (int i = 0; i < n; i++) {
            Board *b = &boards[i];
            unsigned w = tb_probe_wdl_impl(b->white, b->black, b->kings, b->queens, b->rooks, b->bishops, b->knights, b->pawns, b->ep, b->turn);
            unsigned r = tb_probe_root_impl(b->white, b->black, b->kings, b->queens, b->rooks, b->bishops, b->knights, b->pawns, 0, b->ep, b->turn, NULL);
            if (w == RESULT_FAILED || r == RESULT_FAILED) printf("failed\n");
            else printf("%d %u\n", (int) w - 2, RESULT_DTZ(r));
        }
        return 0;
    }
    int rounds = argc > 3 ? atoi(argv[3]) : 20;
    unsigned sink = 0;
    for (int i = 0; i < n; i++) sink += tb_probe_root_impl(boards[i].white, boards[i].black, boards[i].kings, boards[i].queens,
        boards[i].rooks, boards[i].bishops, boards[i].knights, boards[i].pawns, 0, boards[i].ep, boards[i].turn, NULL); /* warm: maps the pages */
    for (int kind = 0; kind < 2; kind++) {
        double c0 = now(CLOCK_THREAD_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) {
                Board *b = &boards[i];
                sink += kind == 0
                    ? tb_probe_wdl_impl(b->white, b->black, b->kings, b->queens, b->rooks, b->bishops, b->knights, b->pawns, b->ep, b->turn)
                    : tb_probe_root_impl(b->white, b->black, b->kings, b->queens, b->rooks, b->bishops, b->knights, b->pawns, 0, b->ep, b->turn, NULL);
            }
        }
        double cpu = now(CLOCK_THREAD_CPUTIME_ID) - c0, wall = now(CLOCK_MONOTONIC) - w0;
        printf("%s: %d positions x %d rounds: %.3f us CPU, %.3f us wall per probe\n", kind == 0 ? "wdl (tb_probe_wdl)" : "dtz (tb_probe_root, no move list)",
            n, rounds, cpu / ((double) n * rounds) * 1e6, wall / ((double) n * rounds) * 1e6);
    }
    fprintf(stderr, "(checksum %u)\n", sink);
    return 0;
}
