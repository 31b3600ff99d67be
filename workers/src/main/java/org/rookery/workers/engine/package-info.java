/**
 * Rookery's built-in UCI engine, so gauntlets run with no external engine installed.
 *
 * <p>{@link org.rookery.workers.engine.Search} is a single-threaded PVS alpha-beta search with
 * iterative deepening, aspiration windows, quiescence, a {@link
 * org.rookery.workers.engine.TranspositionTable}, null-move pruning and late-move reductions over
 * the rules core's {@link org.rookery.core.board.Position}; {@link
 * org.rookery.workers.engine.Evaluation} is a tapered material, piece-square, pawn-structure and
 * mobility score. {@link org.rookery.workers.engine.UciLoop} speaks UCI over any pair of streams
 * and {@link org.rookery.workers.engine.EngineMain} is {@code ./rookery engine}.
 *
 * <p>{@link org.rookery.workers.engine.SkillLevel} weakens play deterministically (a depth and
 * node cap plus bounded evaluation noise keyed by position and seed), so two strengths of the same
 * engine give a reproducible Elo gap in demonstration gauntlets.
 */
package org.rookery.workers.engine;
