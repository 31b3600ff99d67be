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

    @Test
    void theSavedStateKeepsTheAutosaveInterval() throws Exception {
        List<String> typed = new ArrayList<>(SAVED);
        typed.addAll(List.of("-autosaveinterval", "3"));
        ResumeArgs first = ResumeArgs.of(typed, w -> { });
        assertEquals(3, first.autosaveInterval());
        assertEquals(SAVED, first.argv(), "the gauntlet's options never see -autosaveinterval");
        Path f = tmp.resolve("state3.json");
        new RunState(first.toSaveWithInterval(5), List.of(), 0, 0).save(f);
        // Resumed with -config file= alone: the run's own interval, not fastchess's default 20.
        ResumeArgs resumed = ResumeArgs.of(List.of("-config", "file=" + f), w -> { });
        assertEquals(3, resumed.autosaveInterval());
        assertEquals(SAVED, resumed.argv());
        assertEquals(List.of("-autosaveinterval", "3"), resumed.toSaveWithInterval(5).subList(SAVED.size(), SAVED.size() + 2),
            "saved again as it was");
        // Given again on resume, the new interval wins; the default is not written at all.
        assertEquals(1, ResumeArgs.of(List.of("-config", "file=" + f, "-autosaveinterval", "1"), w -> { }).autosaveInterval());
        assertEquals(SAVED, ResumeArgs.of(SAVED, w -> { }).toSaveWithInterval(5));
    }
}
