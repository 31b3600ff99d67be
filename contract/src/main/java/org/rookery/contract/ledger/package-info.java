/**
 * The engine-testing ledger read back: a stored match's games in the order they were counted
 * ({@link org.rookery.contract.ledger.MatchGames}), the SPRT asked again under other bounds
 * ({@link org.rookery.contract.ledger.SprtQuery}, {@link org.rookery.contract.ledger.SprtAnswer}),
 * shared by {@code analyze sprt} and the dashboard so both give the same numbers.
 */
package org.rookery.contract.ledger;
