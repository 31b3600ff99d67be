package org.rookery.workers.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.rookery.workers.match.RunState;

/**
 * fastchess's {@code -config file=NAME discard=true|false outname=NAME stats=true|false} and
 * {@code -autosaveinterval N}: where a run saves its state, and which saved state it resumes.
 *
 * @param argv the options to play with: the saved ones when resuming, else the command line, never with -config
 * @param loaded the saved state to resume, or null (none, discard=true or stats=false)
 * @param saveTo where the state is saved ({@code outname=}, else the loaded {@code file=}, else config.json)
 * @param autosaveInterval save every N finished games (0: only when the run ends)
 */
record ResumeArgs(List<String> argv, RunState loaded, Path saveTo, int autosaveInterval) {
    /** fastchess's default {@code -autosaveinterval}. */
    static final int DEFAULT_AUTOSAVE = 20;

    /** Reads {@code -config} and {@code -autosaveinterval} from the command line, loading the state they name. */
    static ResumeArgs of(List<String> args, Consumer<String> warnings) throws IOException {
        List<String> rest = new ArrayList<>();
        Map<String, String> config = null;
        int autosave = DEFAULT_AUTOSAVE;
        boolean autosaveGiven = false;
        List<String> configTokens = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-config") || a.equals("--config") || a.equals("-autosaveinterval")) {
                int j = i + 1;
                while (j < args.size() && !(args.get(j).startsWith("-") && args.get(j).length() > 1 && Character.isLetter(args.get(j).charAt(1)))) j++;
                List<String> values = args.subList(i + 1, j);
                if (a.equals("-autosaveinterval")) {
                    if (values.size() != 1) throw new IllegalArgumentException("-autosaveinterval takes exactly one value");
                    autosave = interval(values.get(0));
                    autosaveGiven = true;
                } else {
                    if (config != null) throw new IllegalArgumentException("-config given twice");
                    config = new java.util.LinkedHashMap<>();
                    for (String v : values) {
                        int eq = v.indexOf('=');
                        if (eq <= 0) throw new IllegalArgumentException("-config: expected key=value pairs (file= discard= outname= stats=), found \"" + v + "\"");
                        String k = v.substring(0, eq);
                        if (!Set.of("file", "discard", "outname", "stats").contains(k)) {
                            throw new IllegalArgumentException("-config: unknown key " + k + "= (known: discard file outname stats)");
                        }
                        config.put(k, v.substring(eq + 1));
                    }
                    configTokens.addAll(args.subList(i, j));
                }
                i = j - 1;
                continue;
            }
            rest.add(a);
        }
        if (config == null) return new ResumeArgs(rest, null, Path.of("config.json"), autosave);
        boolean discard = GauntletOptions.bool("config discard", config.getOrDefault("discard", "false"));
        boolean stats = GauntletOptions.bool("config stats", config.getOrDefault("stats", "true"));
        String file = config.get("file");
        Path saveTo = Path.of(config.getOrDefault("outname", file != null ? file : "config.json"));
        if (file == null || discard) return new ResumeArgs(rest, null, saveTo, autosave);
        Path p = Path.of(file);
        if (!Files.isRegularFile(p)) throw new IllegalArgumentException("-config: file=" + file + " does not exist");
        RunState state = RunState.load(p);
        if (!rest.isEmpty()) warnings.accept("-config file=" + file + ": the run continues with the saved options; " + String.join(" ", rest) + " is ignored");
        // The saved options keep the run's -autosaveinterval, as fastchess's config does; one given again wins.
        List<String> saved = new ArrayList<>(state.argv());
        int at = saved.indexOf("-autosaveinterval");
        if (at >= 0 && at + 1 < saved.size()) {
            int savedInterval = interval(saved.get(at + 1));
            saved.subList(at, at + 2).clear();
            if (!autosaveGiven) autosave = savedInterval;
        }
        return new ResumeArgs(List.copyOf(saved), stats ? state : null, saveTo, autosave);
    }

    private static int interval(String text) {
        int n;
        try {
            n = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0) throw new IllegalArgumentException("-autosaveinterval: expected a whole number ≥ 0, got \"" + text + "\"");
        return n;
    }

    /** The options to save in the run's state: {@link #toSave}'s, with the autosave interval when it is not the default. */
    List<String> toSaveWithInterval(long seed) {
        List<String> out = new ArrayList<>(toSave(argv, seed));
        if (autosaveInterval != DEFAULT_AUTOSAVE) {
            out.add("-autosaveinterval");
            out.add(String.valueOf(autosaveInterval));
        }
        return out;
    }

    /** The options to save: the ones played with, plus the seed when they do not fix it. */
    static List<String> toSave(List<String> argv, long seed) {
        if (argv.contains("-srand")) return argv;
        List<String> out = new ArrayList<>(argv);
        out.add("-srand");
        out.add(Long.toUnsignedString(seed));
        return out;
    }
}
