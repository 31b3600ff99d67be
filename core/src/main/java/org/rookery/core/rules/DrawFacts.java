package org.rookery.core.rules;

import org.rookery.core.board.Position;

/**
 * The draw-rule facts of one game (the {@code draw_facts} struct of docs/schema.md), gathered ply
 * by ply while a replayer makes the game's moves: {@link #start} on the set-up board,
 * {@link #afterMove} after each move, {@link #finish} at the end; the getters describe the game
 * from then on (or after {@link #clear} or {@link #restore}). Positions are compared as
 * {@link Position#repetitionCount()} does, by the Polyglot key with the en-passant file only when
 * a capture is legal: FIDE's "same position" (article 9.2.3).
 *
 * <p>Plies are counted from the start position: ply {@code k} is the position after the k-th
 * move. One instance per replayer, owned by it and reused game after game; gathering allocates
 * nothing per move.
 */
public final class DrawFacts {
    private static final String DRAW = Result.DRAW.pgn();

    private int run;
    private int castling;

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
    private boolean complete;

    /** Starts a game on {@code pos}, just set up. */
    public void start(Position pos) {
        plies = 0;
        threefoldPly = fivefoldPly = fiftyPly = seventyFivePly = -1;
        longestReversibleRun = 0;
        run = 0;
        complete = false;
        castling = pos.castlingRights();
        maxHalfmove = pos.halfmoveClock();
        repeatedPositions = 0;
        maxRepetitions = 1;
    }

    /** Takes in the move just made on {@code pos}. */
    public void afterMove(Position pos) {
        plies++;
        int hm = pos.halfmoveClock();
        int c = pos.castlingRights();
        // The clock restarts exactly on captures and pawn moves; lost castling rights end a run too.
        run = hm == 0 || c != castling ? 0 : run + 1;
        castling = c;
        if (run > longestReversibleRun) {
            longestReversibleRun = run;
        }
        if (hm > maxHalfmove) {
            maxHalfmove = hm;
        }
        if (hm >= 100 && fiftyPly < 0) {
            fiftyPly = plies;
        }
        if (hm >= 150 && seventyFivePly < 0) {
            seventyFivePly = plies;
        }
        // A repetition needs at least four reversible plies; skip the scan otherwise. Equal keys
        // never have an irreversible move between them, so the scan back over the clock's plies
        // sees every earlier occurrence: a position's count reaches 2 once (one more repeated
        // position), and the highest count is the most times any position stood.
        if (hm >= 4) {
            int reps = pos.repetitionCount();
            if (reps == 2) {
                repeatedPositions++;
            }
            if (reps > maxRepetitions) {
                maxRepetitions = reps;
            }
            if (reps >= 3 && threefoldPly < 0) {
                threefoldPly = plies;
            }
            if (reps >= 5 && fivefoldPly < 0) {
                fivefoldPly = plies;
            }
        }
    }

    /**
     * Ends the game on {@code pos}, its last position; {@code complete} says whether every move
     * of the game was replayed (else the facts cover the moves before the one that failed).
     */
    public void finish(Position pos, boolean complete) {
        this.complete = complete;
        finalHalfmove = pos.halfmoveClock();
        finalRepetitions = pos.repetitionCount();
    }

    /** The facts of a game whose start position could not be set up: nothing was replayed. */
    public void clear() {
        plies = 0;
        threefoldPly = fivefoldPly = fiftyPly = seventyFivePly = -1;
        longestReversibleRun = 0;
        maxHalfmove = finalHalfmove = 0;
        repeatedPositions = 0;
        maxRepetitions = finalRepetitions = 1;
        complete = false;
    }

    /**
     * Sets the facts from stored values (the {@code draw_facts} that ingestion wrote), so the
     * claim rules and getters work as after a replay. Plies of rules not reached are -1.
     */
    public void restore(int plies, int threefoldPly, int fivefoldPly, int fiftyPly, int seventyFivePly,
            int maxHalfmove, int longestReversibleRun, int repeatedPositions, int maxRepetitions,
            int finalRepetitions, int finalHalfmove) {
        this.complete = true;
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

    /** Whether the facts cover the whole game (every move replayed, or restored from storage). */
    public boolean complete() {
        return complete;
    }

    /**
     * Whether a threefold repetition was claimed: the whole game replayed, it was drawn and ended
     * on a position standing for the third or fourth time (a fifth time ends it without a claim).
     */
    public boolean threefoldClaimed(String result) {
        return DRAW.equals(result) && finalRepetitions >= 3 && finalRepetitions < 5 && complete;
    }

    /**
     * Whether the 50-move rule was claimed: the whole game replayed, drawn, ending with the
     * halfmove clock between 100 and 149 (at 150 the 75-move rule ends it without a claim).
     */
    public boolean fiftyClaimed(String result) {
        return DRAW.equals(result) && finalHalfmove >= 100 && finalHalfmove < 150 && complete;
    }
}
