package org.rookery.jobs.synthetic;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnWriter;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.jobs.ingest.Compression;

/**
 * Plausible synthetic games for tests and benchmarks, since no real collection can be downloaded
 * where Rookery is built. Each game follows one of a few common opening lines, then a greedy
 * material-minded move choice with noise; it carries lichess-style tags, {@code [%clk]} comments
 * and, for some games, {@code [%eval]}. A share of games is steered into the situations the
 * draw-rule statistics look for: piece shuffles that repeat a position two, three or five times,
 * and long stretches without captures or pawn moves that reach the 50- and 75-move rules.
 *
 * <p>Game {@code i} depends only on the seed and {@code i}, so a corpus is reproducible however many
 * threads write it. Every game is legal and ends by a rule of chess, a claim, a resignation, an
 * agreement or a flag, with a matching Result tag.
 */
public final class SyntheticGames {

    /** Opening lines in SAN with their ECO codes; games follow a prefix of one of them. */
    private static final String[][] BOOK = {
        {"C84", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6"},
        {"C54", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O"},
        {"B90", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5"},
        {"B33", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6"},
        {"C13", "e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7 e5 Nfd7"},
        {"B12", "e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5"},
        {"D53", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6"},
        {"E92", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5"},
        {"E46", "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Nge2 d5"},
        {"A29", "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6"},
        {"A07", "Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7"},
        {"B01", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6"},
        {"D02", "d4 d5 Bf4 Nf6 e3 c5 c3 Nc6 Nd2 e6"},
        {"C42", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5"},
        {"B06", "e4 g6 d4 Bg7 Nc3 d6 f4 c6"},
        {"C39", "e4 e5 f4 exf4 Nf3 g5 h4 g4 Ne5"},
        {"A01", "b3 e5 Bb2 Nc6 e3 d5 Bb5 Bd6"},
        {"B22", "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 cxd4 d6"},
        {"C00", "e4 e6 d3 d5 Nd2 Nf6 Ngf3 c5"},
        {"A45", "d4 Nf6 Bg5 Ne4 Bf4 c5 f3 Qa5+ c3 Nf6"},
        {"B07", "e4 d6 d4 Nf6 Nc3 e5 dxe5 dxe5 Qxd8+ Kxd8"},
        {"C50", "e4 e5 Nf3 Nc6 Bc4 Nf6 d4 exd4 e5 d5"},
    };

    /** Setup positions for the few games that start from a FEN tag. */
    private static final String[] SETUPS = {
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
        "8/5k2/8/3K4/8/8/8/6R1 b - - 12 60",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    };

    private static final String[][] TIME_CONTROLS = {
        {"60+0", "Rated Bullet game"}, {"120+1", "Rated Bullet game"}, {"180+0", "Rated Blitz game"},
        {"180+2", "Rated Blitz game"}, {"300+0", "Rated Blitz game"}, {"300+3", "Rated Blitz game"},
        {"600+0", "Rated Rapid game"}, {"600+5", "Rated Rapid game"}, {"900+10", "Rated Rapid game"},
        {"1800+0", "Rated Classical game"}, {"1800+20", "Rated Classical game"},
        {"-", "Casual Correspondence game"},
    };

    private static final int[] VALUE = {1, 3, 3, 5, 9, 0};

    private final long seed;
    private final Position pos = new Position();
    private final San san = new San();
    private final int[] moves = new int[Position.MAX_MOVES];
    private final int[] played = new int[2048];
    private final StringBuilder comment = new StringBuilder(64);

    /** A generator whose game {@code i} depends only on {@code seed} and {@code i}. */
    public SyntheticGames(long seed) {
        this.seed = seed;
    }

    /** Game number {@code index} (0-based) of this generator's corpus. */
    public PgnGame game(long index) {
        SplittableRandom rng = new SplittableRandom(mix(seed * 0x9E3779B97F4A7C15L + index));
        PgnGame g = new PgnGame();
        String[] tc = TIME_CONTROLS[rng.nextInt(TIME_CONTROLS.length)];
        String fen = rng.nextInt(100) == 0 ? SETUPS[rng.nextInt(SETUPS.length)] : null;
        String[] line = fen == null && rng.nextInt(10) != 0 ? BOOK[rng.nextInt(BOOK.length)] : null;
        int whiteElo = clamp((int) (1600 + 350 * gaussian(rng)), 600, 3000);
        int blackElo = clamp((int) (whiteElo + 150 * gaussian(rng)), 600, 3000);
        g.addTag("Event", tc[1]);
        g.addTag("Site", "synthetic:" + seed + "/" + index);
        g.addTag("Date", rng.nextInt(40) == 0 ? "????.??.??" : String.format(Locale.ROOT, "%04d.%02d.%02d",
                2013 + rng.nextInt(12), 1 + rng.nextInt(12), 1 + rng.nextInt(28)));
        g.addTag("Round", "-");
        g.addTag("White", "player" + rng.nextInt(5000));
        g.addTag("Black", "player" + rng.nextInt(5000));
        g.addTag("Result", "*");
        boolean rated = rng.nextInt(30) != 0;
        g.addTag("WhiteElo", rated ? Integer.toString(whiteElo) : "?");
        g.addTag("BlackElo", rated ? Integer.toString(blackElo) : "?");
        if (line != null) {
            g.addTag("ECO", line[0]);
        }
        g.addTag("TimeControl", tc[0]);
        if (fen != null) {
            g.addTag("SetUp", "1");
            g.addTag("FEN", fen);
            pos.setFen(fen);
        } else {
            pos.setFen(Position.START_FEN);
        }
        play(g, rng, line, tc[0], rng.nextInt(8) == 0);
        return g;
    }

    private void play(PgnGame g, SplittableRandom rng, String[] line, String tc, boolean evals) {
        String[] book = line == null ? new String[0] : line[1].split(" ");
        int bookPlies = book.length == 0 ? 0 : 2 + rng.nextInt(book.length - 1);
        int targetLength = 50 + rng.nextInt(80) + (rng.nextInt(4) == 0 ? rng.nextInt(120) : 0);
        int shufflePly = rng.nextInt(100) < 9 ? 14 + rng.nextInt(60) : -1;
        // 1 cycle repeats a position twice, 2 three times, 4 five times (an automatic draw).
        int shuffleSteps = 4 * new int[] {1, 2, 2, 4}[rng.nextInt(4)];
        int shuffleStep = -1;
        boolean quietEnding = rng.nextInt(100) < 5;
        int quietPlies = 0;
        boolean claimsDraws = rng.nextInt(10) != 0;

        long base = 0;
        long inc = 0;
        if (!tc.equals("-")) {
            int plus = tc.indexOf('+');
            base = Long.parseLong(tc.substring(0, plus)) * 1000;
            inc = Long.parseLong(tc.substring(plus + 1)) * 1000;
        }
        long[] clock = {base, base};
        boolean tenths = rng.nextInt(10) == 0;
        int ply = 0;
        String result = null;
        String termination = "Normal";
        boolean byRule = false;
        int[] shuffle = new int[2];

        while (result == null) {
            int move = 0;
            if (ply < bookPlies) {
                move = san.parse(pos, book[ply]);
            } else if (shufflePly >= 0 && ply >= shufflePly) {
                if (shuffleStep < 0) {
                    shuffleStep = 0;
                }
                move = shuffleMove(rng, shuffle, shuffleStep % 4);
                if (move == 0 || ++shuffleStep == shuffleSteps) {
                    shufflePly = -1;
                }
            }
            if (move == 0) {
                boolean quiet = quietEnding && quietPlies < 170 && (pieceCount() <= 14 || ply > 90);
                if (quiet) {
                    quietPlies++;
                }
                move = choose(rng, quiet);
            }
            String sanText = san.toSan(pos, move);
            g.addPly(sanText);
            played[ply] = move;
            pos.makeMove(move);
            int mover = pos.sideToMove() ^ 1;
            if (base > 0) {
                long think = (long) (clock[mover] / (20.0 + rng.nextInt(40)) * (0.2 + rng.nextDouble()));
                clock[mover] = clock[mover] - think + inc;
                if (clock[mover] <= 0) {
                    clock[mover] = 0;
                }
            }
            comment.setLength(0);
            if (evals) {
                comment.append("[%eval ").append(String.format(Locale.ROOT, "%.2f",
                        materialBalance() + 0.3 * gaussian(rng))).append("] ");
            }
            if (base > 0) {
                appendClock(comment, clock[mover], tenths);
            }
            if (comment.length() > 0) {
                g.setComment(ply, comment.toString().trim());
            }
            ply++;

            Outcome auto = GameRules.automaticOutcome(pos);
            if (auto != null) {
                result = auto.result().pgn();
                byRule = true;
                break;
            }
            if (base > 0 && clock[mover] == 0) {
                result = GameRules.canEverMate(pos, mover ^ 1) ? (mover == Piece.WHITE ? "0-1" : "1-0")
                        : "1/2-1/2";
                termination = "Time forfeit";
                break;
            }
            boolean shuffling = shufflePly >= 0 && shuffleStep >= 0;
            if (!shuffling && claimsDraws && quietPlies == 0 && pos.repetitionCount() >= 3
                    && rng.nextInt(10) < 8) {
                result = "1/2-1/2";
                break;
            }
            if (!shuffling && claimsDraws && pos.halfmoveClock() >= 100 && rng.nextInt(10) < 6) {
                result = "1/2-1/2";
                break;
            }
            if (shuffling || (quietPlies > 0 && quietPlies < 170)) {
                continue;
            }
            double balance = materialBalance();
            if (ply > 30 && Math.abs(balance) >= 8 && rng.nextInt(4) == 0) {
                result = balance > 0 ? "1-0" : "0-1";
                break;
            }
            if (ply >= targetLength) {
                if (Math.abs(balance) >= 3) {
                    result = balance > 0 ? "1-0" : "0-1";
                } else if (rng.nextInt(3) == 0) {
                    result = rng.nextBoolean() ? "1-0" : "0-1";
                    termination = rng.nextInt(3) == 0 ? "Time forfeit" : "Normal";
                } else {
                    result = "1/2-1/2";
                }
            }
            if (ply >= 600) {
                result = "1/2-1/2";
            }
        }
        if (!byRule && rng.nextInt(400) == 0) {
            // An abandoned game: the result token says unfinished though moves were played.
            result = "*";
            termination = "Unterminated";
        }
        g.setTag("Result", result);
        g.setResult(result);
        g.addTag("Termination", termination);
    }

    /**
     * Move {@code k} (0-3) of a shuffle cycle: a, b, back(a), back(b), where a and b are quiet piece
     * moves picked when first needed; 0 when the cycle cannot go on legally.
     */
    private int shuffleMove(SplittableRandom rng, int[] shuffle, int k) {
        if (k < 2) {
            if (shuffle[k] == 0) {
                int n = pos.generateLegal(moves, 0);
                int start = rng.nextInt(Math.max(n, 1));
                for (int i = 0; i < n; i++) {
                    int m = moves[(start + i) % n];
                    if (isQuietPieceMove(m)) {
                        shuffle[k] = m;
                        return m;
                    }
                }
                return 0;
            }
            return legalOrZero(shuffle[k]);
        }
        return legalOrZero(reverse(shuffle[k - 2]));
    }

    private int legalOrZero(int move) {
        if (move == 0) {
            return 0;
        }
        int n = pos.generateLegal(moves, 0);
        for (int i = 0; i < n; i++) {
            if (moves[i] == move) {
                return move;
            }
        }
        return 0;
    }

    private static int reverse(int move) {
        return move == 0 ? 0 : Move.of(Move.to(move), Move.from(move), Move.QUIET);
    }

    private boolean isQuietPieceMove(int m) {
        if (Move.flags(m) != Move.QUIET) {
            return false;
        }
        int type = Piece.type(pos.pieceAt(Move.from(m)));
        if (type == Piece.PAWN) {
            return false;
        }
        // Moving the king or a rook off its square would lose castling rights: not reversible.
        return pos.castlingRights() == 0 || (type != Piece.KING && type != Piece.ROOK);
    }

    /** Greedy choice: win material, avoid hanging pieces, with noise; quiet mode avoids progress. */
    private int choose(SplittableRandom rng, boolean quiet) {
        int n = pos.generateLegal(moves, 0);
        int us = pos.sideToMove();
        int best = moves[0];
        int bestScore = Integer.MIN_VALUE;
        int pieces = pieceCount();
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            int from = Move.from(m);
            int to = Move.to(m);
            int moved = Piece.type(pos.pieceAt(from));
            int score = rng.nextInt(60);
            if (quiet) {
                score += Move.flags(m) == Move.QUIET && moved != Piece.PAWN ? 500 : 0;
            } else {
                if (Move.isCapture(m)) {
                    int victim = Move.isEnPassant(m) ? Piece.PAWN : Piece.type(pos.pieceAt(to));
                    score += 100 * VALUE[victim];
                }
                if (Move.isPromotion(m)) {
                    score += 100 * (VALUE[Move.promotionType(m)] - 1);
                }
                if (moved != Piece.KING && pos.isAttacked(to, us ^ 1)) {
                    score -= 90 * VALUE[moved];
                }
                if (Move.isCastle(m)) {
                    score += 40;
                }
                if (moved == Piece.KING && pieces > 16) {
                    score -= 40;
                }
                if (moved == Piece.PAWN && pieces <= 12) {
                    score += 30;
                }
            }
            if (score > bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    private int pieceCount() {
        return Long.bitCount(pos.occupied());
    }

    /** White's material minus Black's, in pawns. */
    private double materialBalance() {
        int sum = 0;
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            sum += VALUE[type] * (Long.bitCount(pos.pieces(Piece.WHITE, type))
                    - Long.bitCount(pos.pieces(Piece.BLACK, type)));
        }
        return sum;
    }

    private static void appendClock(StringBuilder sb, long ms, boolean tenths) {
        long s = ms / 1000;
        sb.append("[%clk ").append(s / 3600).append(':');
        long m = s / 60 % 60;
        long sec = s % 60;
        sb.append(m < 10 ? "0" : "").append(m).append(':').append(sec < 10 ? "0" : "").append(sec);
        if (tenths) {
            sb.append('.').append(ms / 100 % 10);
        }
        sb.append(']');
    }

    private static int clamp(int v, int lo, int hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static double gaussian(SplittableRandom rng) {
        // Irwin-Hall: the sum of 12 uniforms less 6 is close to a standard normal and needs no state.
        double s = 0;
        for (int i = 0; i < 12; i++) {
            s += rng.nextDouble();
        }
        return s - 6;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Writes games {@code 0 .. count-1} to {@code file}, compressed according to its name
     * ({@code .pgn}, {@code .pgn.gz}, {@code .pgn.bz2}, {@code .pgn.zst}), using {@code threads}
     * generator threads; the bytes do not depend on the thread count.
     */
    public static void write(Path file, long seed, int count, int threads) throws IOException {
        Compression kind = Compression.of(file.getFileName().toString());
        if (kind == null) {
            throw new IllegalArgumentException("not a PGN file name: " + file);
        }
        int batch = 500;
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        ThreadLocal<SyntheticGames> gens = ThreadLocal.withInitial(() -> new SyntheticGames(seed));
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = kind.encode(raw);
             Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            List<Future<String>> window = new ArrayList<>();
            int next = 0;
            while (next < count || !window.isEmpty()) {
                while (next < count && window.size() < 4 * Math.max(1, threads)) {
                    int from = next;
                    int to = Math.min(count, next + batch);
                    window.add(pool.submit(() -> {
                        SyntheticGames gen = gens.get();
                        StringBuilder sb = new StringBuilder(1 << 20);
                        for (int i = from; i < to; i++) {
                            sb.append(PgnWriter.toPgn(gen.game(i)));
                        }
                        return sb.toString();
                    }));
                    next = to;
                }
                w.write(window.remove(0).get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing " + file, e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            throw new IllegalStateException("game generation failed", c);
        } finally {
            pool.shutdownNow();
        }
    }
}
