package org.rookery.jobs.stats;

import java.util.Arrays;
import java.util.List;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.pgn.PgnGame;

/**
 * The draw-rule facts of one game, replayed from its start position and UCI moves (the form the
 * {@code games} table stores for imports and gauntlet games alike). Positions are compared as
 * {@link Position#repetitionCount()} does, by the Polyglot key with the en-passant file only when a
 * capture is legal: FIDE's "same position" (article 9.2.3). One instance per thread; a scan
 * allocates nothing per move.
 *
 * <p>Plies are counted from the start position: ply {@code k} is the position after the k-th move.
 * The fields agree with {@link org.rookery.core.pgn.GameReplay} on the rules both track.
 */
public final class DrawRuleScan {
    private final Position pos = new Position();
    private final UciMoves uci = new UciMoves();
    private long[] keys = new long[512];

    private int plies;
    private int threefoldPly;
    private int fivefoldPly;
    private int fiftyPly;
    private int seventyFivePly;
    private int maxHalfmove;
    private int longestReversibleRun;
    private int repeatedPositions;
    private int maxRepetitions;
    private int finalRepetitions;
    private int finalHalfmove;
    private String error;

    /**
     * Replays {@code moves} from {@code startFen} (null: the initial position). Returns false, with
     * {@link #error()} set, if the FEN or a move is not legal; the facts then cover the moves
     * before it.
     */
    public boolean scan(String startFen, List<String> moves) {
        return scan(startFen, UciMoves.array(moves));
    }

    /** As {@link #scan(String, List)}, over an array. */
    public boolean scan(String startFen, String[] moves) {
        error = null;
        plies = 0;
        threefoldPly = fivefoldPly = fiftyPly = seventyFivePly = -1;
        longestReversibleRun = 0;
        try {
            pos.setFen(startFen == null ? Position.START_FEN : startFen);
        } catch (FenException e) {
            error = "start FEN: " + e.getMessage();
            maxHalfmove = finalHalfmove = 0;
            repeatedPositions = 0;
            maxRepetitions = finalRepetitions = 1;
            return false;
        }
        int n = moves == null ? 0 : moves.length;
        if (keys.length < n + 1) {
            keys = new long[Math.max(n + 1, keys.length * 2)];
        }
        keys[0] = pos.key();
        maxHalfmove = pos.halfmoveClock();
        int run = 0;
        for (int i = 0; i < n; i++) {
            int move;
            try {
                move = uci.resolve(pos, moves[i]);
            } catch (NotationException e) {
                error = "ply " + (i + 1) + ": " + e.getMessage();
                break;
            }
            int castling = pos.castlingRights();
            boolean irreversible = Move.isCapture(move)
                    || Piece.type(pos.pieceAt(Move.from(move))) == Piece.PAWN;
            pos.makeMove(move);
            irreversible |= pos.castlingRights() != castling;
            plies++;
            keys[plies] = pos.key();
            run = irreversible ? 0 : run + 1;
            if (run > longestReversibleRun) {
                longestReversibleRun = run;
            }
            int hm = pos.halfmoveClock();
            if (hm > maxHalfmove) {
                maxHalfmove = hm;
            }
            if (hm >= 100 && fiftyPly < 0) {
                fiftyPly = plies;
            }
            if (hm >= 150 && seventyFivePly < 0) {
                seventyFivePly = plies;
            }
            // A repetition needs at least four reversible plies.
            if (hm >= 4 && fivefoldPly < 0) {
                int reps = pos.repetitionCount();
                if (reps >= 3 && threefoldPly < 0) {
                    threefoldPly = plies;
                }
                if (reps >= 5) {
                    fivefoldPly = plies;
                }
            }
        }
        finalHalfmove = pos.halfmoveClock();
        finalRepetitions = pos.repetitionCount();
        countRepeats();
        return error == null;
    }

    /**
     * The same facts as {@link #scan}, read from the history of a position that was just replayed
     * from its setup (as {@link org.rookery.core.pgn.GameReplay} leaves it): ingestion calls this
     * on the board it has already replayed, so the facts cost no second replay.
     */
    public void collect(Position p) {
        error = null;
        plies = p.ply();
        threefoldPly = fivefoldPly = fiftyPly = seventyFivePly = -1;
        longestReversibleRun = 0;
        if (keys.length < plies + 1) {
            keys = new long[Math.max(plies + 1, keys.length * 2)];
        }
        keys[0] = p.keyAt(0);
        maxHalfmove = p.halfmoveAt(0);
        int run = 0;
        int castling = p.castlingAt(0);
        for (int i = 1; i <= plies; i++) {
            long key = p.keyAt(i);
            keys[i] = key;
            int hm = p.halfmoveAt(i);
            int c = p.castlingAt(i);
            // The clock restarts exactly on captures and pawn moves.
            run = hm == 0 || c != castling ? 0 : run + 1;
            castling = c;
            if (run > longestReversibleRun) {
                longestReversibleRun = run;
            }
            if (hm > maxHalfmove) {
                maxHalfmove = hm;
            }
            if (hm >= 100 && fiftyPly < 0) {
                fiftyPly = i;
            }
            if (hm >= 150 && seventyFivePly < 0) {
                seventyFivePly = i;
            }
            if (hm >= 4 && fivefoldPly < 0) {
                // Position.repetitionCount() as it was at ply i.
                int reps = 1;
                for (int j = i - 2, stop = Math.max(0, i - hm); j >= stop; j -= 2) {
                    if (keys[j] == key) {
                        reps++;
                    }
                }
                if (reps >= 3 && threefoldPly < 0) {
                    threefoldPly = i;
                }
                if (reps >= 5) {
                    fivefoldPly = i;
                }
            }
        }
        finalHalfmove = p.halfmoveClock();
        finalRepetitions = p.repetitionCount();
        countRepeats();
    }

    /**
     * Sets the facts from stored values (the {@code draw_facts} that ingestion wrote), so the
     * claim rules and getters work as after a scan. Plies and rules not reached are -1.
     */
    public void restore(int plies, int threefoldPly, int fivefoldPly, int fiftyPly, int seventyFivePly,
            int maxHalfmove, int longestReversibleRun, int repeatedPositions, int maxRepetitions,
            int finalRepetitions, int finalHalfmove) {
        this.error = null;
        this.plies = plies;
        this.threefoldPly = threefoldPly;
        this.fivefoldPly = fivefoldPly;
        this.fiftyPly = fiftyPly;
        this.seventyFivePly = seventyFivePly;
        this.maxHalfmove = maxHalfmove;
        this.longestReversibleRun = longestReversibleRun;
        this.repeatedPositions = repeatedPositions;
        this.maxRepetitions = maxRepetitions;
        this.finalRepetitions = finalRepetitions;
        this.finalHalfmove = finalHalfmove;
    }

    /** Distinct positions seen twice or more, and the most times any one was seen. */
    private void countRepeats() {
        long[] sorted = Arrays.copyOf(keys, plies + 1);
        Arrays.sort(sorted);
        repeatedPositions = 0;
        maxRepetitions = 1;
        int runLength = 1;
        for (int i = 1; i <= plies + 1; i++) {
            if (i <= plies && sorted[i] == sorted[i - 1]) {
                runLength++;
                continue;
            }
            if (runLength >= 2) {
                repeatedPositions++;
            }
            maxRepetitions = Math.max(maxRepetitions, runLength);
            runLength = 1;
        }
    }

    /** Moves replayed. */
    public int plies() {
        return plies;
    }

    /** Ply after which some position stood on the board for the third time, or -1. */
    public int threefoldPly() {
        return threefoldPly;
    }

    /** Ply after which some position stood on the board for the fifth time, or -1. */
    public int fivefoldPly() {
        return fivefoldPly;
    }

    /** First ply with the halfmove clock at 100 (a 50-move claim available), or -1. */
    public int fiftyPly() {
        return fiftyPly;
    }

    /** First ply with the halfmove clock at 150 (the 75-move rule), or -1. */
    public int seventyFivePly() {
        return seventyFivePly;
    }

    /** Highest halfmove clock reached, the start position's included. */
    public int maxHalfmoveClock() {
        return maxHalfmove;
    }

    /**
     * Longest run of consecutive plies in which no pawn moved, nothing was captured and no
     * castling right was lost: the stretches in which a position can recur. Unlike the halfmove
     * clock it restarts when castling rights change and ignores the start FEN's clock.
     */
    public int longestReversibleRun() {
        return longestReversibleRun;
    }

    /** Distinct positions that stood on the board at least twice. */
    public int repeatedPositions() {
        return repeatedPositions;
    }

    /** Most times any one position stood on the board (1 when none recurred). */
    public int maxRepetitions() {
        return maxRepetitions;
    }

    /** How many times the final position has stood on the board. */
    public int finalRepetitions() {
        return finalRepetitions;
    }

    /** Halfmove clock of the final position. */
    public int finalHalfmoveClock() {
        return finalHalfmove;
    }

    /**
     * Whether a threefold repetition was claimed: the game was drawn and ended on a position
     * standing for the third or fourth time (a fifth time ends the game without a claim).
     */
    public boolean threefoldClaimed(String result) {
        return PgnGame.DRAW.equals(result) && finalRepetitions >= 3 && finalRepetitions < 5
                && error == null;
    }

    /**
     * Whether the 50-move rule was claimed: a drawn game ending with the halfmove clock between
     * 100 and 149 (at 150 the 75-move rule ends the game without a claim).
     */
    public boolean fiftyClaimed(String result) {
        return PgnGame.DRAW.equals(result) && finalHalfmove >= 100 && finalHalfmove < 150
                && error == null;
    }

    /** Why the last scan stopped early, or null. */
    public String error() {
        return error;
    }
}
