package org.rookery.jobs.ingest;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.stats.DrawRuleScan;

/**
 * Writes an imported game as one {@code games} record straight from the parsed and replayed game,
 * in the Parquet schema Spark itself writes for {@link Schemas#GAMES_SCHEMA} (three-level lists, the
 * partition column left out). Going through Spark's row format and its generic writer cost about a
 * third of the whole ingestion: a row object per game, every string copied twice, every list
 * element boxed. Here a move is a shared, pre-encoded {@link Binary} and a key a plain long.
 *
 * <p>The values are those of {@link GameRows#gameRecord} (a test pins the two to each other).
 */
public final class GamesWriteSupport extends WriteSupport<GamesWriteSupport.Game> {
    /** Key under which Spark keeps the Catalyst schema of a file it wrote, so it reads it back as written. */
    public static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";
    /** Key under which Spark records its version in the files it writes. */
    public static final String SPARK_VERSION_METADATA = "org.apache.spark.version";

    /** What one record is made of; reused for every game of a task. */
    public static final class Game {
        PgnGame pgn;
        GameReplay replay;
        DrawRuleScan facts;
        String collection;
        String sourceFile;
        Binary sourceFileBinary;
        long gameNumber;

        /** Points the record at a game just replayed, with its draw-rule facts already collected. */
        public Game set(PgnGame pgn, GameReplay replay, DrawRuleScan facts, String collection, String sourceFile,
                long gameNumber) {
            this.pgn = pgn;
            this.replay = replay;
            this.facts = facts;
            this.collection = collection;
            if (sourceFile != null && !sourceFile.equals(this.sourceFile)) {
                sourceFileBinary = Binary.fromString(sourceFile);
            } else if (sourceFile == null) {
                sourceFileBinary = null;
            }
            this.sourceFile = sourceFile;
            this.gameNumber = gameNumber;
            return this;
        }
    }

    private static final Binary[] UCI = new Binary[64 * 64 * 5];
    private static final Binary IMPORT = Binary.fromString("import");
    private static final Binary START_FEN = Binary.fromString(Position.START_FEN);

    static {
        for (int from = 0; from < 64; from++) {
            for (int to = 0; to < 64; to++) {
                UCI[from | to << 6] = uci(Move.of(from, to, Move.QUIET));
                for (int p = Piece.KNIGHT; p <= Piece.QUEEN; p++) {
                    UCI[from | to << 6 | (p - Piece.KNIGHT + 1) << 12] =
                            uci(Move.of(from, to, Move.PROMO_KNIGHT + p - Piece.KNIGHT));
                }
            }
        }
    }

    private static Binary uci(int move) {
        return Binary.fromConstantByteArray(Move.toUci(move).getBytes(StandardCharsets.US_ASCII));
    }

    private static Binary uciOf(int move) {
        int promo = Move.isPromotion(move) ? Move.promotionType(move) - Piece.KNIGHT + 1 : 0;
        return UCI[Move.from(move) | Move.to(move) << 6 | promo << 12];
    }

    /** The columns this writer fills, by name; any other column of the schema is an error. */
    private enum Column {
        GAME_ID, SOURCE, SOURCE_FILE, GAME_NUMBER, TAG, RESULT, WHITE_ELO, BLACK_ELO, START_FEN, PLY_COUNT,
        MOVES_UCI, ZOBRIST, CLOCK_MS, EVAL_CP, EVAL_MATE, PGN, DRAW_FACTS, ALWAYS_NULL
    }

    private static final Map<String, String> TAGS = Map.of("event", "Event", "site", "Site", "date", "Date",
            "round", "Round", "white", "White", "black", "Black", "eco", "ECO", "time_control", "TimeControl",
            "termination", "Termination");

    private final MessageType schema;
    private final Map<String, String> metadata;
    private final Column[] columns;
    private final String[] names;
    private final String[] tagNames;
    private final String[] factNames;
    private final int[] factCodes;
    private RecordConsumer out;

    /**
     * A writer for {@code schema}, the Parquet form of the {@code games} columns without the
     * partition column, with {@code metadata} (Spark's keys) in every file footer.
     */
    public GamesWriteSupport(MessageType schema, Map<String, String> metadata) {
        this.schema = schema;
        this.metadata = metadata;
        int n = schema.getFieldCount();
        columns = new Column[n];
        names = new String[n];
        tagNames = new String[n];
        for (int i = 0; i < n; i++) {
            String name = schema.getFieldName(i);
            names[i] = name;
            columns[i] = column(name);
            tagNames[i] = TAGS.get(name);
        }
        GroupType facts = schema.getType(Schemas.DRAW_FACTS).asGroupType();
        factNames = new String[facts.getFieldCount()];
        factCodes = new int[factNames.length];
        for (int i = 0; i < factNames.length; i++) {
            factNames[i] = facts.getFieldName(i);
            factCodes[i] = factCode(factNames[i]);
        }
    }

    private static Column column(String name) {
        switch (name) {
            case "game_id": return Column.GAME_ID;
            case "source": return Column.SOURCE;
            case "source_file": return Column.SOURCE_FILE;
            case "game_number": return Column.GAME_NUMBER;
            case "result": return Column.RESULT;
            case "white_elo": return Column.WHITE_ELO;
            case "black_elo": return Column.BLACK_ELO;
            case "start_fen": return Column.START_FEN;
            case "ply_count": return Column.PLY_COUNT;
            case "moves_uci": return Column.MOVES_UCI;
            case "zobrist": return Column.ZOBRIST;
            case "clock_ms": return Column.CLOCK_MS;
            case "eval_cp": return Column.EVAL_CP;
            case "eval_mate": return Column.EVAL_MATE;
            case "pgn": return Column.PGN;
            case Schemas.DRAW_FACTS: return Column.DRAW_FACTS;
            case "match_id": case "pair_index": case "game_in_pair": case "depth": case "white_engine_id":
            case "black_engine_id": case "worker_id": case "started_at": case "finished_at":
                return Column.ALWAYS_NULL;
            default:
                if (TAGS.containsKey(name)) {
                    return Column.TAG;
                }
                throw new IllegalArgumentException("the games writer has no value for column '" + name + "'");
        }
    }

    @Override
    public WriteContext init(Configuration configuration) {
        return new WriteContext(schema, new HashMap<>(metadata));
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        out = recordConsumer;
    }

    @Override
    public void write(Game game) {
        PgnGame g = game.pgn;
        out.startMessage();
        for (int i = 0; i < columns.length; i++) {
            switch (columns[i]) {
                case GAME_ID:
                    binary(i, Binary.fromString(GameRows.importedGameId(game.collection, game.sourceFile,
                            game.gameNumber)));
                    break;
                case SOURCE:
                    binary(i, IMPORT);
                    break;
                case SOURCE_FILE:
                    binary(i, game.sourceFileBinary);
                    break;
                case GAME_NUMBER:
                    out.startField(names[i], i);
                    out.addLong(game.gameNumber);
                    out.endField(names[i], i);
                    break;
                case TAG:
                    String v = g.tag(tagNames[i]);
                    binary(i, v == null ? null : Binary.fromString(v));
                    break;
                case RESULT:
                    binary(i, Binary.fromString(GameRows.result(g)));
                    break;
                case WHITE_ELO:
                    integer(i, GameRows.elo(g.tag("WhiteElo")));
                    break;
                case BLACK_ELO:
                    integer(i, GameRows.elo(g.tag("BlackElo")));
                    break;
                case START_FEN:
                    String fen = g.tag("FEN");
                    binary(i, fen == null ? START_FEN : Binary.fromString(fen.trim()));
                    break;
                case PLY_COUNT:
                    integer(i, game.replay.plies());
                    break;
                case MOVES_UCI:
                    moves(i, game.replay);
                    break;
                case ZOBRIST:
                    keys(i, game.replay);
                    break;
                case CLOCK_MS:
                    clocks(i, g, game.replay.plies());
                    break;
                case EVAL_CP:
                    evals(i, g, game.replay.plies(), false);
                    break;
                case EVAL_MATE:
                    evals(i, g, game.replay.plies(), true);
                    break;
                case PGN:
                    binary(i, rawText(g));
                    break;
                case DRAW_FACTS:
                    facts(i, game.facts);
                    break;
                case ALWAYS_NULL:
                default:
                    break;
            }
        }
        out.endMessage();
    }

    private void binary(int i, Binary v) {
        if (v != null) {
            out.startField(names[i], i);
            out.addBinary(v);
            out.endField(names[i], i);
        }
    }

    private void integer(int i, Integer v) {
        if (v != null) {
            out.startField(names[i], i);
            out.addInteger(v);
            out.endField(names[i], i);
        }
    }

    // Lists in Spark's standard three-level form: <name> { repeated group list { element } }.

    private void startList(int i, int n) {
        out.startField(names[i], i);
        out.startGroup();
        if (n > 0) {
            out.startField("list", 0);
        }
    }

    private void endList(int i, int n) {
        if (n > 0) {
            out.endField("list", 0);
        }
        out.endGroup();
        out.endField(names[i], i);
    }

    private void moves(int i, GameReplay r) {
        int n = r.plies();
        startList(i, n);
        for (int k = 0; k < n; k++) {
            out.startGroup();
            out.startField("element", 0);
            out.addBinary(uciOf(r.move(k)));
            out.endField("element", 0);
            out.endGroup();
        }
        endList(i, n);
    }

    private void keys(int i, GameReplay r) {
        int n = r.plies() + 1;
        Position pos = r.position();
        startList(i, n);
        for (int k = 0; k < n; k++) {
            out.startGroup();
            out.startField("element", 0);
            out.addLong(pos.keyAt(k));
            out.endField("element", 0);
            out.endGroup();
        }
        endList(i, n);
    }

    /** Null as a whole when no ply has a clock; else one element per ply, null where unknown. */
    private void clocks(int i, PgnGame g, int plies) {
        boolean any = false;
        for (int k = 0; k < plies && !any; k++) {
            any = g.clockMillis(k) != PgnGame.NO_CLOCK;
        }
        if (!any) {
            return;
        }
        startList(i, plies);
        for (int k = 0; k < plies; k++) {
            long v = g.clockMillis(k);
            out.startGroup();
            if (v != PgnGame.NO_CLOCK) {
                out.startField("element", 0);
                out.addLong(v);
                out.endField("element", 0);
            }
            out.endGroup();
        }
        endList(i, plies);
    }

    /** Null as a whole when no ply has an evaluation (either kind); else one element per ply. */
    private void evals(int i, PgnGame g, int plies, boolean mate) {
        boolean any = false;
        for (int k = 0; k < plies && !any; k++) {
            any = g.evalCp(k) != PgnGame.NO_EVAL || g.evalMate(k) != PgnGame.NO_EVAL;
        }
        if (!any) {
            return;
        }
        startList(i, plies);
        for (int k = 0; k < plies; k++) {
            int v = mate ? g.evalMate(k) : g.evalCp(k);
            out.startGroup();
            if (v != PgnGame.NO_EVAL) {
                out.startField("element", 0);
                out.addInteger(v);
                out.endField("element", 0);
            }
            out.endGroup();
        }
        endList(i, plies);
    }

    private void facts(int i, DrawRuleScan f) {
        out.startField(names[i], i);
        out.startGroup();
        for (int k = 0; k < factNames.length; k++) {
            int v = fact(f, factCodes[k]);
            if (v >= 0) {
                out.startField(factNames[k], k);
                out.addInteger(v);
                out.endField(factNames[k], k);
            }
        }
        out.endGroup();
        out.endField(names[i], i);
    }

    private static final java.util.List<String> FACTS = java.util.List.of("threefold_ply", "fivefold_ply",
            "fifty_ply", "seventyfive_ply", "max_halfmove_clock", "longest_reversible_run", "repeated_positions",
            "max_repetitions", "final_repetitions", "final_halfmove_clock");

    /** The code of a draw-rule fact column, so an unknown one fails when the writer is made. */
    private static int factCode(String name) {
        int code = FACTS.indexOf(name);
        if (code < 0) {
            throw new IllegalArgumentException("the games writer has no value for draw_facts." + name);
        }
        return code;
    }

    /** A draw-rule fact by code; negative for null (a rule that never applied). */
    private static int fact(DrawRuleScan f, int code) {
        switch (code) {
            case 0: return f.threefoldPly();
            case 1: return f.fivefoldPly();
            case 2: return f.fiftyPly();
            case 3: return f.seventyFivePly();
            case 4: return f.maxHalfmoveClock();
            case 5: return f.longestReversibleRun();
            case 6: return f.repeatedPositions();
            case 7: return f.maxRepetitions();
            case 8: return f.finalRepetitions();
            default: return f.finalHalfmoveClock();
        }
    }

    /**
     * The game's source text without trailing blanks: its bytes as read when they are ASCII (nearly
     * always, and then not copied here), else decoded and encoded again as {@link PgnGame#rawText()}.
     */
    private static Binary rawText(PgnGame g) {
        byte[] raw = g.rawBytes();
        int end = g.rawLength();
        while (end > 0 && (raw[end - 1] == ' ' || raw[end - 1] == '\n' || raw[end - 1] == '\r'
                || raw[end - 1] == '\t')) {
            end--;
        }
        for (int k = 0; k < end; k++) {
            if (raw[k] < 0) {
                return Binary.fromString(g.rawText());
            }
        }
        return Binary.fromReusedByteArray(raw, 0, end);
    }

    /** For tests: the column kinds of a schema's fields, so a new column without a writer fails loudly. */
    static String describe(MessageType schema) {
        StringBuilder sb = new StringBuilder();
        for (Type t : schema.getFields()) {
            sb.append(t.getName()).append('=').append(column(t.getName())).append(' ');
        }
        return sb.toString().trim();
    }
}
