package org.rookery.jobs.ingest;

import java.io.Closeable;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.parquet.SparkToParquetSchemaConverter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.rules.DrawFacts;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * One ingestion's files of the {@code games} table: each Spark task writes its games into a file of
 * its own under a staging directory ({@link Task}), reports it, and the driver moves the reported
 * files into the collection's partition in one step ({@link #commit}), replacing the earlier import.
 * Only files a finished task reported are committed, so a failed or repeated task attempt leaves
 * nothing behind; {@link #abort} removes the staging directory of a failed job.
 *
 * <p>The files are what Spark's own {@code partitionBy("collection").parquet(...)} writes: the
 * schema converted by Spark's converter under the session's settings, its footer keys, its codec,
 * its file naming; Spark, DuckDB and the gauntlet sink's files sit side by side in the table.
 */
public final class GamesFiles implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * What a task wrote: its file (null when its units held no good game), the games in it, for
     * each unit it read the game numbering used and the reader's exact count, and the
     * {@code rejected} rows of its units (null when there were too many to keep in memory).
     */
    public record Written(int partition, String file, long games, List<Numbering.UnitCount> units,
            List<org.apache.spark.sql.Row> rejected) implements Serializable {
    }

    private final String data;
    private final String staging;
    private final String jobId;
    private final String schema;
    private final LinkedHashMap<String, String> metadata;
    private final String codec;
    private final String[] noDictionary;
    private final String collectionKind;

    private GamesFiles(String data, String jobId, String schema, Map<String, String> metadata, String codec,
            String[] noDictionary, String collectionKind) {
        this.data = data;
        this.collectionKind = collectionKind;
        this.jobId = jobId;
        this.staging = new Path(new Path(data, "_staging"), Schemas.GAMES + "-" + jobId).toString();
        this.schema = schema;
        this.metadata = new LinkedHashMap<>(metadata);
        this.codec = codec;
        this.noDictionary = noDictionary.clone();
    }

    /**
     * The plan of one ingestion into {@code data}, under the session's Parquet settings, of a
     * collection whose {@code collection_kind} is {@code collectionKind}.
     */
    public static GamesFiles plan(SparkSession spark, String data, String collectionKind) {
        SQLConf conf = spark.sessionState().conf();
        StructType fileSchema = fileSchema();
        MessageType parquet = new SparkToParquetSchemaConverter(conf).convert(fileSchema);
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put(GamesFileWriter.SPARK_VERSION_METADATA, spark.version());
        metadata.put(GamesFileWriter.SPARK_ROW_METADATA, fileSchema.json());
        return new GamesFiles(data, UUID.randomUUID().toString(), parquet.toString(), metadata,
                conf.parquetCompressionCodec(), Schemas.UNIQUE_VALUE_COLUMNS, collectionKind);
    }

    /** The {@code games} columns a file holds: all but the partition column. */
    public static StructType fileSchema() {
        List<StructField> fields = new ArrayList<>();
        for (StructField f : Schemas.GAMES_SCHEMA.fields()) {
            if (!f.name().equals(Schemas.COLLECTION)) {
                fields.add(f);
            }
        }
        return new StructType(fields.toArray(new StructField[0]));
    }

    /** The Parquet schema of the files. */
    public MessageType parquetSchema() {
        return MessageTypeParser.parseMessageType(schema);
    }

    /** The writer of one task attempt; it creates its file at the first game. */
    public Task task(Configuration conf, int partition, int attempt) {
        return new Task(conf, partition, attempt);
    }

    /** Writes the games of one task attempt into one file. */
    public final class Task implements Closeable {
        private final Configuration conf;
        private final int partition;
        private final Path file;
        private GamesFileWriter writer;
        private String sourceFile;
        private Binary sourceFileBinary;
        private boolean closed;

        private Task(Configuration conf, int partition, int attempt) {
            this.conf = conf;
            this.partition = partition;
            file = new Path(staging, String.format(Locale.ROOT, "part-%05d-%s-a%d.c000%s.parquet", partition,
                    jobId, attempt, codec().getExtension()));
        }

        /** Writes one game that {@code replay} has just replayed, with its facts collected. */
        public void write(PgnGame g, GameReplay replay, DrawFacts facts, String collection, String source,
                long gameNumber) throws IOException {
            if (writer == null) {
                writer = new GamesFileWriter(conf, file, parquetSchema(), metadata, codec(), noDictionary, collectionKind);
            }
            if (source != null && !source.equals(sourceFile)) {
                sourceFile = source;
                sourceFileBinary = GamesFileWriter.utf8(source);
            }
            writer.write(g, replay, facts, collection, source, source == null ? null : sourceFileBinary,
                    gameNumber);
        }

        /** What this attempt wrote, with the units it read and their rejected rows (null: not kept). */
        public Written written(List<Numbering.UnitCount> units, List<org.apache.spark.sql.Row> rejected) {
            long games = writer == null ? 0 : writer.rows();
            return new Written(partition, games == 0 ? null : file.toString(), games, units, rejected);
        }

        /** Finishes the file; closing again does nothing. */
        @Override
        public void close() throws IOException {
            if (writer != null && !closed) {
                closed = true;
                writer.close();
            }
        }
    }

    /**
     * {@code w}'s file again with the game numbers of {@code fix} (unit id → exact offset) for the
     * units it holds that have one; the games are copied, not read or replayed again. Returns
     * {@code w} itself when none of its units needs it.
     */
    public Written renumber(Configuration conf, Written w, Map<Long, Long> fix, String collection) throws IOException {
        List<Renumbering.Shift> shifts = new ArrayList<>();
        List<Numbering.UnitCount> units = new ArrayList<>();
        for (Numbering.UnitCount u : w.units()) {
            Long exact = fix.get(u.id());
            if (exact == null) {
                units.add(u);
                continue;
            }
            units.add(u.withOffset(exact));
            if (u.rows() > 0) {
                shifts.add(new Renumbering.Shift(u.firstRow(), u.rows(), exact - u.gameOffset(), u.sourceFile()));
            }
        }
        if (shifts.isEmpty() || w.file() == null) {
            return new Written(w.partition(), w.file(), w.games(), units, w.rejected());
        }
        Path from = new Path(w.file());
        Path to = new Path(staging, from.getName().replace(".c000", "-renumbered.c000"));
        try (GamesFileWriter out = new GamesFileWriter(conf, to, parquetSchema(), metadata, codec(), noDictionary, collectionKind)) {
            long rows = Renumbering.copy(conf, from, out, collection, shifts);
            if (rows != w.games()) {
                throw new IOException("renumbering " + from + " copied " + rows + " of its " + w.games() + " games");
            }
        }
        from.getFileSystem(conf).delete(from, false);
        return new Written(w.partition(), to.toString(), w.games(), units, w.rejected());
    }

    private CompressionCodecName codec() {
        String c = codec.toLowerCase(Locale.ROOT);
        return c.equals("none") ? CompressionCodecName.UNCOMPRESSED : CompressionCodecName.fromConf(c);
    }

    /**
     * Replaces the collection's partition of {@code games} with the files the tasks reported (an
     * import without a single good game leaves the partition empty, as Spark's overwrite would).
     */
    public void commit(Configuration conf, String collection, List<Written> files) throws IOException {
        Tables.deletePartition(conf, data, Schemas.GAMES, collection);
        Path target = Tables.partition(data, Schemas.GAMES, collection);
        FileSystem fs = target.getFileSystem(conf);
        if (files.stream().anyMatch(w -> w.file() != null)) {
            fs.mkdirs(target);
        }
        CompressionCodecName c = codec();
        for (Written w : files) {
            if (w.file() == null) {
                continue;
            }
            Path from = new Path(w.file());
            Path to = new Path(target, String.format(Locale.ROOT, "part-%05d-%s.c000%s.parquet", w.partition(),
                    jobId, c.getExtension()));
            if (!fs.rename(from, to)) {
                throw new IOException("could not move " + from + " to " + to);
            }
        }
        fs.create(new Path(Tables.path(data, Schemas.GAMES), "_SUCCESS"), true).close();
        abort(conf);
    }

    /** Removes the staging directory (and the staging root when nothing else is in it). */
    public void abort(Configuration conf) throws IOException {
        Path dir = new Path(staging);
        FileSystem fs = dir.getFileSystem(conf);
        fs.delete(dir, true);
        Path root = dir.getParent();
        if (fs.exists(root) && fs.listStatus(root).length == 0) {
            fs.delete(root, false);
        }
    }
}
