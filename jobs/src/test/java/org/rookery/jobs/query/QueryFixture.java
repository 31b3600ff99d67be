package org.rookery.jobs.query;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ingest.IngestJob;
import picocli.CommandLine;

/** One ingested data root for the query tests (synthetic games, plus a file with a bad game), and a way to run the commands. */
final class QueryFixture {
    /** Synthetic games, with clocks and evaluations on some. */
    static final String SYNTHETIC = "synth.pgn";
    /** Two good games around one with an illegal move. */
    static final String BAD = "bad.pgn";

    /** A game from a set-up position with Black to move, and a tag with no column. */
    static final String FEN = "fen.pgn";
    static final String FEN_GAME = "[Event \"setup\"]\n[Site \"fen\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n"
            + "[White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Annotator \"someone\"]\n[SetUp \"1\"]\n"
            + "[FEN \"4k2r/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 Rh2 42. e5 Ke6 43. Kd1 Kxe5 0-1\n\n";

    final SparkSession spark;
    final Path input;
    final Path data;

    private QueryFixture(SparkSession spark, Path input, Path data) {
        this.spark = spark;
        this.input = input;
        this.data = data;
    }

    /** Ingests the two files under {@code dir} through the real ingest job, in this JVM. */
    static QueryFixture ingest(Path dir) throws IOException {
        SparkSession spark = TestSpark.get();
        Path input = Files.createDirectories(dir.resolve("in"));
        Corpora.synthetic(input.resolve(SYNTHETIC), 23, 400);
        Corpora.write(input.resolve(BAD), Corpora.GOOD + Corpora.ILLEGAL + Corpora.GOOD);
        Corpora.write(input.resolve(FEN), FEN_GAME);
        Path data = dir.resolve("data");
        IngestJob.run(spark, new IngestJob.Options(List.of(input.toString()), data.toString(), "query", 1 << 20,
                256 << 10), null);
        return new QueryFixture(spark, input, data);
    }

    /** What a command printed on standard output and on standard error, and its exit status. */
    record Run(int status, String out, String err) {
    }

    /** Runs {@code ./rookery ARGS} in this JVM; a usage error is thrown to the caller. */
    static Run run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(QueryMain.class);
        cl.setOut(new PrintWriter(out, true));
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        RuntimeException[] failed = new RuntimeException[1];
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (!(ex instanceof RuntimeException r)) throw ex;
            failed[0] = r;
            return 2;
        });
        int status = cl.execute(args);
        if (failed[0] != null) throw failed[0];
        return new Run(status, out.toString(), err.toString());
    }
}
