package org.rookery.jobs.ingest;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the game numbers an ingestion pass used against the reader's own counts. Units are numbered
 * before they are read, from a quick scan for game boundaries ({@link Units#quickCount}); while
 * reading, every unit counts its games exactly. For well-formed PGN the two agree. Where broken
 * text made them differ, every later unit of that file was numbered wrongly, and
 * {@link #corrections} gives the offsets it should have had; the files holding those units' games
 * are then renumbered ({@link Renumbering}), without reading or replaying a game again.
 */
public final class Numbering {
    private Numbering() {
    }

    /**
     * One unit as a pass read it: its id and file, the number its first game was given minus one
     * ({@code gameOffset}), the games the reader counted in it (rejected ones included), and where
     * its good games are in the task's file: from row {@code firstRow}, {@code rows} of them, with
     * {@code sourceFile} in their ids.
     */
    public record UnitCount(long id, int fileIndex, long gameOffset, long games, String sourceFile, long firstRow,
            long rows) implements Serializable {
        /** A unit whose rows are not known (only its numbering is). */
        public UnitCount(long id, int fileIndex, long gameOffset, long games) {
            this(id, fileIndex, gameOffset, games, null, 0, 0);
        }

        /** The same unit numbered from {@code offset}. */
        UnitCount withOffset(long offset) {
            return new UnitCount(id, fileIndex, offset, games, sourceFile, firstRow, rows);
        }
    }

    /**
     * The exact game offset of every unit whose used offset was wrong (empty when none was), from
     * the exact counts of all units; a unit's offset is the sum of the counts of the units before
     * it in its file (ids order the units of a file).
     */
    public static Map<Long, Long> corrections(List<UnitCount> units) {
        List<UnitCount> sorted = new ArrayList<>(units);
        sorted.sort(Comparator.comparingInt(UnitCount::fileIndex).thenComparingLong(UnitCount::id));
        Map<Long, Long> fix = new HashMap<>();
        int file = Integer.MIN_VALUE;
        long offset = 0;
        for (UnitCount u : sorted) {
            if (u.fileIndex() != file) {
                file = u.fileIndex();
                offset = 0;
            }
            if (u.gameOffset() != offset) {
                fix.put(u.id(), offset);
            }
            offset += u.games();
        }
        return fix;
    }

    /** All unit counts of a pass's task reports. */
    public static List<UnitCount> units(List<GamesFiles.Written> written) {
        List<UnitCount> all = new ArrayList<>();
        for (GamesFiles.Written w : written) {
            all.addAll(w.units());
        }
        return all;
    }

    /** Sets the corrected offsets on units (those without a correction keep theirs). */
    public static WorkUnit apply(WorkUnit u, Map<Long, Long> fix) {
        Long offset = fix == null ? null : fix.get(u.getId());
        if (offset != null) {
            u.setGameOffset(offset);
        }
        return u;
    }

    /** Copies of units with the corrections applied. */
    static List<WorkUnit> apply(List<WorkUnit> units, Map<Long, Long> fix) {
        Map<Long, Long> f = new HashMap<>(fix);
        List<WorkUnit> out = new ArrayList<>();
        for (WorkUnit u : units) {
            WorkUnit c = u.derive(u.getId(), u.getStart(), u.getEnd());
            c.setGameOffset(u.getGameOffset());
            c.setLineOffset(u.getLineOffset());
            c.setGameCount(u.getGameCount());
            c.setLineCount(u.getLineCount());
            out.add(apply(c, f));
        }
        return out;
    }
}
