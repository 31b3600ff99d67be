package org.rookery.jobs.ingest;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.rookery.contract.schema.DrawFactsColumns;
import org.rookery.contract.schema.Games;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;
import org.rookery.core.board.Variant;
import org.rookery.core.notation.UciText;
import org.rookery.core.openings.Classification;
import org.rookery.core.openings.OpeningList;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.rules.DrawFacts;
import org.rookery.jobs.spark.Schemas;

/**
 * Writes imported games into one {@code games} Parquet file, column by column, straight from the
 * parsed and replayed game, in the schema Spark writes for {@link Schemas#GAMES_SCHEMA} (three-level
 * lists, the partition column left out). Spark's own writer cost a third of the whole ingestion:
 * a row object per game, every string copied twice, every list element boxed; parquet-java's record
 * layer, which works out repetition and definition levels from start/end calls, cost another tenth.
 * Here every value goes to its column writer with levels known from the schema, a move is a shared
 * pre-encoded {@link Binary} and a key a plain long. Pages, dictionaries, statistics, compression
 * and row groups are parquet-java's.
 *
 * <p>Levels, for the record: a nullable top-level value is written at definition level 1 (0 for
 * null); a list column is {@code optional group (LIST) { repeated group list { element } }}, so a null
 * list is (r 0, d 0), an empty one (r 0, d 1), and its elements repeat at level 1 with definition
 * level 2 (a null element of a nullable list) or its maximum (a value).
 */
public final class GamesFileWriter implements Closeable {
    /** Key under which Spark keeps the Catalyst schema of a file it wrote, so it reads it back as written. */
    public static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";
    /** Key under which Spark records its version in the files it writes. */
    public static final String SPARK_VERSION_METADATA = "org.apache.spark.version";

    /** {@link UciText}'s strings as ASCII bytes, in its slots. */
    private static final Binary[] UCI = new Binary[UciText.SIZE];
    private static final Binary IMPORT = utf8(Games.IMPORT);
    private static final Binary START_FEN = utf8(Position.START_FEN);
    private static final Binary STANDARD = utf8(Variant.STANDARD.id()), CHESS960 = utf8(Variant.CHESS960.id());

    static {
        for (int i = 0; i < UciText.SIZE; i++) {
            UCI[i] = Binary.fromConstantByteArray(UciText.at(i).getBytes(StandardCharsets.US_ASCII));
        }
    }

    /**
     * A string as a byte-array-backed Binary: {@code Binary.fromString} encodes through a
     * CharsetEncoder into a ByteBuffer-backed value, and the dictionaries of the tag columns then
     * compare every lookup through ByteBuffer reads; this was a tenth of the writing.
     */
    static Binary utf8(String s) {
        return Binary.fromConstantByteArray(s.getBytes(StandardCharsets.UTF_8));
    }

    /** The opening texts as Binary, made once per text: a name repeats across thousands of games. */
    private static Binary binary(String text) {
        return OPENING_TEXT.computeIfAbsent(text, GamesFileWriter::utf8);
    }

    private static Binary uciOf(int move) {
        return UCI[UciText.index(move)];
    }

    /** The columns this writer fills; a column of the schema it does not know is an error at once. */
    private enum Column {
        GAME_ID, SOURCE, SOURCE_FILE, GAME_NUMBER, TAG, RESULT, WHITE_ELO, BLACK_ELO, START_FEN, PLY_COUNT,
        MOVES_UCI, ZOBRIST, CLOCK_MS, EVAL_CP, EVAL_MATE, PGN, DRAW_FACTS, OPENING_ECO, OPENING, OPENING_PLY,
        ENGINE_STAT, VARIANT, COLLECTION_KIND, ALWAYS_NULL
    }

    /** The columns that hold a PGN tag as written, with the tag each holds. */
    private static final Map<String, String> TAGS = Map.of(Games.EVENT, "Event", Games.SITE, "Site",
            Games.DATE, "Date", Games.ROUND, "Round", Games.WHITE, "White", Games.BLACK, "Black", Games.ECO, "ECO",
            Games.TIME_CONTROL, "TimeControl", Games.TERMINATION, "Termination");

    /** The draw_facts fields in the contract's order; a field's place here is its code in {@link #fact}. */
    private static final List<String> FACTS = DrawFactsColumns.TYPE.fields().stream()
            .map(org.rookery.contract.schema.Column::name).toList();

    private static final OpeningList OPENINGS = OpeningList.shipped();
    private static final ConcurrentHashMap<String, Binary> OPENING_TEXT =
            new ConcurrentHashMap<>();

    /** Records between two checks of the buffered size against the row-group size. */
    private static final int SIZE_CHECK_INTERVAL = 256;

    private final MessageType schema;
    private final Map<String, String> metadata;
    private final ParquetProperties props;
    private final CodecFactory codecs;
    private final CodecFactory.BytesCompressor compressor;
    private final ParquetFileWriter file;
    private final long rowGroupSize;
    /** The import's {@code collection_kind}, the same for every game it writes. */
    private final Binary collectionKind;

    private final Column[] kinds;
    /** Per top-level field: its {@link EngineStatsColumns} buffer, -1 for other columns. */
    private final int[] engineFields;
    /** Per top-level field: whether its list elements are int32. */
    private final boolean[] intElements;
    private final EngineStatsColumns engineStats = new EngineStatsColumns();
    private final String[] tagNames;
    /** Per top-level field: its leaf columns' descriptors, in schema order. */
    private final ColumnDescriptor[][] leaves;
    /** Per draw_facts leaf: which fact, and whether it is nullable. */
    private final int[] factCodes;
    private final boolean[] factNullable;

    private ColumnChunkPageWriteStore pages;
    private ColumnWriteStore store;
    private ColumnWriter[][] writers;
    private long rowsInGroup;
    private long rows;

    /**
     * Creates {@code path} (which must not exist) for games of {@code schema}, the Parquet form of the
     * {@code games} columns without the partition column, with {@code metadata} in its footer, for
     * an import whose {@code collection_kind} is {@code collectionKind}.
     */
    public GamesFileWriter(Configuration conf, Path path, MessageType schema, Map<String, String> metadata,
            CompressionCodecName codec, String[] noDictionary, String collectionKind) throws IOException {
        this.schema = schema;
        this.collectionKind = utf8(collectionKind);
        this.metadata = metadata;
        int n = schema.getFieldCount();
        kinds = new Column[n];
        tagNames = new String[n];
        leaves = new ColumnDescriptor[n][];
        engineFields = new int[n];
        intElements = new boolean[n];
        List<ColumnDescriptor> all = schema.getColumns();
        for (int i = 0; i < n; i++) {
            String name = schema.getFieldName(i);
            kinds[i] = column(name);
            tagNames[i] = TAGS.get(name);
            leaves[i] = all.stream().filter(d -> d.getPath()[0].equals(name)).toArray(ColumnDescriptor[]::new);
            engineFields[i] = EngineStatsColumns.field(name);
            intElements[i] = leaves[i][0].getPrimitiveType().getPrimitiveTypeName()
                    == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
        }
        ColumnDescriptor[] facts = leaves[schema.getFieldIndex(Games.DRAW_FACTS)];
        factCodes = new int[facts.length];
        factNullable = new boolean[facts.length];
        for (int k = 0; k < facts.length; k++) {
            String name = facts[k].getPath()[1];
            factCodes[k] = FACTS.indexOf(name);
            if (factCodes[k] < 0) {
                throw new IllegalArgumentException("the games writer has no value for draw_facts." + name);
            }
            factNullable[k] = facts[k].getMaxDefinitionLevel() == 2;
        }

        ParquetProperties.Builder b = ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
                .withPageSize(conf.getInt("parquet.page.size", ParquetProperties.DEFAULT_PAGE_SIZE))
                .withDictionaryPageSize(conf.getInt("parquet.dictionary.page.size",
                        ParquetProperties.DEFAULT_DICTIONARY_PAGE_SIZE))
                .withDictionaryEncoding(conf.getBoolean("parquet.enable.dictionary", true));
        for (String column : noDictionary) {
            b = b.withDictionaryEncoding(column, false);
        }
        props = b.build();
        rowGroupSize = conf.getLong("parquet.block.size", ParquetWriter.DEFAULT_BLOCK_SIZE);
        codecs = new CodecFactory(conf, props.getPageSizeThreshold());
        compressor = codecs.getCompressor(codec);
        file = new ParquetFileWriter(HadoopOutputFile.fromPath(path, conf), schema, ParquetFileWriter.Mode.CREATE,
                rowGroupSize, ParquetWriter.MAX_PADDING_SIZE_DEFAULT, props.getColumnIndexTruncateLength(),
                props.getStatisticsTruncateLength(), props.getPageWriteChecksumEnabled());
        file.start();
        newRowGroup();
    }

    private static Column column(String name) {
        switch (name) {
            case Games.GAME_ID: return Column.GAME_ID;
            case Games.SOURCE: return Column.SOURCE;
            case Games.SOURCE_FILE: return Column.SOURCE_FILE;
            case Games.GAME_NUMBER: return Column.GAME_NUMBER;
            case Games.RESULT: return Column.RESULT;
            case Games.WHITE_ELO: return Column.WHITE_ELO;
            case Games.BLACK_ELO: return Column.BLACK_ELO;
            case Games.START_FEN: return Column.START_FEN;
            case Games.PLY_COUNT: return Column.PLY_COUNT;
            case Games.MOVES_UCI: return Column.MOVES_UCI;
            case Games.ZOBRIST: return Column.ZOBRIST;
            case Games.CLOCK_MS: return Column.CLOCK_MS;
            case Games.EVAL_CP: return Column.EVAL_CP;
            case Games.EVAL_MATE: return Column.EVAL_MATE;
            case Games.PGN: return Column.PGN;
            case Games.DRAW_FACTS: return Column.DRAW_FACTS;
            case Games.OPENING_ECO: return Column.OPENING_ECO;
            case Games.OPENING: return Column.OPENING;
            case Games.OPENING_PLY: return Column.OPENING_PLY;
            case Games.DEPTH: case Games.SELDEPTH: case Games.NODES: case Games.NPS: case Games.TIME_MS:
            case Games.LATENCY_MS: case Games.HASHFULL: case Games.TBHITS: case Games.PV:
                return Column.ENGINE_STAT;
            case Games.VARIANT: return Column.VARIANT;
            case Games.COLLECTION_KIND: return Column.COLLECTION_KIND;
            case Games.MATCH_ID: case Games.PAIR_INDEX: case Games.GAME_IN_PAIR:
            case Games.WHITE_ENGINE_ID: case Games.BLACK_ENGINE_ID: case Games.WORKER_ID: case Games.STARTED_AT:
            case Games.FINISHED_AT: case Games.RECORD_OFFSET:
                return Column.ALWAYS_NULL;
            default:
                if (TAGS.containsKey(name)) {
                    return Column.TAG;
                }
                throw new IllegalArgumentException("the games writer has no value for column '" + name + "'");
        }
    }

    private void newRowGroup() {
        pages = new ColumnChunkPageWriteStore(compressor, schema, props.getAllocator(),
                props.getColumnIndexTruncateLength(), props.getPageWriteChecksumEnabled());
        store = props.newColumnWriteStore(schema, pages, pages);
        writers = new ColumnWriter[leaves.length][];
        for (int i = 0; i < leaves.length; i++) {
            writers[i] = new ColumnWriter[leaves[i].length];
            for (int k = 0; k < leaves[i].length; k++) {
                writers[i][k] = store.getColumnWriter(leaves[i][k]);
            }
        }
        rowsInGroup = 0;
    }

    private void flushRowGroup() throws IOException {
        if (rowsInGroup > 0) {
            file.startBlock(rowsInGroup);
            store.flush();
            pages.flushToFileWriter(file);
            file.endBlock();
        }
        store.close();
    }

    /** Games written so far. */
    public long rows() {
        return rows;
    }

    /**
     * Writes one game that {@code replay} has just replayed, with its draw-rule facts collected.
     *
     * @param gameNumber 1-based number of the game in its file
     */
    public void write(PgnGame g, GameReplay replay, DrawFacts facts, String collection, String sourceFile,
            Binary sourceFileBinary, long gameNumber) throws IOException {
        int plies = replay.plies();
        boolean chess960 = replay.position().isChess960();
        // The opening names are standard chess's: a Chess960 game is not named by them.
        Classification opening = chess960 ? null : OPENINGS.classify(replay.position());
        // The mover of the first ply: the side to move at the end, one flip per ply back to the start.
        engineStats.read(g, plies, replay.position().sideToMove() ^ (plies & 1));
        for (int i = 0; i < kinds.length; i++) {
            ColumnWriter w = writers[i][0];
            switch (kinds[i]) {
                case GAME_ID:
                    w.write(utf8(GameRows.importedGameId(collection, sourceFile, gameNumber)), 0, 0);
                    break;
                case SOURCE:
                    w.write(IMPORT, 0, 0);
                    break;
                case SOURCE_FILE:
                    optional(w, sourceFileBinary);
                    break;
                case GAME_NUMBER:
                    w.write(gameNumber, 0, 1);
                    break;
                case TAG:
                    String v = g.tag(tagNames[i]);
                    optional(w, v == null ? null : utf8(v));
                    break;
                case RESULT:
                    w.write(utf8(GameRows.result(g)), 0, 1);
                    break;
                case WHITE_ELO:
                    optional(w, GameRows.elo(g.tag("WhiteElo")));
                    break;
                case BLACK_ELO:
                    optional(w, GameRows.elo(g.tag("BlackElo")));
                    break;
                case START_FEN:
                    String fen = g.tag("FEN");
                    if (chess960) {
                        // Shredder-FEN, so every reader of start_fen and moves_uci sees a Chess960 position.
                        w.write(utf8(Position.fromFen(fen == null ? Position.START_FEN : fen, true).toFen()), 0, 1);
                    } else {
                        optional(w, fen == null ? START_FEN : utf8(fen.trim()));
                    }
                    break;
                case PLY_COUNT:
                    w.write(plies, 0, 0);
                    break;
                case MOVES_UCI:
                    moves(w, replay);
                    break;
                case ZOBRIST:
                    keys(w, replay);
                    break;
                case CLOCK_MS:
                    clocks(w, g, plies);
                    break;
                case EVAL_CP:
                    engineStats.writeEvals(w, plies, false);
                    break;
                case EVAL_MATE:
                    engineStats.writeEvals(w, plies, true);
                    break;
                case PGN:
                    optional(w, rawText(g));
                    break;
                case DRAW_FACTS:
                    facts(writers[i], facts);
                    break;
                case OPENING_ECO:
                    optional(w, opening == null ? null : binary(opening.opening().eco()));
                    break;
                case OPENING:
                    optional(w, opening == null ? null : binary(opening.opening().name()));
                    break;
                case OPENING_PLY:
                    optional(w, opening == null ? null : Integer.valueOf(opening.ply()));
                    break;
                case ENGINE_STAT:
                    engineStats.write(w, engineFields[i], plies, intElements[i]);
                    break;
                case VARIANT:
                    w.write(chess960 ? CHESS960 : STANDARD, 0, 1);
                    break;
                case COLLECTION_KIND:
                    w.write(collectionKind, 0, 1);
                    break;
                case ALWAYS_NULL:
                default:
                    for (ColumnWriter leaf : writers[i]) {
                        leaf.writeNull(0, 0);
                    }
                    break;
            }
        }
        endRow();
    }

    /**
     * The writer of the {@code index}-th leaf column of the schema ({@link MessageType#getColumns()}
     * order), for a row written leaf by leaf and finished with {@link #endRow()}.
     */
    ColumnWriter leaf(int index) {
        int i = 0;
        while (index >= leaves[i].length) {
            index -= leaves[i].length;
            i++;
        }
        return writers[i][index];
    }

    /** Ends the row whose values went to the column writers. */
    void endRow() throws IOException {
        store.endRecord();
        rows++;
        if (++rowsInGroup % SIZE_CHECK_INTERVAL == 0 && store.getBufferedSize() >= rowGroupSize) {
            flushRowGroup();
            newRowGroup();
        }
    }

    /** Ends the current row group here (a copy of a file keeps its source's row groups). */
    void endRowGroup() throws IOException {
        if (rowsInGroup > 0) {
            flushRowGroup();
            newRowGroup();
        }
    }

    private static void optional(ColumnWriter w, Binary v) {
        if (v == null) {
            w.writeNull(0, 0);
        } else {
            w.write(v, 0, 1);
        }
    }

    private static void optional(ColumnWriter w, Integer v) {
        if (v == null) {
            w.writeNull(0, 0);
        } else {
            w.write(v.intValue(), 0, 1);
        }
    }

    private static void moves(ColumnWriter w, GameReplay r) {
        int n = r.plies();
        if (n == 0) {
            w.writeNull(0, 1);
            return;
        }
        Position end = r.position();
        for (int k = 0; k < n; k++) {
            int m = r.move(k);
            w.write(end.isChess960() && Move.isCastle(m) ? chess960Castling(end, m, end.sideToMove() ^ ((n - k) & 1))
                    : uciOf(m), k == 0 ? 0 : 1, 2);
        }
    }

    /**
     * A Chess960 castling move as UCI_Chess960 writes it, king takes rook: a castling rook's origin
     * square is fixed for the whole game, so the final position still knows it.
     */
    private static Binary chess960Castling(Position game, int move, int mover) {
        int right = mover * 2 + (Move.flags(move) == Move.KING_CASTLE ? 0 : 1);
        return utf8(Square.name(Move.from(move)) + Square.name(game.castlingRookSquare(right)));
    }

    private static void keys(ColumnWriter w, GameReplay r) {
        Position pos = r.position();
        int n = r.plies() + 1;
        for (int k = 0; k < n; k++) {
            w.write(pos.keyAt(k), k == 0 ? 0 : 1, 2);
        }
    }

    /** Null as a whole when no ply has a clock; else one element per ply, null where unknown. */
    private static void clocks(ColumnWriter w, PgnGame g, int plies) {
        boolean any = false;
        for (int k = 0; k < plies && !any; k++) {
            any = g.clockMillis(k) != PgnGame.NO_CLOCK;
        }
        if (!any) {
            w.writeNull(0, 0);
            return;
        }
        for (int k = 0; k < plies; k++) {
            long v = g.clockMillis(k);
            if (v == PgnGame.NO_CLOCK) {
                w.writeNull(k == 0 ? 0 : 1, 2);
            } else {
                w.write(v, k == 0 ? 0 : 1, 3);
            }
        }
    }

    private void facts(ColumnWriter[] ws, DrawFacts f) {
        for (int k = 0; k < ws.length; k++) {
            int v = fact(f, factCodes[k]);
            if (factNullable[k] && v < 0) {
                ws[k].writeNull(0, 1);
            } else {
                ws[k].write(v, 0, factNullable[k] ? 2 : 1);
            }
        }
    }

    /** A draw-rule fact by code (its place in {@link #FACTS}); negative for null, a rule never applied. */
    private static int fact(DrawFacts f, int code) {
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
                return utf8(g.rawText());
            }
        }
        return Binary.fromReusedByteArray(raw, 0, end);
    }

    /** Writes the last row group and the footer. */
    @Override
    public void close() throws IOException {
        try {
            flushRowGroup();
            file.end(metadata);
        } finally {
            codecs.release();
        }
    }

}
