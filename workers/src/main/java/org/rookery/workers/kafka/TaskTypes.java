package org.rookery.workers.kafka;

import org.rookery.contract.tasks.PairTask;
import org.rookery.contract.tasks.TaskAdjudication;
import org.rookery.contract.tasks.TaskOpening;
import org.rookery.workers.match.Adjudication;
import org.rookery.workers.match.Opening;

/**
 * Between the contract's task record ({@link PairTask}) and the match runner's types: what a task
 * says is played as an {@link Opening} under an {@link Adjudication}, and a schedule's openings and
 * rules go into tasks. A task never carries a tablebase directory: each worker's own {@code --tb}.
 */
public final class TaskTypes {
    private TaskTypes() {}

    /** The task's opening for the runner. */
    public static Opening opening(PairTask task) {
        TaskOpening o = task.opening();
        return new Opening(o.fen(), o.moves(), o.source(), o.variant());
    }

    /** The task's adjudication rules for the runner (tables: the worker's own, set by its player). */
    public static Adjudication adjudication(PairTask task) {
        TaskAdjudication a = task.adjudication();
        return new Adjudication(a.resignMoveCount(), a.resignScore(), a.resignTwoSided(), a.drawMoveNumber(), a.drawMoveCount(),
            a.drawScore(), a.maxMoves(), null, a.tablebasePieces(), a.tablebaseIgnore50(),
            a.tablebase() ? Adjudication.TablebaseResults.valueOf(a.tablebaseResults()) : null);
    }

    /** A schedule's opening as a task carries it. */
    public static TaskOpening of(Opening o) {
        return new TaskOpening(o.fen(), o.moves(), o.source(), o.variant());
    }

    /** Adjudication rules as a task and a definition carry them (without the local tablebase directory). */
    public static TaskAdjudication of(Adjudication a) {
        return new TaskAdjudication(a.resignMoveCount(), a.resignScore(), a.resignTwoSided(), a.drawMoveNumber(), a.drawMoveCount(),
            a.drawScore(), a.maxMoves(), a.tablebase(), a.tablebasePieces(), a.tablebaseIgnore50(),
            a.tablebase() ? a.tablebaseResults().name() : null);
    }
}
