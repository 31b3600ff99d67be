package org.rookery.jobs.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.rookery.contract.schema.Games;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.ingest.IngestJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rookery analyze ingest}: PGN files into the games and rejected tables. */
@Command(name = "ingest", mixinStandardHelpOptions = true,
        description = {"Read .pgn, .pgn.gz, .pgn.bz2 and .pgn.zst files (or directories of them), replay every game",
            "and write DATA/games/ and DATA/rejected/ (Parquet, partitioned by collection). Re-ingesting a",
            "collection replaces it; other collections stay."})
final class IngestCommand extends SparkCommand {
    @Option(names = "--input", arity = "1..*", required = true, paramLabel = "PATH",
            description = "PGN files or directories (local paths, hdfs://, s3a://, ...).")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DATA", description = "Data root to write the tables under.")
    String out;

    @Option(names = "--collection", paramLabel = "NAME",
            description = "Collection name (default: the first input's base name).")
    String collection;

    @Option(names = "--collection-kind", paramLabel = "KIND",
            description = "masters (every game of the collection counts in the explorer's /masters) or other "
                    + "(default: ${DEFAULT-VALUE}; /masters still keeps games of two players rated 2200 or more).")
    String collectionKind = Games.KIND_OTHER;

    @Option(names = "--split-mb", paramLabel = "MB",
            description = "Cut plain .pgn files into pieces of about this size (default: chosen from the input size).")
    Integer splitMb;

    @Option(names = "--block-mb", paramLabel = "MB",
            description = "Cut decompressed text into blocks of about this size (default: ${DEFAULT-VALUE}).")
    int blockMb = 8;

    @Option(names = "--quiet", description = "No progress lines.")
    boolean quiet;

    @Override
    void validate() {
        if (splitMb != null && splitMb < 1) {
            throw new UsageError("--split-mb must be at least 1");
        }
        if (blockMb < 1 || blockMb > 128) {
            throw new UsageError("--block-mb must be between 1 and 128");
        }
        IngestJob.Options.checkKind(collectionKind);
        OutputDir.prepare("--out", out);
    }

    @Override
    int run(SparkSession spark) throws IOException {
        IngestJob.Options o = new IngestJob.Options(inputs, out, collection,
                splitMb == null ? 0 : splitMb * (1L << 20), blockMb << 20, collectionKind);
        IngestJob.Summary s = IngestJob.run(spark, o, quiet ? null : System.err);
        spec.commandLine().getOut().println(IngestJob.describe(s));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
