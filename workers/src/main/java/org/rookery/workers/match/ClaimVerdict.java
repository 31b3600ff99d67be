package org.rookery.workers.match;

import org.rookery.core.board.Position;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;

/**
 * What a CECP engine's result claim decides, as cutechess rules on it: {@code resign}, or a claim
 * that it lost, is a resignation; a claim that it won, or that its move drew, stands only when the
 * rules say so, and otherwise loses the claimer the game; with {@code trust} (cutechess's
 * {@code validateClaims=false}) the engine's word is the result.
 *
 * @param outcome the game's outcome
 * @param reason the one-line reason (PGN comment, console)
 */
record ClaimVerdict(Outcome outcome, String reason) {
    /**
     * @param claim the engine's line: {@code resign}, {@code 1-0 {White mates}}, {@code 1/2-1/2 {...}}
     * @param side the claimer
     * @param pos the position the claim is about (after the claimer's move, if it made one)
     * @param trust accept the claim unchecked
     * @param ruled what the rules say of {@code pos}, or null for nothing
     */
    static ClaimVerdict of(String claim, int side, Position pos, boolean trust, Outcome ruled) {
        String me = GameRunner.colorName(side), other = GameRunner.colorName(side ^ 1);
        String comment = comment(claim);
        Result claimed = claim.startsWith("1-0") ? Result.WHITE_WINS : claim.startsWith("0-1") ? Result.BLACK_WINS
            : claim.startsWith("1/2-1/2") ? Result.DRAW : null;
        if (claimed == null || claimed == Result.winFor(side ^ 1)) {
            return new ClaimVerdict(Outcome.win(side ^ 1, Termination.RESIGNATION), me + " resigns");
        }
        if (ruled == null) ruled = GameRules.automaticOutcome(pos);
        if (ruled != null && ruled.result() == claimed) {
            return new ClaimVerdict(ruled, GameRunner.describe(ruled));
        }
        if (trust) {
            Outcome o = claimed == Result.DRAW ? Outcome.draw(Termination.ADJUDICATION) : Outcome.win(side, Termination.ADJUDICATION);
            String text = comment.isEmpty() ? (claimed == Result.DRAW ? "Draw" : me + " wins") + " by " + me + "'s claim" : comment;
            return new ClaimVerdict(o, text);
        }
        return new ClaimVerdict(Outcome.win(side ^ 1, Termination.ADJUDICATION),
            other + " wins by adjudication: " + me + " makes an invalid " + (claimed == Result.DRAW ? "draw" : "result") + " claim");
    }

    /** The text between braces of a claim line, empty when none. */
    static String comment(String claim) {
        int open = claim.indexOf('{'), close = claim.lastIndexOf('}');
        return open >= 0 && close > open ? claim.substring(open + 1, close).trim() : "";
    }
}
