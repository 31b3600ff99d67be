package org.rookery.endgame.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.endgame.generate.Verifier;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tb verify [MATERIAL...]}: checksums and successor consistency of every value, like rtbver. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = "Check tables: checksum, and every position's DTM and DTZ against its successors. Exit 1 on any error.")
final class VerifyCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableWork work;

    @Parameters(paramLabel = "MATERIAL", arity = "0..*", description = "Tables to check (default: all in the directory).")
    List<String> materials = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = work.dir();
        List<Material> todo = work.tables(materials);
        int failed = 0;
        Verifier v = new Verifier(dir, work.threads);
        for (Material m : todo) {
            Verifier.Report r = v.verify(m);
            out.printf("%-10s %s  %,d positions, checksum %s, %d mismatches, %.1f s%n", m, r.ok() ? "ok  " : "FAIL",
                r.positions, r.checksumOk ? "ok" : "BAD", r.mismatches, r.millis / 1000.0);
            for (String e : r.examples) out.println("    " + e);
            out.flush();
            if (!r.ok()) failed++;
        }
        out.println("verify: " + (todo.size() - failed) + " passed, " + failed + " failed");
        out.flush();
        return failed == 0 ? 0 : 1;
    }
}
