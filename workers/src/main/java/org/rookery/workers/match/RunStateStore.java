package org.rookery.workers.match;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps a run's {@link RunState} as games finish and saves it every {@code autosaveInterval} games
 * (fastchess {@code -autosaveinterval}; 0: only when the run ends) and when the run ends however it ends,
 * short of a kill -9.
 */
public final class RunStateStore {
    private final Path file;
    private final List<String> argv;
    private final int autosaveInterval;
    private final RunState loaded;
    private final List<RunState.Finished> games = new ArrayList<>();
    private long pgnBytes = -1, epdBytes = -1;
    private int sinceSave;

    /**
     * @param file where the state is saved
     * @param argv the options to save (with the seed)
     * @param loaded the state this run resumes, or null for a new run
     */
    public RunStateStore(Path file, List<String> argv, int autosaveInterval, RunState loaded) {
        this.file = file;
        this.argv = List.copyOf(argv);
        this.autosaveInterval = autosaveInterval;
        this.loaded = loaded;
        if (loaded != null) {
            games.addAll(loaded.games());
            pgnBytes = loaded.pgnBytes();
            epdBytes = loaded.epdBytes();
        }
    }

    /** The state this run resumes, or null. */
    public RunState loaded() { return loaded; }

    /** Where the state is saved. */
    public Path file() { return file; }

    /** Numbers of the games already played (in the loaded state). */
    public Set<Integer> done() {
        Set<Integer> s = new HashSet<>();
        if (loaded != null) for (RunState.Finished f : loaded.games()) s.add(f.number());
        return s;
    }

    /**
     * Saves the state before the first game: a new run records how long its PGN and EPD files were, so a run
     * killed before its first save still resumes (and cuts back what it wrote).
     */
    public synchronized void begin(long pgnLength, long epdLength) throws IOException {
        if (loaded == null) {
            pgnBytes = pgnLength;
            epdBytes = epdLength;
        }
        save();
    }

    /** Records a finished game, the file lengths that now include it, and saves when the interval is reached. */
    public synchronized void finished(GameRecord g, long pgnLength, long epdLength) throws IOException {
        games.add(RunState.Finished.of(g));
        pgnBytes = pgnLength;
        epdBytes = epdLength;
        if (autosaveInterval > 0 && ++sinceSave >= autosaveInterval) save();
    }

    /** Saves the state now. */
    public synchronized void save() throws IOException {
        new RunState(argv, games, pgnBytes, epdBytes).save(file);
        sinceSave = 0;
    }
}
