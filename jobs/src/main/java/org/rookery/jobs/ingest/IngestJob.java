package org.rookery.jobs.ingest;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;
import org.rookery.contract.schema.Games;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code rookery analyze ingest}: PGN files into the {@code games} and {@code rejected} tables of
 * one collection, replacing that collection's earlier import.
 *
 * <p>Plain files larger than the split size are cut into byte ranges at game boundaries (see
 * {@link GameBoundaries}); a quick first job counts the games and lines in each range, so every
 * game keeps the number and line it has in the whole file. Compressed files are decompressed one
 * per task and cut into blocks that are shuffled to all cores. Then one job parses, replays and
 * writes every game, each task its own Parquet file ({@link GamesFiles}); the units in which it
 * met a bad game are read again to write their {@code rejected} rows.
 */
public final class IngestJob {
    private IngestJob() {
    }

    /**
     * What to ingest and where.
     *
     * @param inputs files or directories
     * @param data the data root
     * @param collection collection name, or null for the first input's base name
     * @param splitSize plain files are cut into ranges of about this many bytes; 0 chooses
     * @param blockSize compressed files are cut into blocks of about this many bytes
     * @param collectionKind {@code masters} or {@code other}: written into every game's {@code collection_kind}
     */
    public record Options(List<String> inputs, String data, String collection, long splitSize,
            int blockSize, String collectionKind) {
        /** Default block size for compressed input. */
        public static final int DEFAULT_BLOCK = 8 << 20;

        /** The kinds {@code --collection-kind} takes. */
        public static final List<String> COLLECTION_KINDS = List.of(Games.KIND_MASTERS, Games.KIND_OTHER);

        /** Options for a collection of kind {@code other}. */
        public Options(List<String> inputs, String data, String collection, long splitSize, int blockSize) {
            this(inputs, data, collection, splitSize, blockSize, Games.KIND_OTHER);
        }

        public Options {
            checkKind(collectionKind);
        }

        /** A one-line usage error unless {@code kind} is one of {@link #COLLECTION_KINDS}. */
        public static void checkKind(String kind) {
            if (!COLLECTION_KINDS.contains(kind)) {
                throw new UsageError("--collection-kind must be masters or other, not '" + kind + "'");
            }
        }
    }

    /**
     * What an ingestion did: besides the table counts, the games (and rejects) its games pass read
     * and replayed, and the files it renumbered because the quick count numbered a part wrongly.
     */
    public record Summary(String collection, int files, long bytes, long games, long rejected,
            double seconds, long gamesRead, int renumberedFiles) {
        /** Games (accepted and rejected) per second. */
        public double gamesPerSecond() {
            return (games + rejected) / Math.max(seconds, 1e-9);
        }
    }

    private static final Encoder<WorkUnit> UNIT = Encoders.bean(WorkUnit.class);

    /** Runs the ingestion; progress lines go to {@code progress} (may be null). */
    public static Summary run(SparkSession spark, Options o, PrintStream progress) throws IOException {
        return run(spark, o, progress, Map.of());
    }

    /**
     * {@link #run(SparkSession, Options, PrintStream)} with the first game offsets of some units
     * (by id) set to {@code quickCountErrors}' values instead of the quick count's: how tests make
     * the quick count wrong on purpose.
     */
    static Summary run(SparkSession spark, Options o, PrintStream progress, Map<Long, Long> quickCountErrors)
            throws IOException {
        long t0 = System.nanoTime();
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        if (o.inputs().isEmpty()) {
            throw new UsageError("no --input given");
        }
        List<InputFile> files = InputFile.list(conf, o.inputs());
        String collection = o.collection() != null ? checkCollection(o.collection())
                : InputFile.defaultCollection(o.inputs().get(0));
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        int parallelism = jsc.defaultParallelism();
        Broadcast<SerializableConfiguration> bconf = jsc.broadcast(new SerializableConfiguration(conf));

        long plainBytes = 0;
        long totalBytes = 0;
        for (InputFile f : files) {
            totalBytes += f.size();
            if (f.compression().splittable()) {
                plainBytes += f.size();
            }
        }
        long splitSize = o.splitSize() > 0 ? o.splitSize()
                : Math.max(4L << 20, Math.min(64L << 20, plainBytes / Math.max(1, parallelism * 4L)));

        List<WorkUnit> plain = new ArrayList<>();
        List<WorkUnit> splits = new ArrayList<>();
        List<WorkUnit> compressed = new ArrayList<>();
        for (InputFile f : files) {
            long id = (long) f.index() << 32;
            Charset wide = f.compression().splittable() ? Units.wideEncoding(conf, f.path()) : null;
            if (wide != null && progress != null) {
                progress.println("ingest: " + f.sourceFile() + " is " + wide + " text; decoding it to UTF-8");
            }
            if (!f.compression().splittable() || wide != null) {
                compressed.add(WorkUnit.range(id, f, 0, f.size()));
            } else if (f.size() <= splitSize + splitSize / 2) {
                if (f.size() > 0) {
                    plain.add(WorkUnit.range(id, f, 0, f.size()));
                }
            } else {
                int k = 0;
                for (long s = 0; s < f.size(); s += splitSize, k++) {
                    splits.add(WorkUnit.range(id | k, f, s, Math.min(f.size(), s + splitSize)));
                }
            }
        }
        plain.addAll(measure(spark, jsc, splits, files, bconf));
        if (!quickCountErrors.isEmpty()) {
            plain = Numbering.apply(plain, quickCountErrors);
        }

        Progress meter = new Progress("ingest", progress, totalBytes);
        UnitProcessor.Counters counters = new UnitProcessor.Counters(
                jsc.sc().longAccumulator("games"), jsc.sc().longAccumulator("rejected"),
                jsc.sc().longAccumulator("bytes"), jsc.sc().collectionAccumulator("dirty units"));
        meter.start(counters);
        Map<Long, Long> compressedFix = quickCountErrors;
        int renumbered = 0;
        boolean numberingFixed = false;
        long games;
        long rejected;
        try {
            // Each task writes its games straight into a Parquet file (GamesFiles); Spark's own
            // writer spent a third of the job converting rows.
            GamesFiles gameFiles = GamesFiles.plan(spark, o.data(), o.collectionKind());
            List<GamesFiles.Written> written = writeGames(spark, jsc, gameFiles, plain, compressed, bconf, o,
                    parallelism, totalBytes, collection, counters, quickCountErrors);
            Map<Long, Long> fix = Numbering.corrections(Numbering.units(written));
            if (!fix.isEmpty()) {
                // Broken text made the quick count number some games differently from the reader:
                // only game_id and game_number depend on the numbering, so the files holding those
                // units' games are copied with the reader's numbers; no game is read again.
                List<GamesFiles.Written> redo = new ArrayList<>();
                List<GamesFiles.Written> kept = new ArrayList<>();
                for (GamesFiles.Written w : written) {
                    (w.units().stream().anyMatch(u -> fix.containsKey(u.id())) ? redo : kept).add(w);
                }
                if (progress != null) {
                    progress.println(String.format(Locale.ROOT, "ingest: %d part(s) of the input hold text "
                            + "the quick game count read differently; renumbering the games of %d file(s) "
                            + "(no game is read again)", fix.size(), redo.size()));
                }
                kept.addAll(renumber(jsc, gameFiles, redo, fix, collection, bconf));
                written = kept;
                renumbered = redo.size();
                numberingFixed = true;
                plain = Numbering.apply(plain, fix);
                compressedFix = new java.util.HashMap<>(quickCountErrors);
                compressedFix.putAll(fix);
                if (!Numbering.corrections(Numbering.units(written)).isEmpty()) {
                    throw new IllegalStateException("game numbering did not settle after renumbering");
                }
            }
            try {
                gameFiles.commit(conf, collection, written);
            } catch (IOException | RuntimeException e) {
                gameFiles.abort(conf);
                throw e;
            }

            games = 0;
            for (GamesFiles.Written w : written) {
                games += w.games();
            }

            Set<Long> dirty = new HashSet<>(counters.dirtyUnits().value());
            Tables.deletePartition(conf, o.data(), Schemas.REJECTED, collection);
            rejected = 0;
            if (!dirty.isEmpty()) {
                // The games pass kept the rejected rows unless there were too many or the numbering
                // changed since; only then are the units with rejects read again (for a compressed
                // file, by decompressing all of it a second time).
                List<Row> kept = numberingFixed ? null : keptRejects(written);
                Dataset<Row> rows;
                if (kept != null) {
                    rows = spark.createDataFrame(kept, Schemas.REJECTED_SCHEMA);
                    rejected = kept.size();
                } else {
                    JavaRDD<WorkUnit> again = units(jsc, only(plain, dirty), onlyFiles(compressed, dirty),
                            bconf, o.blockSize(), parallelism, dirty, compressedFix);
                    UnitProcessor reader = new UnitProcessor(UnitProcessor.Mode.REJECTED, collection, bconf, null);
                    rows = spark.createDataFrame(again.mapPartitions(reader::call), Schemas.REJECTED_SCHEMA);
                    rejected = -1;
                }
                rows.write().mode(SaveMode.Overwrite).partitionBy(Schemas.COLLECTION)
                        .parquet(Tables.path(o.data(), Schemas.REJECTED));
            }
        } finally {
            meter.stop();
        }
        if (rejected < 0) {
            rejected = countPartition(spark, o.data(), Schemas.REJECTED, collection);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new Summary(collection, files.size(), totalBytes, games, rejected, seconds,
                counters.games().value() + counters.rejected().value(), renumbered);
    }

    /** The rejected rows every task kept in the games pass; null if any task kept none (too many). */
    private static List<Row> keptRejects(List<GamesFiles.Written> written) {
        List<Row> all = new ArrayList<>();
        for (GamesFiles.Written w : written) {
            if (w.rejected() == null) {
                return null;
            }
            all.addAll(w.rejected());
        }
        return all;
    }

    /** The files of {@code redo} renumbered by {@code fix}, one Spark task per file. */
    private static List<GamesFiles.Written> renumber(JavaSparkContext jsc, GamesFiles files,
            List<GamesFiles.Written> redo, Map<Long, Long> fix, String collection,
            Broadcast<SerializableConfiguration> bconf) throws IOException {
        if (redo.isEmpty()) {
            return List.of();
        }
        java.util.HashMap<Long, Long> offsets = new java.util.HashMap<>(fix);
        try {
            return jsc.parallelize(redo, redo.size())
                    .map(w -> files.renumber(bconf.value().value(), w, offsets, collection))
                    .collect();
        } catch (RuntimeException e) {
            files.abort(bconf.value().value());
            throw e;
        }
    }

    /** Collection names become directory names: keep them to a safe alphabet. */
    static String checkCollection(String name) {
        if (name.isEmpty() || !name.equals(InputFile.sanitize(name)) || name.startsWith(".")
                || name.startsWith("_")) {
            throw new UsageError("collection name '" + name + "' may use only letters, digits, '.', '_' "
                    + "and '-', and may not start with '.' or '_'");
        }
        return name;
    }

    /**
     * The games pass: every unit parsed, replayed and written by its task into a staging file of
     * {@code files}; compressed blocks get the game offsets of {@code fix} where it has one.
     */
    private static List<GamesFiles.Written> writeGames(SparkSession spark, JavaSparkContext jsc, GamesFiles files,
            List<WorkUnit> plain, List<WorkUnit> compressed, Broadcast<SerializableConfiguration> bconf, Options o,
            int parallelism, long totalBytes, String collection, UnitProcessor.Counters counters,
            Map<Long, Long> fix) throws IOException {
        JavaRDD<WorkUnit> units = units(jsc, plain, compressed, bconf, o.blockSize(), parallelism, null, fix);
        UnitProcessor games = new UnitProcessor(UnitProcessor.Mode.GAMES, collection, bconf, counters);
        try {
            return units
                    .mapPartitions((FlatMapFunction<Iterator<WorkUnit>, GamesFiles.Written>) it ->
                            games.write(it, files))
                    .collect();
        } catch (RuntimeException e) {
            files.abort(bconf.value().value());
            throw e;
        }
    }

    /**
     * Cuts raw splits of large plain files at game boundaries and counts what each piece holds,
     * then turns the counts into each piece's game and line offsets in its file.
     */
    private static List<WorkUnit> measure(SparkSession spark, JavaSparkContext jsc, List<WorkUnit> splits,
            List<InputFile> files, Broadcast<SerializableConfiguration> bconf) {
        if (splits.isEmpty()) {
            return List.of();
        }
        long[] sizes = files.stream().mapToLong(InputFile::size).toArray();
        Dataset<WorkUnit> raw = spark.createDataset(jsc.parallelize(splits, splits.size()).rdd(), UNIT);
        List<WorkUnit> measured = new ArrayList<>(raw.map((MapFunction<WorkUnit, WorkUnit>) u ->
                Units.measure(bconf.value().value(), u, sizes[u.getFileIndex()]), UNIT).collectAsList());
        measured.sort(Comparator.comparingLong(WorkUnit::getId));
        List<WorkUnit> out = new ArrayList<>();
        int file = -1;
        long games = 0;
        long lines = 0;
        for (WorkUnit u : measured) {
            if (u.getFileIndex() != file) {
                file = u.getFileIndex();
                games = 0;
                lines = 0;
            }
            if (u.getEnd() > u.getStart()) {
                u.setGameOffset(games);
                u.setLineOffset(lines);
                out.add(u);
            }
            games += u.getGameCount();
            lines += u.getLineCount();
        }
        return out;
    }

    /**
     * All work of a pass: the plain ranges one per task, and the blocks of the compressed files
     * spread over the cores ({@link BlockSpread}). With {@code onlyIds}, just the units with those ids.
     */
    private static JavaRDD<WorkUnit> units(JavaSparkContext jsc, List<WorkUnit> plain,
            List<WorkUnit> compressed, Broadcast<SerializableConfiguration> bconf, int blockSize,
            int parallelism, Set<Long> onlyIds, Map<Long, Long> fix) {
        JavaRDD<WorkUnit> result = null;
        if (!plain.isEmpty()) {
            result = jsc.parallelize(plain, plain.size());
        }
        if (!compressed.isEmpty()) {
            int size = blockSize > 0 ? blockSize : Options.DEFAULT_BLOCK;
            JavaRDD<WorkUnit> blocks = jsc.parallelize(compressed, compressed.size())
                    .flatMap(f -> cutAhead(bconf.value().value(), f, size));
            if (onlyIds != null) {
                Set<Long> ids = onlyIds;
                blocks = blocks.filter(u -> ids.contains(u.getId()));
            }
            if (!fix.isEmpty()) {
                Map<Long, Long> offsets = new java.util.HashMap<>(fix);
                blocks = blocks.map(u -> Numbering.apply(u, offsets));
            }
            // Compressed files decompress at several times their size; aim at ~32 MB per task.
            long estimate = 0;
            for (WorkUnit f : compressed) {
                estimate += f.getEnd() * 6;
            }
            int partitions = (int) Math.max(2L * parallelism, Math.min(100_000, estimate / (32L << 20)));
            blocks = blocks.mapToPair(u -> new scala.Tuple2<>(u.getId(), u))
                    .partitionBy(new BlockSpread(partitions)).values();
            result = result == null ? blocks : result.union(blocks);
        }
        return result == null ? jsc.emptyRDD() : result;
    }

    /**
     * The blocks of one compressed file: decompressed and cut by one helper thread, counted and
     * numbered by a second, each up to two blocks ahead of the next stage. The task reading the
     * file is alone on its core while the others wait for its blocks, so its three stages (cut,
     * count, shuffle write) run side by side; in one thread the count alone took as long as the
     * cutting.
     */
    private static java.util.Iterator<WorkUnit> cutAhead(Configuration conf, WorkUnit file, int size)
            throws IOException {
        ReadAhead<WorkUnit> cut = new ReadAhead<>(new BlockCutter(conf, file, size), 2,
                "rookery block cutter " + file.getSourceFile());
        ReadAhead<WorkUnit> numbered = new ReadAhead<>(new BlockNumbering(cut), 2,
                "rookery block counter " + file.getSourceFile());
        org.apache.spark.TaskContext task = org.apache.spark.TaskContext.get();
        if (task != null) {
            task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> {
                numbered.close();
                cut.close();
            });
        }
        return numbered;
    }

    private static List<WorkUnit> only(List<WorkUnit> units, Set<Long> ids) {
        List<WorkUnit> out = new ArrayList<>();
        for (WorkUnit u : units) {
            if (ids.contains(u.getId())) {
                out.add(u);
            }
        }
        return out;
    }

    private static List<WorkUnit> onlyFiles(List<WorkUnit> files, Set<Long> ids) {
        Set<Integer> wanted = new HashSet<>();
        for (long id : ids) {
            wanted.add((int) (id >>> 32));
        }
        List<WorkUnit> out = new ArrayList<>();
        for (WorkUnit f : files) {
            if (wanted.contains(f.getFileIndex())) {
                out.add(f);
            }
        }
        return out;
    }

    private static long countPartition(SparkSession spark, String data, String table, String collection) {
        try {
            org.apache.hadoop.fs.Path p = Tables.partition(data, table, collection);
            if (!p.getFileSystem(spark.sparkContext().hadoopConfiguration()).exists(p)) {
                return 0;
            }
            return spark.read().parquet(p.toString()).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line for the end of an ingestion. */
    public static String describe(Summary s) {
        return String.format(Locale.ROOT,
                "ingest: collection %s: %,d games written, %,d rejected, from %d file(s) (%s) in %.1f s, %,.0f games/s",
                s.collection(), s.games(), s.rejected(), s.files(), Progress.bytes(s.bytes()), s.seconds(),
                s.gamesPerSecond());
    }
}
