package org.rookery.core.openings;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;

/**
 * Lichess's opening list keyed by position, so a game is named by the deepest position it reached
 * that the list names, whatever the move order (lichess classifies the same way). The key is the
 * position's Polyglot key, which covers side to move, castling rights and a legal en-passant file:
 * the fields of lichess's EPD key. Immutable once built, so one instance serves every thread.
 */
public final class OpeningList {
    private static final String[] FILES = {"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"};
    private static final String HEADER = "eco\tname\tpgn";

    /** Open addressing: keys[i] with openings[i]; a slot is free when openings[i] is null. */
    private final long[] keys;
    private final Opening[] openings;
    private final int mask;
    private final List<Opening> all;

    private static final class Shipped {
        static final OpeningList LIST = load();
    }

    private OpeningList(List<Opening> all, List<Long> positionKeys) {
        int cap = Integer.highestOneBit(Math.max(16, all.size() * 4) - 1) << 1;
        keys = new long[cap];
        openings = new Opening[cap];
        mask = cap - 1;
        List<Opening> kept = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); i++) {
            if (put(positionKeys.get(i), all.get(i))) {
                kept.add(all.get(i));
            }
        }
        this.all = List.copyOf(kept);
    }

    /** The list shipped with Rookery (lichess chess-openings, CC0), read once. */
    public static OpeningList shipped() {
        return Shipped.LIST;
    }

    /** Every opening the list holds, in file order; a line whose position an earlier line named is left out. */
    public List<Opening> openings() {
        return all;
    }

    /** The opening named for exactly this position, or null. */
    public Opening at(long positionKey) {
        for (int i = slot(positionKey); openings[i] != null; i = (i + 1) & mask) {
            if (keys[i] == positionKey) {
                return openings[i];
            }
        }
        return null;
    }

    /**
     * The deepest position of the game {@code pos} has played so far (its history from ply 0 to
     * {@link Position#ply()}) that the list names, or null when none is.
     */
    public Classification classify(Position pos) {
        for (int k = pos.ply(); k >= 0; k--) {
            Opening o = at(pos.keyAt(k));
            if (o != null) {
                return new Classification(o, k);
            }
        }
        return null;
    }

    /** Plays an opening's line from the standard start; throws naming the line when a move is illegal. */
    public static Position play(String line) {
        Position pos = new Position();
        San san = new San();
        for (String token : line.trim().split("\\s+")) {
            if (token.isEmpty() || token.endsWith(".")) {
                continue;
            }
            pos.makeMove(san.parse(pos, token));
        }
        return pos;
    }

    private boolean put(long key, Opening o) {
        int i = slot(key);
        for (; openings[i] != null; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return false;
            }
        }
        keys[i] = key;
        openings[i] = o;
        return true;
    }

    private int slot(long key) {
        return (int) (key ^ (key >>> 32)) & mask;
    }

    private static OpeningList load() {
        List<Opening> all = new ArrayList<>(4096);
        List<Long> positionKeys = new ArrayList<>(4096);
        for (String file : FILES) {
            try (InputStream in = OpeningList.class.getResourceAsStream(file)) {
                if (in == null) {
                    throw new IllegalStateException("opening list resource " + file + " is missing");
                }
                read(file, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), all, positionKeys);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read opening list " + file, e);
            }
        }
        return new OpeningList(all, positionKeys);
    }

    private static void read(String file, BufferedReader r, List<Opening> all, List<Long> positionKeys)
            throws IOException {
        String header = r.readLine();
        if (!HEADER.equals(header)) {
            throw new IllegalStateException("opening list " + file + " does not start with '" + HEADER + "'");
        }
        int lineNo = 1;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            lineNo++;
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 3) {
                throw new IllegalStateException("opening list " + file + ":" + lineNo + " has " + f.length
                        + " fields, not 3");
            }
            Opening o = new Opening(f[0], f[1], f[2]);
            all.add(o);
            positionKeys.add(play(o.line()).key());
        }
    }
}
