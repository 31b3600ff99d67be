package org.rookery.endgame.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.rookery.core.cli.Cli;

/** Base of the {@code tb} CLI tests: runs a command in-process and keeps what it printed. */
abstract class TbCliTest {
    /** What the last {@link #run} printed on stdout and stderr. */
    String out, err;

    int run(String... args) {
        PrintStream o = System.out, e = System.err;
        ByteArrayOutputStream bo = new ByteArrayOutputStream(), be = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bo, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(be, true, StandardCharsets.UTF_8));
        try {
            return Cli.run(new TbMain(), args);
        } finally {
            System.setOut(o);
            System.setErr(e);
            out = bo.toString(StandardCharsets.UTF_8);
            err = be.toString(StandardCharsets.UTF_8);
        }
    }
}
