package org.rookery.jobs.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;

/**
 * The games files ingestion writes itself are the files Spark would write: the same Parquet schema,
 * the same Catalyst schema in the footer, the same codec and encodings, so Spark, DuckDB and the
 * gauntlet sink's files share the table.
 */
class GamesFilesTest {
    @TempDir
    Path dir;

    @Test
    void ingestedFilesMatchWhatSparkWritesForTheSameSchema() throws IOException {
        SparkSession spark = TestSpark.get();
        // Spark's own file: one row of the games schema written the way the gauntlet sink writes.
        Object[] values = new Object[Schemas.GAMES_SCHEMA.size()];
        values[Schemas.GAMES_SCHEMA.fieldIndex("game_id")] = "x";
        values[Schemas.GAMES_SCHEMA.fieldIndex("source")] = "import";
        values[Schemas.GAMES_SCHEMA.fieldIndex(Schemas.COLLECTION)] = "c";
        values[Schemas.GAMES_SCHEMA.fieldIndex("ply_count")] = 0;
        spark.createDataFrame(List.<Row>of(RowFactory.create(values)), Schemas.GAMES_SCHEMA).write()
                .mode(SaveMode.Overwrite).partitionBy(Schemas.COLLECTION).parquet(dir.resolve("spark").toString());
        FileMetaData sparks = footer(onlyFile(dir.resolve("spark")));

        Path pgn = Corpora.synthetic(dir.resolve("g.pgn"), 41, 300);
        IngestJob.run(spark, new IngestJob.Options(List.of(pgn.toString()), dir.resolve("data").toString(), "g", 0,
                0), null);
        FileMetaData ours = footer(onlyFile(dir.resolve("data").resolve(Schemas.GAMES)));

        assertEquals(sparks.getSchema(), ours.getSchema());
        assertEquals(GamesFiles.plan(spark, dir.toString(), "other").parquetSchema(), ours.getSchema());
        Map<String, String> a = sparks.getKeyValueMetaData();
        Map<String, String> b = ours.getKeyValueMetaData();
        assertEquals(a.get(GamesFileWriter.SPARK_ROW_METADATA), b.get(GamesFileWriter.SPARK_ROW_METADATA));
        assertEquals(a.get(GamesFileWriter.SPARK_VERSION_METADATA), b.get(GamesFileWriter.SPARK_VERSION_METADATA));
        assertTrue(onlyFile(dir.resolve("data").resolve(Schemas.GAMES)).getFileName().toString()
                .endsWith(".snappy.parquet"), "Spark's codec and naming");
        assertTrue(Files.exists(dir.resolve("data").resolve(Schemas.GAMES).resolve("_SUCCESS")));
    }

    private static Path onlyFile(Path table) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(table)) {
            s.filter(p -> p.getFileName().toString().endsWith(".parquet")).forEach(files::add);
        }
        assertEquals(1, files.size(), files.toString());
        return files.get(0);
    }

    private static FileMetaData footer(Path file) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
            return r.getFooter().getFileMetaData();
        }
    }
}
