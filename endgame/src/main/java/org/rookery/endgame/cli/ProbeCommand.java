package org.rookery.endgame.cli;

import org.rookery.endgame.source.TableSources;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tb probe FEN|- [--tb DIR]}: one JSON object per position, lichess tablebase API fields. */
@Command(name = "probe", mixinStandardHelpOptions = true,
    description = "Print a position's table values and its moves, best first, as JSON. '-' reads one FEN per line from stdin.")
final class ProbeCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TbOptions tb;

    @Parameters(paramLabel = "FEN", description = "A FEN in quotes, or '-' for one FEN per stdin line.")
    String fen;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (TableSources base = TableSources.open(tb.dir())) {
            if (!fen.equals("-")) {
                out.println(PositionReport.json(base, fen));
                out.flush();
                return 0;
            }
            // bulk: a bad line gets an error object on its own line, so output stays line-aligned with input
            int status = 0;
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                if (line.isBlank()) continue;
                try {
                    out.println(PositionReport.json(base, line.trim()));
                } catch (IllegalArgumentException e) {
                    out.println(new Json().open().field("fen", line.trim()).field("error", e.getMessage()).close());
                    status = 2;
                }
                out.flush();
            }
            return status;
        }
    }
}
