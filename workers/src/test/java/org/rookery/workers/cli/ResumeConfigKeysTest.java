package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.match.RunState;

/**
 * fastchess's {@code -config} keys, as its manual (man.md, "Persistence & Recovery") gives them: {@code file=} resumes the saved run with its saved options,
 * {@code discard=true} ignores the file and plays the command line from the start, {@code stats=false} keeps the saved
 * options but none of the saved results (the whole schedule again), {@code outname=} saves elsewhere.
 */
class ResumeConfigKeysTest {
    @TempDir
    Path tmp;

    private static final List<String> SAVED = List.of("-engine", "name=A", "cmd=builtin", "-engine", "name=B", "cmd=builtin",
        "-each", "nodes=100", "-rounds", "3", "-srand", "5");
    private static final List<String> TYPED = List.of("-engine", "name=C", "cmd=builtin", "-engine", "name=D", "cmd=builtin",
        "-each", "nodes=50", "-rounds", "1");

    private Path saved() throws Exception {
        Path f = tmp.resolve("state.json");
        new RunState(SAVED, List.of(), 0, 0).save(f);
        return f;
    }

    private static List<String> argv(String... config) {
        List<String> a = new ArrayList<>(TYPED);
        a.add("-config");
        a.addAll(List.of(config));
        return a;
    }

    @Test
    void eachKeyDoesWhatFastchessSays() throws Exception {
        Path f = saved();
        List<String> warned = new ArrayList<>();
        ResumeArgs resume = ResumeArgs.of(argv("file=" + f), warned::add);
        assertEquals(SAVED, resume.argv(), "file=: the saved options");
        assertNotNull(resume.loaded(), "file=: the saved results are resumed");
        assertEquals(f, resume.saveTo());
        assertEquals(1, warned.size(), "the typed options are ignored, in one warning line: " + warned);

        ResumeArgs discard = ResumeArgs.of(argv("file=" + f, "discard=true"), w -> { });
        assertEquals(TYPED, discard.argv(), "discard=true: the command line, from the start");
        assertNull(discard.loaded());
        assertEquals(f, discard.saveTo(), "discard=true: \"lets you specify a filename to save the configuration to, while ignoring it\"");

        ResumeArgs noStats = ResumeArgs.of(argv("file=" + f, "stats=false"), w -> { });
        assertEquals(SAVED, noStats.argv(), "stats=false: the saved options");
        assertNull(noStats.loaded(), "stats=false: none of the saved results");

        Path other = tmp.resolve("other.json");
        assertEquals(other, ResumeArgs.of(argv("file=" + f, "outname=" + other), w -> { }).saveTo(), "outname=");
        assertEquals(Path.of("config.json"), ResumeArgs.of(TYPED, w -> { }).saveTo(), "no -config: config.json, as fastchess");
    }
}
