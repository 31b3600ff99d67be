package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code matches} table (docs/schema.md): the sink's copy of {@code rookery.matches}, so finished
 * matches keep their definition (and SPRT bounds) when no broker runs. Partitioned by the match id,
 * which is also the collection of the match's games.
 */
public final class Matches {
    private Matches() {
    }

    public static final String MATCH_ID = "match_id";
    public static final String DEFINITION = "definition";

    /** The table; {@code collection} (= {@code match_id}) is its partition column. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.MATCHES, List.of(
            required(MATCH_ID, STRING, "the match id"),
            required(DEFINITION, STRING, "the rookery.matches record value, JSON text"),
            required(Tables.COLLECTION, STRING, "partition column: the match id")), Tables.COLLECTION);
}
