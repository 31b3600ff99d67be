package org.rookery.jobs.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.SerializableConfiguration;
import org.rookery.contract.schema.Rejected;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnError;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.PgnVariant;

/**
 * Reads, parses and replays the games of work units, streaming: one reusable {@link PgnGame} and
 * {@link GameReplay} per task. In {@link Mode#GAMES} it writes the {@code games} file of its task
 * ({@link GamesFiles}) and keeps the {@code rejected} rows (up to {@link #KEPT_REJECTS_CHARS} of
 * raw text a task), noting which units had any; in {@link Mode#REJECTED} it yields the
 * {@code rejected} rows of the same units, for the rare run whose rows were not kept or whose game
 * numbering changed after the games pass: that second pass reads only the units the first one
 * noted, but a compressed file's units are found by decompressing the whole file again.
 */
public final class UnitProcessor implements MapPartitionsFunction<WorkUnit, Row> {
    private static final long serialVersionUID = 1L;

    /** What the pass yields. */
    public enum Mode {
        GAMES,
        REJECTED
    }

    /** Driver-side counters the first pass feeds; progress reporting reads them. */
    public record Counters(LongAccumulator games, LongAccumulator rejected, LongAccumulator bytes,
            CollectionAccumulator<Long> dirtyUnits) implements java.io.Serializable {
    }

    /**
     * Raw text of rejected games (chars, each row's cut to the table's limit) a task keeps for the
     * driver in the games pass; past it the task keeps none and the second pass writes them.
     */
    static final long KEPT_REJECTS_CHARS = 8L << 20;

    private final Mode mode;
    private final String collection;
    private final Broadcast<SerializableConfiguration> conf;
    private final Counters counters;

    /** A processor writing into {@code collection}; {@code counters} may be null in REJECTED mode. */
    public UnitProcessor(Mode mode, String collection, Broadcast<SerializableConfiguration> conf,
            Counters counters) {
        this.mode = mode;
        this.collection = collection;
        this.conf = conf;
        this.counters = counters;
    }

    /** The {@code rejected} rows ({@link Mode#REJECTED}) of a partition's units. */
    @Override
    @SuppressWarnings("unchecked")
    public Iterator<Row> call(Iterator<WorkUnit> units) {
        if (mode != Mode.REJECTED) {
            throw new IllegalStateException("games are written by write(), not yielded");
        }
        return (Iterator<Row>) (Iterator<?>) rows(units);
    }

    /**
     * Writes the games ({@link Mode#GAMES}) of a partition's units into one file of {@code files},
     * yielding the file's description (none when the units held no good game).
     */
    public Iterator<GamesFiles.Written> write(Iterator<WorkUnit> units, GamesFiles files) throws IOException {
        if (mode != Mode.GAMES) {
            throw new IllegalStateException("rejected rows come from call()");
        }
        TaskContext task = TaskContext.get();
        int partition = task == null ? 0 : task.partitionId();
        int attempt = task == null ? 0 : task.attemptNumber();
        try (GamesFiles.Task out = files.task(conf.value().value(), partition, attempt)) {
            Rows rows = rows(units);
            rows.out = out;
            try {
                if (rows.hasNext()) {
                    throw new IllegalStateException("the games pass yields no rows");
                }
            } finally {
                rows.closeQuietly();
            }
            out.close();
            return java.util.List.of(out.written(rows.counted, rows.kept)).iterator();
        }
    }

    private Rows rows(Iterator<WorkUnit> units) {
        Rows rows = new Rows(units, conf.value().value());
        TaskContext task = TaskContext.get();
        if (task != null) {
            task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> rows.closeQuietly());
        }
        return rows;
    }

    /** Yields nothing in GAMES mode (it writes the games) and {@link Row}s in REJECTED mode. */
    private final class Rows implements Iterator<Object> {
        private final Iterator<WorkUnit> units;
        private final Configuration hadoop;
        private final PgnGame game = new PgnGame();
        private final GameReplay replay = new GameReplay();
        /** Reader errors not yet handled, each with its kind (judged while the reader still holds its text). */
        private final ArrayDeque<Skipped> errors = new ArrayDeque<>();

        private WorkUnit unit;
        private PgnReader reader;
        private boolean gameReady;
        private boolean exhausted;
        private long unitGames;
        private long unitRejected;
        private Object pending;
        /** Where GAMES mode writes its games. */
        GamesFiles.Task out;
        /** Games written into the task's file by the units finished so far. */
        private long rowsBefore;
        /** The numbering each finished unit used, and the reader's count of its games. */
        final java.util.List<Numbering.UnitCount> counted = new java.util.ArrayList<>();
        /** GAMES mode: the rejected rows so far; null once they passed {@link #KEPT_REJECTS_CHARS}. */
        java.util.List<Row> kept = new java.util.ArrayList<>();
        private long keptChars;

        Rows(Iterator<WorkUnit> units, Configuration hadoop) {
            this.units = units;
            this.hadoop = hadoop;
        }

        @Override
        public boolean hasNext() {
            try {
                while (pending == null) {
                    if (reader == null) {
                        if (!units.hasNext()) {
                            return false;
                        }
                        open(units.next());
                    }
                    step();
                }
                return true;
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + unit, e);
            }
        }

        @Override
        public Object next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Object r = pending;
            pending = null;
            return r;
        }

        private void open(WorkUnit u) throws IOException {
            unit = u;
            unitGames = 0;
            unitRejected = 0;
            gameReady = false;
            exhausted = false;
            errors.clear();
            reader = new PgnReader(Units.open(hadoop, u), u.getSourceFile(), e -> {
                if (!e.isWarning()) {
                    errors.add(new Skipped(e, GameRows.kindOf(game)));
                }
            }, Units.READ);
        }

        private void step() throws IOException {
            // A reader error belongs to a game before the one just read, so it goes out first.
            if (!errors.isEmpty()) {
                Skipped s = errors.poll();
                reject(withStreamError(unit, s.error().reason()), s, null);
                return;
            }
            if (gameReady) {
                gameReady = false;
                handle();
                return;
            }
            // Errors found while looking for a next game that is not there still go out first.
            if (exhausted) {
                finishUnit();
            } else if (reader.next(game)) {
                gameReady = true;
            } else {
                exhausted = true;
            }
        }

        private void handle() {
            if (unit.getStreamError() != null) {
                reject(unit.getStreamError() + "; game cut off", null, game);
                return;
            }
            String variant = game.tag(PgnVariant.TAG);
            if (PgnVariant.of(variant) == null) {
                reject("Variant \"" + variant + "\": analyze ingest reads standard chess and Chess960 only", null, game);
                return;
            }
            boolean replayed = replay.replay(game);
            if (replayed) {
                unitGames++;
                if (mode == Mode.GAMES) {
                    try {
                        out.write(game, replay, replay.facts(), collection, unit.getSourceFile(),
                                unit.getGameOffset() + game.gameNumber());
                    } catch (IOException e) {
                        throw new UncheckedIOException("writing the games of " + unit, e);
                    }
                }
            } else {
                reject(replay.error(), null, game);
            }
        }

        private void reject(String reason, Skipped s, PgnGame g) {
            unitRejected++;
            if (mode == Mode.GAMES && kept == null) {
                return;
            }
            Row row;
            if (s != null) {
                PgnError e = s.error();
                row = GameRows.rejectedRow(collection, unit.getSourceFile(),
                        unit.getGameOffset() + e.gameNumber(), unit.getLineOffset() + e.line(), reason,
                        s.kind(), e.rawText());
            } else {
                row = GameRows.rejectedRow(g, reason, collection, unit.getSourceFile(),
                        unit.getGameOffset(), unit.getLineOffset());
            }
            emit(row);
        }

        /** A rejected row: yielded in REJECTED mode, kept (while within bounds) in GAMES mode. */
        private void emit(Row row) {
            if (mode == Mode.REJECTED) {
                pending = row;
                return;
            }
            String raw = row.getString(GameRows.REJECTED_RAW_TEXT);
            keptChars += raw == null ? 0 : raw.length();
            if (keptChars > KEPT_REJECTS_CHARS) {
                kept = null;
            } else {
                kept.add(row);
            }
        }

        private void finishUnit() throws IOException {
            if (unit.getStreamError() != null && unitRejected == 0) {
                // Nothing readable after the last intact game: the break itself is the reject.
                unitRejected++;
                if (mode == Mode.REJECTED || kept != null) {
                    emit(GameRows.rejectedRow(collection, unit.getSourceFile(),
                            unit.getGameOffset() + 1, unit.getLineOffset() + 1, unit.getStreamError(),
                            Rejected.KIND_FRAGMENT, ""));
                }
            }
            if (counters != null && mode == Mode.GAMES) {
                counters.games().add(unitGames);
                counters.rejected().add(unitRejected);
                counters.bytes().add(unit.length());
                if (unitRejected > 0) {
                    counters.dirtyUnits().add(unit.getId());
                }
            }
            long written = mode == Mode.GAMES ? unitGames : 0;
            counted.add(new Numbering.UnitCount(unit.getId(), unit.getFileIndex(), unit.getGameOffset(),
                    reader.gamesRead() + reader.errorCount(), unit.getSourceFile(), rowsBefore, written));
            rowsBefore += written;
            reader.close();
            reader = null;
        }

        void closeQuietly() {
            if (reader != null) {
                try {
                    reader.close();
                } catch (IOException e) {
                    // The task is over; nothing is left to read.
                }
                reader = null;
            }
        }
    }

    /** A reader error and the {@code rejected.kind} of the text it skipped. */
    private record Skipped(PgnError error, String kind) {
    }

    /** Reasons of reader errors inside a broken stream's tail also say that the stream broke. */
    private static String withStreamError(WorkUnit u, String reason) {
        return u.getStreamError() == null ? reason : u.getStreamError() + "; " + reason;
    }
}
